import { expect, type Page, test } from '@playwright/test';
import { API_HEADERS, DEMO } from './support/accounts';
import { cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';

/**
 * One currency everywhere: chosen once (navbar or profile, the same setting), kept on the account, and
 * followed by the feed, the cellar's wines and the sales — the cellar's amounts converted from its own
 * currency (NOK) with the rate and its date named, and said to be old when they are.
 */

const POUNDS = /£\s?\d[\d,]*(\.\d\d)?/;
const CONVERTED = /^Converted from NOK at 1 NOK = 0\.0746 GBP \(October 1, 2025\)\./;

/** The demo restaurant's account keeps NOK for the other journeys, whatever this one chose. */
test.afterEach(async ({ request }) => {
  const session = await cellarSession(request, DEMO.restaurant);
  const response = await request.patch(`/api/users/${session.userId}`, {
    headers: { ...API_HEADERS, authorization: `Bearer ${session.token}` },
    data: { viewCurrency: 'NOK' },
  });
  expect(response.ok()).toBe(true);
});

async function logIn(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel(/^Email/).fill(DEMO.restaurant.email);
  await page.getByLabel(/^Password/).fill(DEMO.restaurant.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole('status').filter({ hasText: 'You are logged in.' })).toBeVisible();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** The cellar's wines in pounds, converted from NOK and labelled so, with an old rate called old. */
async function expectCellarInPounds(page: Page): Promise<void> {
  await page.goto('/wine-cellar/wines');
  const totals = page.locator('dl[aria-label="Totals of the wines shown"]');
  await expect(totals).toContainText(POUNDS);
  const note = page.getByTestId('converted-note');
  await expect(note).toHaveText(CONVERTED);
  // Locally the rates are the shipped reference rates of 2025: the note says they are old, and that
  // typed prices stay in the cellar's currency.
  await expect(note).toContainText('This rate is more than a week old');
  await expect(note).toContainText('prices you type are in NOK');
}

async function expectSalesInPounds(page: Page): Promise<void> {
  await page.goto('/wine-cellar/sales');
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Total incl. VAT', { exact: true }).locator('xpath=following-sibling::dd'),
  ).toHaveText(POUNDS);
  await expect(page.getByTestId('converted-note')).toHaveText(CONVERTED);
}

test('a currency chosen once is followed by the feed, the cellar and the sales, and kept on the account', async ({
  page,
  browser,
}) => {
  // A whole path: two sign-ins, three pages twice over and the profile.
  test.setTimeout(90_000);
  // A new visitor with an English browser starts in euro, a Norwegian one in kroner (SPEC §9).
  await page.goto('/feed');
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  const norwegian = await browser.newContext({ locale: 'nb-NO' });
  const norsk = await norwegian.newPage();
  await norsk.goto('/feed');
  await expect(norsk.getByLabel('Valuta')).toHaveValue('NOK');
  await norwegian.close();

  // Signing in applies the account's currency (NOK), then the person picks pounds in the navbar.
  await logIn(page);
  const currency = page.getByRole('banner').getByLabel('Currency');
  await expect(currency).toHaveValue('NOK');
  await currency.selectOption('GBP');
  await expect(page.getByRole('status').filter({ hasText: 'Prices are now shown in GBP.' })).toBeVisible();

  await page.goto('/feed');
  await expect(page.getByTestId('wine-price').first()).toHaveText(POUNDS);
  await expect(page.getByTestId('catalogue-rate-note')).toContainText(
    'converted from NOK at the reference rate 1 NOK = 0.0746 GBP of October 1, 2025',
  );
  await expectCellarInPounds(page);
  await expectSalesInPounds(page);

  // A new sign-in is still in pounds: the choice is on the account, not only on this device.
  await logOut(page);
  await page.context().clearCookies();
  await logIn(page);
  await expect(page.getByRole('banner').getByLabel('Currency')).toHaveValue('GBP');
  await expectCellarInPounds(page);

  // The profile's currency is the same setting as the navbar's.
  await page.goto('/settings/profile');
  const profileCurrency = page.getByRole('main').getByLabel('Currency');
  await expect(profileCurrency).toHaveValue('GBP');
  await profileCurrency.selectOption('EUR');
  await expect(page.getByRole('banner').getByLabel('Currency')).toHaveValue('EUR');
  await logOut(page);
  await page.context().clearCookies();
  await logIn(page);
  await expect(page.getByRole('banner').getByLabel('Currency')).toHaveValue('EUR');
  await page.goto('/wine-cellar/sales');
  await expect(page.getByTestId('converted-note')).toContainText('1 NOK = 0.0855 EUR');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phone menu’s currency converts the cellar’s cards and the sales, the profile shows it, nothing cut off', async ({
    page,
  }) => {
    await logIn(page);
    const banner = page.getByRole('region', { name: 'Kork app' });
    if (await banner.isVisible()) await banner.getByRole('button', { name: 'Close app banner' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByLabel('Currency').selectOption('GBP');
    await page.keyboard.press('Escape');

    await expectCellarInPounds(page);
    // The wines' cards show their prices in pounds too, none in kroner.
    const cards = page.locator('ul[aria-label="Wines in your cellar"] > li');
    await expect(cards.filter({ hasText: POUNDS }).first()).toBeVisible();
    await expect(cards.filter({ hasText: /NOK|kr\s?\d/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'cellar wines in pounds');
    await expectSalesInPounds(page);
    await expectNoSidewaysScroll(page, 'sales in pounds');
    // The profile shows the same choice, and its control fits the phone.
    await page.goto('/settings/profile');
    await expect(page.getByRole('main').getByLabel('Currency')).toHaveValue('GBP');
    await expectNoSidewaysScroll(page, 'profile with its currency');
  });
});
