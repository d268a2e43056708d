import { expect, type Page, test } from '@playwright/test';
import { API_HEADERS } from './support/accounts';
import { expectNoSidewaysScroll } from './support/page-width';

/**
 * Wine names typed the way people say them, over the real catalogue the local stack seeds: the long
 * forms of "Ch." and "Dom.", a year read as the vintage, countries in English and Norwegian, and the
 * wines the expert-rated default hides offered in one tap. What the page shows is checked against the
 * API's own answer for the same search.
 */

async function countOf(page: Page, query: string): Promise<{ count: number; hidden: number }> {
  const response = await page.request.get(`/api/wines?${query}`, { headers: API_HEADERS });
  expect(response.status()).toBe(200);
  const { payload } = (await response.json()) as { payload: { count: number; withoutExpertRating?: number } };
  return { count: payload.count, hidden: payload.withoutExpertRating ?? 0 };
}

const cards = (page: Page) => page.getByRole('article');
const listbox = (page: Page) => page.getByRole('listbox');
/** A group of the navbar's results by its heading. */
const group = (page: Page, label: string) =>
  page.locator('.mantine-Combobox-group').filter({ has: page.getByText(label, { exact: true }) });

test('a wine lover types wine names on the feed and in the navbar (1280 px, English)', async ({ page }) => {
  await page.goto('/feed');
  // The first answer of a fresh server builds the catalogue index.
  await expect(page.getByTestId('wine-count')).toBeVisible({ timeout: 20_000 });
  const search = page.getByRole('searchbox', { name: 'Search wines' });

  // "glana": the Glana wines have no expert rating, so the default list hides them — and says so.
  const rated = await countOf(page, 'search=glana');
  const all = await countOf(page, 'isRatedByExpert=false&search=glana');
  expect(all.count).toBeGreaterThanOrEqual(3);
  expect(rated.hidden).toBe(all.count - rated.count);
  await search.fill('glana');
  await expect(page).toHaveURL(/search=glana/);
  if (rated.count === 0) {
    await expect(page.getByText('No wines with an expert rating match “glana”')).toBeVisible();
  }
  const more = page.getByRole('button', {
    name: new RegExp(`^${rated.hidden} more wines? without (an )?expert ratings?$`),
  });
  await more.click();
  await expect(page).toHaveURL(/isRatedByExpert=false/);
  await expect(page.getByTestId('wine-count')).toHaveText(`${all.count} wines`);
  // The exact word first: the Glana wines lead the list, near misses ("Alana") follow.
  for (const place of [0, 1, 2]) await expect(cards(page).nth(place)).toContainText('Glana');

  // "chateau margaux" finds what the catalogue writes "Ch. Margaux".
  await search.fill('chateau margaux');
  await expect(page).toHaveURL(/search=chateau\+margaux/);
  const margaux = await countOf(page, 'isRatedByExpert=false&search=ch%20margaux');
  expect(margaux.count).toBeGreaterThan(0);
  await expect(page.getByTestId('wine-count')).toHaveText(`${margaux.count} wines`);
  // Named so first, above the other châteaux of Margaux.
  await expect(cards(page).first()).toContainText('Ch. Margaux');

  // "margaux 2007": the 2007 vintage of Margaux wines, Ch. Palmer's among them.
  await search.fill('margaux 2007');
  const vintage = await countOf(page, 'isRatedByExpert=false&search=margaux&vintages=2007');
  expect(vintage.count).toBeGreaterThan(0);
  await expect(page.getByTestId('wine-count')).toHaveText(new RegExp(`^${vintage.count} wines?$`));
  await expect(
    cards(page)
      .filter({ hasText: /Palmer/ })
      .first(),
  ).toBeVisible();

  // "sancerre 2012": the 2012 Sancerres, not a wine with "2012" written in its name.
  await search.fill('sancerre 2012');
  const sancerre = await countOf(page, 'isRatedByExpert=false&search=sancerre&vintages=2012');
  await expect(page.getByTestId('wine-count')).toHaveText(new RegExp(`^${sancerre.count} wines?$`));

  // "Clear all" brings every default back: no text, and expert-rated wines only again.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(search).toHaveValue('');

  // The navbar: "italy" finds the country the catalogue calls Italia, named in English.
  const navbar = page.getByLabel('Search Kork', { exact: true });
  await navbar.fill('italy');
  await expect(group(page, 'Countries').getByRole('option', { name: /^Italy/ })).toBeVisible();
  // "fjord" names spirits and fruit brandies by their raw materials: none of them is a grape.
  await navbar.fill('fjord');
  await expect(listbox(page).getByRole('option').first()).toBeVisible();
  await expect(group(page, 'Grapes')).toHaveCount(0);
  // "chateau palmer" opens the wine.
  await navbar.fill('chateau palmer');
  const palmer = group(page, 'Wines')
    .getByRole('option', { name: /Palmer/ })
    .first();
  await expect(palmer).toBeVisible();
  await palmer.click();
  await expect(page).toHaveURL(/\/wines\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Palmer');
});

test('on a phone in Norwegian: "domaine vacheron" in the feed and "italy" in the search dialog (390 px)', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'nb-NO', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/feed');
  await expect(page.getByTestId('wine-count')).toBeVisible({ timeout: 20_000 });

  const rated = await countOf(page, 'search=domaine%20vacheron');
  const all = await countOf(page, 'isRatedByExpert=false&search=dom%20vacheron');
  expect(all.count).toBeGreaterThan(0);
  await page.getByRole('searchbox', { name: 'Søk etter viner' }).fill('domaine vacheron');
  await expect(page).toHaveURL(/search=domaine\+vacheron/);
  // Some Vacheron wines have no expert rating: the list says how many more there are, one tap away.
  expect(rated.hidden).toBeGreaterThan(0);
  await expect(page.getByTestId('wine-count')).toHaveText(new RegExp(`^${rated.count} vin(er)?$`));
  await expectNoSidewaysScroll(page, 'the feed with hidden matches');
  await page
    .getByRole('button', { name: new RegExp(`^${rated.hidden} vin(er)? til uten ekspertvurdering$`) })
    .click();
  await expect(page).toHaveURL(/isRatedByExpert=false/);
  await expect(page.getByTestId('wine-count')).toHaveText(new RegExp(`^${all.count} vin(er)?$`));
  // The feed's first page (12 wines; more follow on scrolling), every card one of the matches.
  await expect
    .poll(() =>
      cards(page)
        .filter({ hasText: /Vacheron/ })
        .count(),
    )
    .toBeGreaterThanOrEqual(Math.min(all.count, 12));
  await expect(cards(page).filter({ hasNotText: /Vacheron/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the feed searched for "domaine vacheron"');

  // The navbar's search opens as a dialog on a phone.
  await page.getByRole('button', { name: 'Søk', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Søk i Kork', { exact: true }).fill('italy');
  await expect(group(page, 'Land').getByRole('option', { name: /^Italia/ })).toBeVisible();
  await dialog.getByLabel('Søk i Kork', { exact: true }).fill('fjord');
  await expect(listbox(page).getByRole('option').first()).toBeVisible();
  await expect(group(page, 'Druer')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the search dialog');
  await context.close();
});
