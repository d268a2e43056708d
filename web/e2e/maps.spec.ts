import { expect, type Page, type Response, test } from '@playwright/test';
import {
  API_HEADERS,
  DEMO,
  fillBasicInfo,
  linkIn,
  newestMailTo,
  type Registration,
  uniqueEmail,
} from './support/accounts';
import { expectAxeClean } from './support/axe';
import { expectNoSidewaysScroll } from './support/page-width';

const TILE_PATH = '/_dev/tiles/';

/** The tile answers the page received, from the moment this is called. */
function recordTiles(page: Page): Response[] {
  const tiles: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith(TILE_PATH)) tiles.push(response);
  });
  return tiles;
}

/** The number in a coordinate field (English page: "59.9094"). */
async function fieldNumber(page: Page, label: RegExp): Promise<number> {
  return Number(await page.getByLabel(label).inputValue());
}

interface ProfileAnswer {
  payload: { tastingLocation?: { lat?: number; long?: number; address?: string } };
}

test.describe('maps', () => {
  test('on a phone, a restaurant places its pin by postal code and on the map; its profile shows the map and directions', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tiles = recordTiles(page);
    const restaurant: Registration = {
      email: uniqueEmail('maps'),
      password: 'Kartet2024',
      firstName: 'Kari',
      lastName: 'Kart',
    };
    await page.goto('/registration');
    await fillBasicInfo(page, restaurant);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Restaurant/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // The map is there, drawn from the local origin's stand-in tiles.
    const picker = page.getByRole('region', { name: 'Map for placing the pin' });
    await expect(picker).toBeVisible();
    await expect(picker.locator('[data-tiles="loaded"]')).toBeVisible();
    await page.getByLabel(/^Name of the place/).fill('Kartkjelleren');
    await page.getByLabel(/^Address/).fill('Rådhusgata 1, 0150 Oslo');

    // A postal code found through the geocoder moves the pin and fills the coordinates.
    await page.getByLabel(/^Find on the map/).fill('0150');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('geocode-found')).toContainText('Pin placed at 0150 Oslo');
    await expect(page.getByLabel(/^Latitude/)).toHaveValue('59.9094');
    await expect(page.getByLabel(/^Longitude/)).toHaveValue('10.7467');
    const pin = picker.getByRole('button', { name: 'Pin: Kartkjelleren' });
    await expect(pin).toBeVisible();

    // A click on the map puts the pin there: the coordinates change, still near Oslo.
    const box = await picker.boundingBox();
    if (!box) throw new Error('the map has no box');
    // Up and left of the pin (clear of the zoom buttons in the corner).
    await picker.click({ position: { x: box.width * 0.3, y: box.height * 0.35 } });
    await expect(page.getByLabel(/^Latitude/)).not.toHaveValue('59.9094');
    const clicked = { lat: await fieldNumber(page, /^Latitude/), lng: await fieldNumber(page, /^Longitude/) };
    expect(clicked.lat).toBeGreaterThan(59.9094);
    expect(clicked.lng).toBeLessThan(10.7467);
    expect(Math.abs(clicked.lat - 59.91)).toBeLessThan(0.05);

    // Precise coordinates typed by hand are kept as typed, and the pin follows them.
    await page.getByLabel(/^Latitude/).fill('59.90951');
    await page.getByLabel(/^Longitude/).fill('10.74702');
    await expect(page.getByLabel(/^Latitude/)).toHaveValue('59.90951');
    await expectNoSidewaysScroll(page, 'registration with the map at 390 px');

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#registration-step-title')).toHaveText('Step 4 of 4: Confirm email');
    // The link in the mail confirms the address and signs in (the phone's menu holds the account button).
    await page.goto(linkIn(await newestMailTo(page.request, restaurant.email), '/password-recovery'));
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByText('Your email is confirmed. You are logged in.')).toBeVisible();

    // The saved coordinates read back through the API.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'KORK_TOKEN')?.value;
    const viewer = await page.request.get('/api/auth/viewer', {
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    });
    const { id } = ((await viewer.json()) as { payload: { id: string } }).payload;
    const profile = (await (
      await page.request.get(`/api/users/${id}/profile`, { headers: API_HEADERS })
    ).json()) as ProfileAnswer;
    expect(profile.payload.tastingLocation).toMatchObject({ lat: 59.90951, long: 10.74702 });

    // The profile shows the map with its pin, drawn from tiles the local origin served.
    tiles.length = 0;
    await page.goto(`/restaurants/${id}`);
    const map = page.getByRole('region', { name: 'Map: Kartkjelleren' });
    await expect(map).toBeVisible();
    await expect(map.locator('[data-tiles="loaded"]')).toBeVisible();
    await expect(map.getByRole('button', { name: 'Pin: Kartkjelleren' })).toBeVisible();
    const drawn = map.locator('img.leaflet-tile-loaded');
    await expect.poll(() => drawn.count()).toBeGreaterThan(0);
    expect(await drawn.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    const origin = new URL(baseURL ?? '').origin;
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(new URL(tile.url()).origin).toBe(origin);
      expect(tile.status()).toBe(200);
      expect(tile.headers()['content-type']).toBe('image/png');
    }
    const directions = page.getByRole('link', { name: /^Directions to Kartkjelleren/ });
    await expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=59.90951%2C10.74702',
    );
    await expectNoSidewaysScroll(page, 'the restaurant profile with its map at 390 px');
    await expectAxeClean(page, 'the restaurant profile with its map');
  });

  test('when the tiles cannot load, a profile says "Map cannot be loaded" and gives the address', async ({
    page,
    baseURL,
  }) => {
    const logIn = await page.request.post('/api/auth/log-in', {
      headers: API_HEADERS,
      data: DEMO.restaurant,
    });
    const token = ((await logIn.json()) as { payload: { access_token: string } }).payload.access_token;
    const viewer = await page.request.get('/api/auth/viewer', {
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    });
    const { id } = ((await viewer.json()) as { payload: { id: string } }).payload;

    // Every tile request fails, as when the tile service is down or blocked.
    let refused = 0;
    await page.route(`**${TILE_PATH}**`, (route) => {
      refused += 1;
      return route.abort('failed');
    });
    await page.goto(`/restaurants/${id}`);
    const note = page.getByTestId('map-unavailable');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Map cannot be loaded');
    await expect(note).toContainText('Bryggen 1, 5003 Bergen');
    expect(refused).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: /^Map: / })).toHaveCount(0);
    // The way there still works without a map.
    await expect(page.getByRole('link', { name: /^Directions to / })).toHaveAttribute(
      'href',
      /destination=60\.3975%2C5\.324/,
    );

    // In Norwegian too.
    await page.context().addCookies([{ name: 'KORK_LANGUAGE', value: 'nb', url: baseURL ?? '' }]);
    await page.reload();
    await expect(page.getByTestId('map-unavailable')).toContainText('Kartet kan ikke lastes inn');
    await expect(page.getByRole('link', { name: /^Veibeskrivelse til / })).toBeVisible();
  });
});
