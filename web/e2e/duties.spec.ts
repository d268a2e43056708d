import { expect, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { settled } from './support/axe';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * What a bottle really costs a Norwegian restaurant: a wine's drawer shows its purchase price split into
 * the importer's net price, the alcohol excise (its group named), the packaging tax, the deposit, VAT and
 * the total — in English and in Norwegian, on a phone, and saying plainly that this year's rates are not
 * loaded (the app ships 2025's; the local stack's today is later).
 */

const PHONE = { width: 390, height: 844 };

let session: CellarSession;
let wineId: string | undefined;

test.beforeEach(async ({ request }) => {
  session = await cellarSession(request, DEMO.restaurant);
  // A wine of its own, so no other journey's figures change: 0.75 l at 13 % bought at NOK 200 with duties.
  const wine = await cellarCall<{ id: string }>(request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: `Avgiftsvin ${Date.now()}`,
    producerName: 'Kostnadsgården',
    vintage: 2022,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    quantity: 1,
    purchasePriceWovat: 20_000,
    alcohol: 13,
    container: 'glass',
  });
  wineId = wine.id;
});

test.afterEach(async ({ request }) => {
  if (!wineId) return;
  const response = await request.delete(
    `/api/wine-cellars/users/${session.userId}/own-wines?includeId=${wineId}`,
    { headers: { ...API_HEADERS, authorization: `Bearer ${session.token}` } },
  );
  expect(response.ok()).toBe(true);
});

test.use({ viewport: PHONE });

test('the restaurant reads a bottle’s duties, VAT and total in both languages at 390 px', async ({
  page,
  context,
}) => {
  test.setTimeout(25_000);
  await chooseLanguage(context, 'en');
  await signInByApi(page, DEMO.restaurant);

  await page.goto(`/wine-cellar/wines?wine=${wineId}`);
  const drawer = page.getByRole('dialog');
  const cost = drawer.getByRole('group', { name: 'Cost per bottle' });
  await expect(cost).toBeVisible();
  await expect(cost.getByText('Alcohol excise · Wine and other drinks 4.7–22 %')).toBeVisible();
  // 13 % × 0.75 l × the 2025 rate per volume-percent and litre.
  await expect(
    cost.locator('dt', { hasText: 'Alcohol excise' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/^NOK\s51\.58$/);
  await expect(cost.getByText('VAT (25%)')).toBeVisible();
  await expect(
    cost.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/^NOK\s250\.00$/);
  await expect(cost.getByText(/rates are not loaded — using the latest, from 2025\./)).toBeVisible();
  await expect(cost.getByText(/Rates from 1 Jan 2025/)).toBeVisible();
  await settled(page);
  await expectNoSidewaysScroll(page, 'the wine’s cost in English');

  // The language switch in the menu, then the same wine again.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Norsk' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await page.goto(`/wine-cellar/wines?wine=${wineId}`);
  const kostnad = page.getByRole('dialog').getByRole('group', { name: 'Kostnad per flaske' });
  await expect(kostnad).toBeVisible();
  await expect(kostnad.getByText('Alkoholavgift · Vin og annen drikk 4,7–22 %')).toBeVisible();
  await expect(kostnad.getByText('Emballasjeavgift')).toBeVisible();
  await expect(kostnad.getByText(/^Mva\. \(25\s?%\)$/)).toBeVisible();
  await expect(
    kostnad.locator('dt', { hasText: /^Totalt$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/^250,00\skr$/);
  await expect(kostnad.getByText(/er ikke lastet inn — bruker de siste, fra 2025\./)).toBeVisible();
  await settled(page);
  await expectNoSidewaysScroll(page, 'the wine’s cost in Norwegian');
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
});
