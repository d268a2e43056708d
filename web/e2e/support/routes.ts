import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { CELLAR_SECTIONS, cellarPath } from '../../src/features/cellar/cellar-sections';
import { API_HEADERS, DEMO, signInByApi } from './accounts';

/**
 * Every page of the app (web/src/app/router.tsx), as addresses a journey can open: the fixed ones, and the
 * ones that need an id (a wine, a profile, a shared location), looked up through the API.
 */

/** Who looks at the pages. */
export const AUDIENCES = ['visitor', 'restaurant'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The languages the app speaks, as the language switch stores them. */
export const LANGUAGES = ['en', 'nb'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The demo accounts' ids (`demo-` and the address's local part, as the seed makes them). */
export const DEMO_IDS = {
  private: 'demo-private',
  expert: 'demo-expert',
  restaurant: 'demo-restaurant',
} as const;

export interface AppRoute {
  /** What the route is, for a test's title. */
  name: string;
  path: string;
}

/** The routes without an id in them, in the router's order. */
const FIXED_ROUTES: AppRoute[] = [
  { name: 'feed', path: '/feed' },
  { name: 'events', path: '/events' },
  { name: 'unknown event', path: '/events/no-such-event' },
  { name: 'cart', path: '/cart' },
  { name: 'checkout', path: '/cart/checkout' },
  { name: 'unknown checkout', path: '/cart/confirmation/no-such-checkout' },
  { name: 'suppliers', path: '/suppliers' },
  { name: 'unknown supplier', path: '/suppliers/sup-no-such-supplier' },
  { name: "supplier's order link without a token", path: '/supplier-order' },
  { name: 'supplier portal', path: '/supplier-portal' },
  { name: 'suppliers (admin)', path: '/admin/suppliers' },
  { name: 'sign-in', path: '/sign-in' },
  { name: 'registration', path: '/registration' },
  { name: 'password recovery', path: '/password-recovery' },
  { name: 'authentication return', path: '/auth/callback' },
  { name: 'profile settings', path: '/settings/profile' },
  { name: 'terms of use', path: '/terms-of-use' },
  { name: 'privacy policy', path: '/privacy-policy' },
  ...CELLAR_SECTIONS.map((section) => ({ name: `cellar ${section.key}`, path: cellarPath(section) })),
  { name: 'cellar unknown section', path: '/wine-cellar/no-such-section' },
  { name: 'unknown stock count', path: '/wine-cellar/stock-count/no-such-count' },
  { name: 'my tastings', path: '/my-tastings' },
  { name: 'user profile', path: `/users/${DEMO_IDS.private}` },
  { name: 'expert profile', path: `/users/${DEMO_IDS.expert}` },
  { name: 'restaurant profile', path: `/restaurants/${DEMO_IDS.restaurant}` },
  { name: 'merge wines (admin)', path: '/admin/merge-wines' },
  { name: 'unknown wine list', path: '/wine-list/demo' },
  { name: 'unknown page', path: '/no-such-page' },
];

/** The pages with an id in them: the ids are looked up once per run. */
export interface DynamicIds {
  /** The first wine of the feed. */
  feedWineId: string;
  /** A catalogue wine the demo restaurant holds: its profile shows the cellar tabs with data. */
  heldWineId: string;
  /** A token of a location of the demo restaurant shared by link. */
  sharedLocationToken: string;
  /** The demo restaurant's public wine list "Vinkart" (seeded with "Vin på glass" and "Dessertviner"). */
  publicWineListId: string;
  /** The marketplace supplier with the most wines. */
  supplierId: string;
  /** The first public demo event of /events (upcoming, with its wine lists). */
  eventId: string;
}

export function routesWith(ids: DynamicIds): AppRoute[] {
  const wine = (id: string) => encodeURIComponent(id);
  return [
    ...FIXED_ROUTES,
    { name: 'wine profile (feed wine)', path: `/wines/${wine(ids.feedWineId)}` },
    { name: 'wine profile (wine in the cellar)', path: `/wines/${wine(ids.heldWineId)}` },
    { name: 'embedded wine', path: `/embed/wines/${wine(ids.feedWineId)}?showPrice=true&showRating=true` },
    { name: 'shared location', path: `/location/${encodeURIComponent(ids.sharedLocationToken)}` },
    { name: 'public wine list', path: `/wine-list/${encodeURIComponent(ids.publicWineListId)}` },
    { name: 'embedded wine list', path: `/embed/wine-lists/${encodeURIComponent(ids.publicWineListId)}` },
    { name: 'supplier profile', path: `/suppliers/${encodeURIComponent(ids.supplierId)}` },
    { name: 'event profile', path: `/events/${encodeURIComponent(ids.eventId)}` },
  ];
}

/**
 * Every route's name, without looking anything up: tests are declared before the server answers, so
 * they are made from these names and find their path once the ids are known.
 */
export const ROUTE_NAMES: string[] = routesWith({
  feedWineId: 'feed',
  heldWineId: 'held',
  sharedLocationToken: 'token',
  publicWineListId: 'list',
  supplierId: 'supplier',
  eventId: 'event',
}).map((route) => route.name);

async function payloadOf<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  token?: string,
): Promise<T> {
  const headers = token ? { ...API_HEADERS, authorization: `Bearer ${token}` } : API_HEADERS;
  const response = await request[method](path, { headers });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { payload: T }).payload;
}

/**
 * Looks up the ids the dynamic routes need: a feed wine, a wine the restaurant holds, a shared location,
 * the restaurant's public wine list, a marketplace supplier, a public event.
 */
export async function lookUpIds(request: APIRequestContext): Promise<DynamicIds> {
  const feed = await payloadOf<{ rows: { id: string }[] }>(request, 'get', '/api/wines?resultsPerPage=1');
  const feedWineId = feed.rows[0]?.id;
  expect(feedWineId, 'a wine in the feed').toBeTruthy();

  const login = await request.post('/api/auth/log-in', { headers: API_HEADERS, data: DEMO.restaurant });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { payload: { access_token: string } }).payload.access_token;
  const cellar = `/api/wine-cellars/users/${DEMO_IDS.restaurant}`;

  const held = await payloadOf<{ rows: { wineId?: string }[] }>(
    request,
    'get',
    `${cellar}/own-wines?source=KORK&inStock=true&resultsPerPage=1`,
    token,
  );
  const heldWineId = held.rows[0]?.wineId;
  expect(heldWineId, 'a catalogue wine in the demo cellar').toBeTruthy();

  const locations = await payloadOf<{ rows: { id: string; shareToken?: string | null }[] }>(
    request,
    'get',
    `${cellar}/locations`,
    token,
  );
  const location = locations.rows[0];
  expect(location, 'a location in the demo cellar').toBeTruthy();
  let sharedLocationToken = location?.shareToken ?? undefined;
  if (!sharedLocationToken) {
    const shared = await payloadOf<{ shareToken?: string }>(
      request,
      'post',
      `${cellar}/locations/${encodeURIComponent(location?.id ?? '')}/share`,
      token,
    );
    sharedLocationToken = shared.shareToken;
  }
  expect(sharedLocationToken, 'a shared location').toBeTruthy();

  const lists = await payloadOf<{ rows: { id: string; name: string }[] }>(
    request,
    'get',
    `/api/users/${DEMO_IDS.restaurant}/wine-lists`,
  );
  const publicWineListId = (lists.rows.find((list) => list.name === 'Vinkart') ?? lists.rows[0])?.id;
  expect(publicWineListId, 'a public wine list of the demo restaurant').toBeTruthy();

  const suppliers = await payloadOf<{ rows: { id: string }[] }>(
    request,
    'get',
    '/api/suppliers?sort=wines&resultsPerPage=1',
  );
  const supplierId = suppliers.rows[0]?.id;
  expect(supplierId, 'a marketplace supplier').toBeTruthy();

  const events = await payloadOf<{ rows: { id: string }[] }>(request, 'get', '/api/events?resultsPerPage=1');
  const eventId = events.rows[0]?.id;
  expect(eventId, 'a public demo event').toBeTruthy();

  return {
    eventId: eventId as string,
    supplierId: supplierId as string,
    feedWineId: feedWineId as string,
    heldWineId: heldWineId as string,
    sharedLocationToken: sharedLocationToken as string,
    publicWineListId: publicWineListId as string,
  };
}

/** Sets who is looking and in which language, the way the app keeps them: session and language cookies. */
export async function prepareVisit(
  page: Page,
  { audience, language }: { audience: Audience; language: Language },
): Promise<void> {
  await chooseLanguage(page.context(), language);
  if (audience === 'restaurant') await signInByApi(page, DEMO.restaurant);
}

/**
 * The language switch's choice (`KORK_LANGUAGE`, web/src/i18n/i18n.ts), set before the app starts. Cookies
 * do not tell ports apart, so one set for localhost reaches the app on whichever port it runs.
 */
export async function chooseLanguage(context: BrowserContext, language: Language): Promise<void> {
  await context.addCookies([{ name: 'KORK_LANGUAGE', value: language, url: 'http://localhost' }]);
}

/**
 * Opens a page and waits until it shows its content: its top heading (or its message) is there, the language asked for is on <html>, and nothing is still loading (`aria-busy`).
 */
export async function openPage(page: Page, path: string, language: Language): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // The page's own heading; a page that has none yet shows its message in the main landmark.
  await expect(
    page.getByRole('heading', { level: 1 }).or(page.getByRole('main').getByRole('paragraph')).first(),
  ).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // Web fonts and late images change widths: measure once they are in.
  await page.evaluate(() => document.fonts.ready);
}
