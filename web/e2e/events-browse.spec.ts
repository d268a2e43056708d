import type { EventsPage } from '@kork/shared';
import { expect, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { chooseLanguage, openPage } from './support/routes';

/**
 * Finding and viewing wine events: a visitor filters the demo events by category and place (the address
 * keeps them), finds the private demo event only by its exact name, and opens it with its wine lists; the
 * demo restaurant sees the trade fair's HORECA prices ex VAT.
 */

/** The seed's private event (reachable by its link or this exact name) and its HORECA-priced fair. */
const PRIVATE_EVENT = 'Privat vertikalsmaking Barolo';
const HORECA_EVENT = 'Vinmesse for serveringsbransjen';

test.beforeEach(async ({ page }) => {
  await chooseLanguage(page.context(), 'en');
});

test('a visitor filters the events, finds the private one by its name and opens it', async ({ page }) => {
  await openPage(page, '/events', 'en');
  const cards = page.getByTestId('event-card');
  await expect(cards.first()).toBeVisible();

  await page.getByLabel('Category').selectOption('tasting');
  await page.getByLabel('Place').selectOption('Oslo');
  await expect(page).toHaveURL(/category=tasting/);
  await expect(page).toHaveURL(/place=Oslo/);
  await expect(cards.filter({ hasText: 'Champagnesmaking for nybegynnere' })).toBeVisible();
  await expect(cards.filter({ hasNotText: 'Tasting' })).toHaveCount(0);

  // Bergen's events list the public dinner, not the private tasting.
  await page.getByLabel('Category').selectOption('');
  await page.getByLabel('Place').selectOption('Bergen');
  await expect(cards.filter({ hasText: 'Burgunderaften på Bryggen' })).toBeVisible();
  await expect(cards.filter({ hasText: PRIVATE_EVENT })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search events' }).fill(PRIVATE_EVENT);
  const found = cards.filter({ hasText: PRIVATE_EVENT });
  await expect(found).toBeVisible();
  await expect(found.getByTestId('event-private')).toHaveText('Private');
  await expect(page).toHaveURL(/search=Privat/);

  await found.getByRole('link', { name: PRIVATE_EVENT }).click();
  await expect(page.getByRole('heading', { level: 1, name: PRIVATE_EVENT })).toBeVisible();
  await expect(page.getByText('Only people with the link can see this event.')).toBeVisible();
  const list = page.getByRole('region', { name: 'Vertikalen' });
  await expect(list.locator('a[href^="/wines/"]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register to see prices' })).toBeVisible();
});

test('the demo restaurant sees HORECA prices ex VAT on the trade fair', async ({ page }) => {
  const response = await page.request.get(`/api/events?search=${encodeURIComponent(HORECA_EVENT)}`, {
    headers: API_HEADERS,
  });
  expect(response.status(), await response.text()).toBe(200);
  const { rows } = ((await response.json()) as { payload: EventsPage }).payload;
  const fair = rows.find((row) => row.name === HORECA_EVENT);
  expect(fair, 'the demo trade fair').toBeTruthy();

  await signInByApi(page, DEMO.restaurant);
  await openPage(page, `/events/${encodeURIComponent(fair?.id ?? '')}`, 'en');
  await expect(page.getByRole('heading', { level: 1, name: HORECA_EVENT })).toBeVisible();
  await expect(page.getByTestId('event-wine').first()).toContainText('HORECA price ex VAT');
  await expect(page.getByText('Monopoly price')).toHaveCount(0);
});
