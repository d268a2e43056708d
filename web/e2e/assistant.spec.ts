import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { expectAxeClean } from './support/axe';
import { cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';

/**
 * The cellar assistant (beta) on the cellar home, on the local engine: the demo restaurant asks about its
 * stock and puts two suggested wines in the supplier cart with one confirming tap; a collector asks in
 * Norwegian. On 390 and 360 px phones, with axe on the chat.
 */

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Keeps a copy of every line the assistant's answers stream, as the page reads them: the page's own
 * `fetch` is wrapped and the body teed, so the chat still reads the stream as it comes.
 */
async function recordStreams(page: Page): Promise<void> {
  await page.evaluate(() => {
    const lines: unknown[] = [];
    const win = window as unknown as { streamedLines: unknown[] };
    win.streamedLines = lines;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!/\/api\/assistant\/conversations\/[^/]+\/messages/.test(url) || !response.body) return response;
      const [forPage, forTest] = response.body.tee();
      void (async () => {
        const reader = forTest.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          const parts = buffer.split('\n');
          buffer = parts.pop() ?? '';
          for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
        }
      })();
      return new Response(forPage, { status: response.status, headers: response.headers });
    };
  });
}

async function streamedLines(page: Page): Promise<{ type: string; name?: string }[]> {
  return page.evaluate(
    () => (window as unknown as { streamedLines: { type: string; name?: string }[] }).streamedLines,
  );
}

/** Asks through the question box (Enter sends) and waits for the whole answer. */
async function ask(chat: Locator, question: string): Promise<Locator> {
  const answers = chat.getByTestId('assistant-answer');
  const before = await answers.count();
  const box = chat.getByRole('textbox');
  await box.fill(question);
  await box.press('Enter');
  await expect(answers).toHaveCount(before + 1, { timeout: 15_000 });
  const answer = answers.last();
  await expect(answer).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
  return answer;
}

/** The navbar's count of bottles in the cart (0 when it shows none); the navbar shows the cart from 960 px. */
async function cartCount(page: Page): Promise<number> {
  const link = page.getByRole('link', { name: /^Cart, \d+ items?$/ });
  if ((await link.count()) === 0) return 0;
  const name = (await link.first().getAttribute('aria-label')) ?? (await link.first().innerText());
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

test('the demo restaurant asks about its stock and puts two suggested wines in the cart', async ({
  page,
}) => {
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/home');
  const chat = page.getByRole('region', { name: 'Cellar assistant', exact: true });
  await expect(chat.getByText('Beta', { exact: true })).toBeVisible();
  // A restaurant is offered the trade's questions, not the collector's.
  await expect(chat.getByRole('button', { name: 'Which wines earn least?' })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'What should I drink now?' })).toHaveCount(0);

  // — "What is low on stock?": streamed, with a wine link to its cellar row and a number —
  await recordStreams(page);
  await chat.getByRole('button', { name: 'What is low on stock?' }).click();
  await expect(chat.getByTestId('assistant-question')).toContainText('What is low on stock?');
  // The answer comes as a stream of events (NDJSON): the tool it ran, then its text piece by piece.
  await expect
    .poll(() => streamedLines(page), { timeout: 15_000 })
    .toContainEqual(expect.objectContaining({ type: 'done' }));
  const events = await streamedLines(page);
  expect(events).toContainEqual({ type: 'tool', name: 'low_stock' });
  expect(events.filter((event) => event.type === 'text').length).toBeGreaterThan(1);
  const stock = chat.getByTestId('assistant-answer').last();
  await expect(stock.getByRole('link').first()).toBeVisible({ timeout: 15_000 });
  await expect(stock).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
  await expect(stock).toContainText(/\d/);
  await expect(stock.getByText('Answer cut off')).toHaveCount(0);
  const wineLink = stock.getByRole('link').first();
  await expect(wineLink).toHaveAttribute('href', /^\/wine-cellar\/wines\?wine=[\w-]+$/);

  await expectNoSidewaysScroll(page, 'the cellar home with an answer, 390 px');
  await expectAxeClean(page, 'the cellar assistant with an answer');

  // — "What should I reorder…?": suppliers' offers; then the first two go in the cart with one tap —
  const reorder = await ask(chat, 'What should I reorder from Vinmonopolet suppliers?');
  await expect(reorder.getByTestId('assistant-proposal')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  const bottlesBefore = await cartCount(page);
  await page.setViewportSize({ width: 390, height: 844 });

  const put = await ask(chat, 'Put the first two in the cart');
  const card = put.getByTestId('assistant-proposal');
  await expect(card).toBeVisible();
  const lines = card.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  // Each line says the supplier, the bottles, the unit price and the line's total.
  for (const line of await lines.all()) {
    await expect(line).toContainText(/^.+From .+\d+ bottles? × .+\d.* = .+\d/);
  }
  const bottles = (await lines.allInnerTexts())
    .map((text) => Number(/(\d+) bottles? ×/.exec(text)?.[1] ?? Number.NaN))
    .reduce((sum, n) => sum + n, 0);
  expect(bottles).toBeGreaterThan(0);

  await chat.screenshot({ path: test.info().outputPath('assistant-cart-proposal-390.png') });
  await expectNoSidewaysScroll(page, 'the cellar home with a cart proposal, 390 px');
  await expectAxeClean(page, 'the cellar assistant with a cart proposal');

  await card.getByRole('button', { name: 'Confirm' }).dblclick();
  await expect(card.getByRole('status')).toHaveText('Added to cart');
  await expect(card.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  // The navbar's count rises by the proposal's bottles, once (a double tap adds nothing twice).
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBe(bottlesBefore + bottles);

  // The wine link opens that wine in the cellar's list.
  await wineLink.click();
  await expect(page).toHaveURL(/\/wine-cellar\/wines/);
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 10_000 });
});

test('a collector asks in Norwegian what to drink now and is answered in Norwegian', async ({ page }) => {
  // The smallest phone, in the longer language.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.context().addCookies([{ name: 'KORK_LANGUAGE', value: 'nb', url: 'http://localhost' }]);
  await signInByApi(page, DEMO.private);
  await page.goto('/wine-cellar/home');
  const chat = page.getByRole('region', { name: 'Kjellerassistent', exact: true });
  await expect(chat.getByText('Beta', { exact: true })).toBeVisible();
  // A collector is offered drinking and pairing questions, not the trade's.
  await expect(chat.getByRole('button', { name: 'Hva passer til lam fra kjelleren min?' })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Hvilke viner tjener jeg minst på?' })).toHaveCount(0);

  const answer = await ask(chat, 'Hva bør jeg drikke nå?');
  await expect(answer.getByText('Svaret ble avbrutt')).toHaveCount(0);
  const text = await answer.innerText();
  expect(text).toMatch(/\b(flaske|flasker|drikkevindu|drikk|vinen|vinene|kjelleren|nå)\b/i);
  expect(text).not.toMatch(/\b(bottles?|drinking window|your cellar)\b/i);
  await expect(chat.getByRole('alert')).toHaveCount(0);

  await chat.screenshot({ path: test.info().outputPath('assistant-nb-360.png') });
  await expectNoSidewaysScroll(page, 'the cellar home in Norwegian with an answer, 360 px');
  await expectAxeClean(page, 'the cellar assistant in Norwegian');
});

test('the restaurant asks for a new selling price: a billion is refused, a real one is confirmed once', async ({
  page,
}) => {
  const session = await cellarSession(page.request);
  const { rows } = await cellarCall<{ rows: CellarWineRow[] }>(
    page.request,
    session,
    'get',
    '/own-wines?source=KORK&inStock=true&resultsPerPage=100',
  );
  // A wine its name and vintage name alone ("Conte Ricci Nobiltà Ripasso 2012"), with a price to change.
  const wine = rows.find(
    (row) =>
      row.quantity > 0 &&
      row.sellingPrice &&
      /^[\p{L}' ]+ (19|20)\d\d$/u.test(row.wineDisplayName) &&
      rows.filter((other) => other.wineDisplayName.startsWith(row.wineDisplayName.slice(0, -5))).length === 1,
  ) as CellarWineRow;
  expect(wine, 'a restaurant wine named by words and a vintage').toBeTruthy();
  const wanted = wine.sellingPrice === 45_500 ? 46_500 : 45_500;

  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/home');
  const chat = page.getByRole('region', { name: 'Cellar assistant', exact: true });

  // What was typed is what is proposed: "1e9" is a billion kroner, refused by the price's rule.
  const huge = await ask(chat, `Set the price of ${wine.wineDisplayName} to 1e9`);
  await expect(huge).toContainText("I can't propose that:");
  await expect(huge).toContainText('Nothing has changed.');
  await expect(huge.getByTestId('assistant-proposal')).toHaveCount(0);

  const answer = await ask(chat, `Set the price of ${wine.wineDisplayName} to ${wanted / 100} kr`);
  const card = answer.getByTestId('assistant-proposal');
  await expect(card).toContainText(wine.wineDisplayName);
  await expect(card).toContainText(`${wanted / 100}`);
  try {
    await card.getByRole('button', { name: 'Confirm' }).dblclick();
    await expect(card.getByRole('status')).toHaveText('Price updated');
    const after = await cellarCall<CellarWineRow>(page.request, session, 'get', `/own-wines/${wine.id}`);
    expect(after.sellingPrice).toBe(wanted);
  } finally {
    // Later journeys read this wine's price as the seed left it.
    await cellarCall(page.request, session, 'patch', `/own-wines/${wine.id}`, {
      sellingPrice: wine.sellingPrice,
    });
  }
});

interface CellarWineRow {
  id: string;
  wineDisplayName: string;
  quantity: number;
  sellingPrice?: number | null;
}
