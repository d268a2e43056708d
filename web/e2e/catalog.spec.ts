import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { wineDisplayName } from '@kork/shared/wine-names';
import { expect, type Page, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';

/** Journeys over the real catalogue the local stack seeds from Vinmonopolet's product list. */

interface Row {
  id: string;
  name: string;
  producer?: string;
  price?: number;
}

async function findWines(page: Page, query: string, token?: string): Promise<Row[]> {
  const response = await page.request.get(`/api/wines?${query}`, {
    headers: { ...API_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-currency': 'NOK' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { payload: { rows: Row[] } }).payload.rows;
}

function wineCards(page: Page) {
  return page.getByRole('article');
}

test('a visitor searches, filters by country and sorts by price, and sees no prices', async ({ page }) => {
  await page.goto('/feed');
  const count = page.getByTestId('wine-count');
  await expect(count).toBeVisible();
  await expect(wineCards(page).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search wines' }).fill('barolo');
  await expect(page).toHaveURL(/search=barolo/);
  await expect(wineCards(page).first()).toContainText(/barolo/i);

  const filters = page.getByRole('button', { name: /^Filters/ });
  if (await filters.isVisible()) await filters.click();
  const country = page.getByRole('group', { name: 'Country' });
  await country.getByRole('checkbox', { name: /Italy/ }).click();
  await expect(page).toHaveURL(/origins=italy/);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sortColumn=price/);
  await expect(page).toHaveURL(/sortDirection=asc/);
  await expect(wineCards(page).first()).toBeVisible();

  // The API's order for the same query: the page shows it, without a price anywhere.
  const expected = await findWines(page, 'search=barolo&origins=italy&sortColumn=price&sortDirection=asc');
  await expect(wineCards(page).first().getByRole('heading')).toHaveText(
    wineDisplayName({ wineName: expected[0]?.name ?? '', producerName: expected[0]?.producer }),
  );
  await expect(page.getByTestId('wine-price')).toHaveCount(0);
  await expect(wineCards(page).first().getByRole('link', { name: 'Register to see prices' })).toBeVisible();
});

test('a signed-in user sees prices, writes a published note and finds it under My tastings', async ({
  page,
}) => {
  await signInByApi(page, DEMO.private);
  await page.goto('/feed');
  await expect(wineCards(page).first()).toBeVisible();
  await expect(wineCards(page).first().getByTestId('wine-price')).toContainText(/\d/);

  const heading = wineCards(page).nth(2).getByRole('heading');
  const name = (await heading.textContent())?.trim() ?? '';
  await wineCards(page).nth(2).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('wine-price')).toContainText(/\d/);

  const text = `Bright and juicy, tasted on ${Date.now()}`;
  await page.getByRole('button', { name: 'Write a tasting note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a tasting note' });
  await dialog.getByRole('textbox', { name: 'Points' }).fill('91');
  await dialog.getByRole('textbox', { name: 'Tasting note' }).fill(text);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  // The author sees their published note once, under their own notes.
  await expect(page.getByRole('region', { name: 'Your notes' }).getByText(text)).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(1);

  await page.goto('/my-tastings');
  const mine = page.getByRole('article').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('link', { name })).toBeVisible();
});

test("an expert's note shows in the expert section, apart from the community's", async ({
  page,
  browser,
}) => {
  await signInByApi(page, DEMO.expert);
  const [wine] = await findWines(page, 'isRatedByExpert=false&search=riesling&sortColumn=name');
  expect(wine).toBeDefined();
  await page.goto(`/wines/${wine?.id}`);
  const text = `Lime, slate and a long finish (${Date.now()})`;
  await page.getByRole('button', { name: 'Write a tasting note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a tasting note' });
  await dialog.getByRole('textbox', { name: 'Points' }).fill('94');
  await dialog.getByRole('textbox', { name: 'Tasting note' }).fill(text);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();

  // A visitor sees it among the expert notes, not the community's.
  const visitor = await browser.newPage();
  await visitor.goto(`/wines/${wine?.id}`);
  await expect(visitor.getByRole('region', { name: 'Expert notes' }).getByText(text)).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Community notes' }).getByText(text)).toHaveCount(0);
  await visitor.close();
});

test('the embed shows the price only when a registered account chose it, on any site that frames it', async ({
  page,
  browser,
}) => {
  const [wine] = await findWines(page, '');
  // Asking for the price in the address is not enough.
  await page.goto(`/embed/wines/${wine?.id}?showPrice=true&showRating=true`);
  await expect(page.getByRole('heading', { name: wine?.name })).toBeVisible();
  await expect(page.getByTestId('wine-price')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  // A signed-in person copies the embed code with the price from the wine page.
  await signInByApi(page, DEMO.private);
  await page.goto(`/wines/${wine?.id}`);
  await page.getByRole('button', { name: 'Embed' }).click();
  const code = page.getByRole('dialog', { name: 'Embed this wine' }).getByLabel('Embed code');
  await expect(code).toHaveValue(/priceKey=/);
  const src = (await code.inputValue()).match(/src="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? '';

  // Another site (another origin on this machine) shows it to its visitors; the rest of the app refuses
  // to be framed.
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<iframe src="${src}" title="card"></iframe><iframe src="${new URL('/feed', src)}" title="feed"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const shop = await browser.newPage();
  const messages: string[] = [];
  shop.on('console', (message) => messages.push(message.text()));
  try {
    await shop.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const card = shop.frameLocator('iframe[title="card"]');
    await expect(card.getByRole('heading', { name: wine?.name })).toBeVisible();
    await expect(card.getByTestId('wine-price')).toContainText(/\d/);
    await expect
      .poll(() => messages.find((text) => text.includes(`Framing '${new URL('/', src).href}'`)))
      .toContain("frame-ancestors 'none'");
  } finally {
    await shop.close();
    site.close();
  }
});

test('an admin merges two wines of one name, a white and a red, only after typing MERGE', async ({
  page,
}) => {
  await signInByApi(page, { email: 'admin@kork.local', password: 'Admin1234' });
  // Vinmonopolet lists two wines of this name, under two product numbers: a white and a red.
  const name = 'Melaric Clos de la Cerisaie';
  const before = await findWines(
    page,
    `isRatedByExpert=false&isAvailable=false&search=${encodeURIComponent(name)}`,
  );
  const duplicates = before.filter((w) => w.name === name);
  expect(duplicates).toHaveLength(2);

  await page.goto('/admin/merge-wines');
  await page.getByRole('searchbox', { name: 'Search wines' }).fill(name);
  const results = page.getByRole('checkbox', { name: new RegExp(name) });
  await expect(results).toHaveCount(2);
  await results.nth(0).check();
  await results.nth(1).check();
  await page
    .getByRole('radio', { name: new RegExp(name) })
    .first()
    .check();
  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge these wines?' });
  await expect(dialog.getByText('These wines are not the same wine')).toBeVisible();
  await expect(dialog.getByText(/differs from the wine you keep in style or colour/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Confirm merge' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Confirmation').fill('MERGE');
  await confirm.click();
  await expect(page.getByText('1 external id moved')).toBeVisible();
  // The history names the wines, not their ids.
  const history = page.getByRole('table').filter({ hasText: 'Merged wines' });
  await expect(history.getByRole('link', { name: `${name} 2010` }).first()).toBeVisible();

  const after = await findWines(
    page,
    `isRatedByExpert=false&isAvailable=false&search=${encodeURIComponent(name)}`,
  );
  expect(after.filter((w) => w.name === name)).toHaveLength(1);
});

test('the feed with its wines and filters, and a wine with its notes, pass an accessibility scan', async ({
  page,
}) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  await page.goto('/feed');
  await expect(wineCards(page).first()).toBeVisible();
  expect(await serious()).toEqual([]);
  const [wine] = await findWines(page, '');
  await page.goto(`/wines/${wine?.id}`);
  await expect(page.getByRole('region', { name: 'Expert notes' }).getByRole('article').first()).toBeVisible();
  expect(await serious()).toEqual([]);
});
