import { expect, type Page, test } from '@playwright/test';
import { API_HEADERS, DEMO } from './support/accounts';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * What a wine lover does on a wine: rate it with one tap, keep it to try later and find it on their
 * profile, write a note with half points and find it again in My tastings, and share the wine.
 */

interface Row {
  id: string;
  name: string;
  producer?: string;
}

async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/log-in', { headers: API_HEADERS, data: account });
  expect(response.status()).toBe(200);
  const { payload } = (await response.json()) as {
    payload: { access_token: string; user: { id: string; fullName: string } };
  };
  await page
    .context()
    .addCookies([{ name: 'KORK_TOKEN', value: payload.access_token, url: 'http://localhost' }]);
  return payload.user;
}

/** Catalogue wines with a Vinmonopolet number (the retailer has a picture of them). */
async function winesWithNumbers(
  page: Page,
  query: string,
): Promise<(Row & { vinmonopoletNumber: string })[]> {
  const response = await page.request.get(`/api/wines?${query}`, { headers: API_HEADERS });
  const rows = ((await response.json()) as { payload: { rows: Row[] } }).payload.rows;
  const found: (Row & { vinmonopoletNumber: string })[] = [];
  for (const row of rows) {
    const detail = await page.request.get(`/api/wines/${row.id}`, { headers: API_HEADERS });
    const wine = ((await detail.json()) as { payload: Row & { vinmonopoletNumber?: string } }).payload;
    if (wine.vinmonopoletNumber) found.push({ ...row, vinmonopoletNumber: wine.vinmonopoletNumber });
  }
  return found;
}

test('a wine lover rates with one tap, keeps a wine to try, writes 99.5 and finds it, and shares on a desktop', async ({
  page,
  context,
}) => {
  // A whole path through four pages, with an image host that never answers here.
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await chooseLanguage(context, 'en');
  const me = await signIn(page, DEMO.private);
  const [first, second] = await winesWithNumbers(
    page,
    'isRatedByExpert=false&isAvailable=false&search=riesling&sortColumn=name&resultsPerPage=6',
  );
  expect(first && second, 'two Vinmonopolet wines').toBeTruthy();
  if (!first || !second) return;

  // The retailer's picture is asked for through the image service; it cannot load here (no outside
  // network), and the bottle drawn for the wine's style takes its place.
  const retailer = page.waitForRequest((request) =>
    request
      .url()
      .includes(
        `/img?url=${encodeURIComponent(`https://bilder.vinmonopolet.no/cache/515x515-0/${first.vinmonopoletNumber}-1.jpg`)}`,
      ),
  );
  await page.goto(`/wines/${first.id}`);
  await retailer;
  const bottle = page.getByRole('img', { name: /^Bottle of / }).first();
  await expect(bottle).toHaveAttribute('data-fallback', 'true', { timeout: 15_000 });
  await expect(bottle).toHaveAttribute('src', /^\/img\?w=\d+&style=\w+$/);
  await expect.poll(() => bottle.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // One tap rates; another changes the same note.
  await page.getByRole('button', { name: 'Rate 90 points, Excellent' }).click();
  await expect(page.getByText('Rated 90 points')).toBeVisible();
  await expect(page.getByTestId('quick-rating-status')).toHaveText('Your rating: 90 · Excellent');
  const yours = page.getByRole('region', { name: 'Your notes' });
  await expect(yours.getByRole('article')).toHaveCount(1);
  await page.getByRole('button', { name: 'Rate 94 points, Outstanding' }).click();
  await expect(page.getByTestId('quick-rating-status')).toHaveText('Your rating: 94 · Outstanding');
  await expect(yours.getByRole('article')).toHaveCount(1);
  await expect(yours.getByRole('article')).toContainText('94');
  // The published rating is the person's own: shown once, not again among the community's notes.
  await expect(
    page
      .getByRole('region', { name: 'Community notes' })
      .getByRole('article', { name: `Tasting note by ${me.fullName}` }),
  ).toHaveCount(0);

  // Want to try, and the list on the profile.
  await page.getByRole('button', { name: 'Want to try' }).click();
  await expect(page.getByRole('button', { name: 'On your Want to try list' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto(`/users/${me.id}`);
  const list = page.getByRole('region', { name: 'Want to try' });
  await expect(list.getByRole('link', { name: new RegExp(first.name) })).toBeVisible();

  // A note with half points on the second wine.
  const words = `Petrol and lime ${Date.now()}`;
  await page.goto(`/wines/${second.id}`);
  await page.getByRole('button', { name: 'Write a tasting note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a tasting note' });
  await expect(dialog.getByText('Choose the points with the slider or type them')).toBeVisible();
  await expect(dialog.getByText(/75 · Acceptable/)).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Points' }).fill('99.5');
  await expect(dialog.getByText('99.5 · Extraordinary')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Tasting note' }).fill(words);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your notes' }).getByText(words)).toBeVisible();

  // My tastings finds it by a word.
  await page.goto('/my-tastings');
  await expect(page.getByText('Newest tasting first')).toBeVisible();
  // Today's notes come first: the one written last on top.
  await expect(page.getByRole('article').first()).toContainText(words);
  await page.getByRole('searchbox', { name: 'Search your notes' }).fill('petrol');
  await expect(page).toHaveURL(/q=petrol/);
  await expect(page.getByText('1 note found')).toBeVisible();
  const found = page.getByRole('article');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(words);
  await expect(found).toContainText('99.5');

  // Sharing on a desktop: a menu, and one toast for a copied link.
  await page.goto(`/wines/${second.id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  for (const name of ['E-mail', 'Facebook', 'X (Twitter)', 'WhatsApp', 'Copy link']) {
    await expect(page.getByRole('menuitem', { name })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(`/wines/${second.id}`)}`),
  );
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/wines/${second.id}$`),
  );
});

test.describe('on a 390 px phone, in Norwegian', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'nb-NO' });

  test('rating, Want to try and My tastings fit the screen', async ({ page, context }) => {
    await chooseLanguage(context, 'nb');
    const me = await signIn(page, DEMO.expert);
    const [wine] = await winesWithNumbers(
      page,
      'isAvailable=false&search=chardonnay&sortColumn=name&resultsPerPage=3',
    );
    expect(wine).toBeTruthy();
    if (!wine) return;

    await page.goto(`/wines/${wine.id}`);
    await page.getByRole('button', { name: 'Gi 88 poeng, Svært god' }).click();
    await expect(page.getByTestId('quick-rating-status')).toHaveText('Din vurdering: 88 · Svært god');
    await page.getByRole('button', { name: 'Vil smake' }).click();
    await expect(page.getByRole('button', { name: 'På listen Vil smake' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the wine page');

    await page.goto(`/users/${me.id}`);
    await expect(
      page.getByRole('region', { name: 'Vil smake' }).getByRole('link', { name: new RegExp(wine.name) }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, 'the profile');

    // The rating is a note among those from 86 to 89.5 points, found by the wine's name.
    await page.goto(`/my-tastings?points=86&q=${encodeURIComponent(wine.name)}`);
    await expect(page.getByText(/notat(er)? funnet/)).toBeVisible();
    const rated = page.getByRole('article').filter({ hasText: wine.name });
    await expect(rated).toHaveCount(1);
    await expect(rated).toContainText('88');
    await expectNoSidewaysScroll(page, 'My tastings');
  });
});
