import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import posEn from '../src/i18n/cellar/pos.en.json' with { type: 'json' };
import posNb from '../src/i18n/cellar/pos.nb.json' with { type: 'json' };
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The till (POS) from the cellar's settings: a key made in the browser (its secret read from the modal),
 * a signed sale the till sends for a wine's bottle and glasses, the stock, the sales list and the
 * analytics following it, an unknown till product waiting to be mapped, and the key revoked; an unknown
 * product mapped to a wine in the settings, its waiting sale then recorded; a till's CSV export imported
 * through the page, and imported again without recording anything twice.
 */

test.describe.configure({ timeout: 240_000 });

const EN = posEn.posPage;
const NB = posNb.posPage;
const SETTINGS = '/wine-cellar/settings';

interface OwnWine {
  id: string;
  quantity: number;
}

interface FeedProduct {
  productId: string;
  kind: 'bottle' | 'glass' | 'recipe';
  ownWineId?: string;
  price: number | null;
  glassSizeCl?: number;
}

interface TillKey {
  id: string;
  secret: string;
}

function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A request as the till makes it: the key id and the signature of the raw body. */
async function tillCall(
  request: APIRequestContext,
  key: TillKey,
  method: 'get' | 'post',
  path: string,
  body?: unknown,
) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  return request[method](path, {
    headers: {
      'x-api-key': key.id,
      'x-kork-signature': sign(key.secret, raw),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { data: raw }),
  });
}

async function expectAxeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations, `${where}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
}

async function openTill(page: Page, title: string) {
  await page.goto(SETTINGS);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** A wine of the demo cellar made for one journey, bottles only (no glass price), so it has one feed product. */
async function bottleWine(
  request: APIRequestContext,
  session: CellarSession,
  name: string,
  quantity: number,
): Promise<OwnWine> {
  return cellarCall<OwnWine>(request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2021,
    bottleSize: 0.75,
    quantity,
    sellingPrice: 45_000,
    purchasePriceWovat: 10_000,
  });
}

async function bottlesOf(request: APIRequestContext, session: CellarSession, wine: OwnWine): Promise<number> {
  return (await cellarCall<OwnWine>(request, session, 'get', `/own-wines/${wine.id}`)).quantity;
}

/** A key made through the API, for a journey about what a till sends rather than about the keys. */
async function apiKey(request: APIRequestContext, session: CellarSession, name: string): Promise<TillKey> {
  const created = await cellarCall<{ id: string; secret: string }>(request, session, 'post', '/pos-keys', {
    name,
  });
  return { id: created.id, secret: created.secret };
}

async function revokeKey(request: APIRequestContext, session: CellarSession, key: TillKey): Promise<void> {
  const response = await request.delete(`/api/wine-cellars/users/${session.userId}/pos-keys/${key.id}`, {
    headers: { ...API_HEADERS, authorization: `Bearer ${session.token}` },
  });
  expect(response.status(), await response.text()).toBe(204);
}

/** The sales list searched for a wine's name: how many sales it counts. */
async function expectSalesOf(page: Page, name: string, count: number) {
  await page.goto('/wine-cellar/sales');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
  await expect(page.getByTestId('sales-total-count')).toHaveText(String(count));
}

async function revenueToday(request: APIRequestContext, session: CellarSession): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const analytics = await cellarCall<{ totals: { revenueWithVat: number } }>(
    request,
    session,
    'get',
    `/sales-analytics?from=${today}&to=${today}`,
  );
  return analytics.totals.revenueWithVat;
}

test('a key made in the settings lets the till sell a bottle and glasses; an unknown product waits; the key is revoked', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const suffix = Date.now().toString(36);
  const name = `Till check ${suffix}`;
  const wine = await cellarCall<OwnWine>(page.request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2020,
    bottleSize: 0.75,
    quantity: 5,
    sellingPrice: 45_000,
    pricePerGlass: 12_000,
    glassSize: 12.5,
    purchasePriceWovat: 10_000,
  });
  const revenueBefore = await revenueToday(page.request, session);
  await signInByApi(page, DEMO.restaurant);

  // — A key, its secret read from the modal that shows it once —
  await openTill(page, EN.title);
  await expectAxeClean(page, 'till settings');
  await page.getByRole('button', { name: EN.keys.create }).click();
  const create = page.getByRole('dialog', { name: EN.keys.createTitle });
  await create.getByRole('textbox', { name: EN.keys.name }).fill(`Bar till ${suffix}`);
  await create.getByRole('button', { name: EN.keys.create }).click();
  const shown = page.getByRole('dialog', {
    name: EN.keys.secretTitle.replace('{{name}}', `Bar till ${suffix}`),
  });
  await expect(shown.getByText(EN.keys.secretWarning)).toBeVisible();
  const codes = shown.locator('code');
  const key: TillKey = {
    id: (await codes.nth(0).innerText()).trim(),
    secret: (await codes.nth(1).innerText()).trim(),
  };
  expect(key.secret.length).toBeGreaterThan(20);
  await expectAxeClean(page, 'the new key');
  await shown.getByRole('button', { name: EN.keys.done }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(key.secret)).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: EN.keys.listLabel }).getByText(`Bar till ${suffix}`),
  ).toBeVisible();

  // — The till reads its products, signed —
  const unsigned = await page.request.get('/api/pos/products?format=json', {
    headers: { 'x-api-key': key.id },
  });
  expect(unsigned.status()).toBe(401);
  const feedResponse = await tillCall(page.request, key, 'get', '/api/pos/products?format=json');
  expect(feedResponse.status(), await feedResponse.text()).toBe(200);
  const feed = ((await feedResponse.json()) as { payload: { products: FeedProduct[] } }).payload;
  const bottle = feed.products.find((p) => p.ownWineId === wine.id && p.kind === 'bottle');
  const glass = feed.products.find((p) => p.ownWineId === wine.id && p.kind === 'glass');
  expect(bottle, 'the bottle in the feed').toBeDefined();
  expect(glass, 'the glass in the feed').toBeDefined();

  // — A sale: one bottle, two glasses, and a product the cellar does not know —
  const unknown = `UNKNOWN-${suffix}`;
  const event = {
    posTransactionId: `e2e-${suffix}`,
    soldAt: new Date().toISOString(),
    lines: [
      { productId: bottle?.productId, quantity: 1, unitPrice: 45_000 },
      { productId: glass?.productId, quantity: 2, unitPrice: 12_000 },
      { productId: unknown, quantity: 3, unitPrice: 9_000 },
    ],
  };
  const sent = await tillCall(page.request, key, 'post', '/api/pos/sales', event);
  expect(sent.status(), await sent.text()).toBe(201);
  const outcome = ((await sent.json()) as { payload: { status: string; needsMapping: number } }).payload;
  expect(outcome).toMatchObject({ status: 'recorded', needsMapping: 1 });
  const again = await tillCall(page.request, key, 'post', '/api/pos/sales', event);
  expect(((await again.json()) as { payload: { status: string } }).payload.status).toBe('duplicate');

  // The bottle left; the glasses came from a bottle now open, still in stock until poured out.
  const after = await cellarCall<OwnWine>(page.request, session, 'get', `/own-wines/${wine.id}`);
  expect(after.quantity).toBe(4);
  await page.goto(`/wine-cellar/wines?q=${encodeURIComponent(name)}`);
  const row = page
    .getByRole('table', { name: 'Wines in your cellar' })
    .getByRole('row')
    .filter({ hasText: name });
  // Three full bottles and the open one, shown as such.
  await expect(row.getByRole('cell', { name: /^3\s*\+\s*open bottle \(0\.\d\)$/ })).toBeVisible();

  // — The sale in the sales list, from the till —
  await page.goto('/wine-cellar/sales');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
  await expect(page.getByTestId('sales-total-count')).toHaveText('1');
  const table = page.getByRole('table');
  await expect(table.getByText('From the till')).toBeVisible();
  await table.getByRole('button').first().click();
  const detail = page.getByRole('dialog', { name: /^Sale of / });
  await expect(detail.getByText('From the till')).toBeVisible();
  // Two glasses of the feed's glass size, as the detail writes a number ("25", "37.5").
  const poured = String(2 * (glass?.glassSizeCl ?? 0));
  await expect(detail.getByText(`2 glasses (${poured} cl) at NOK 120.00`)).toBeVisible();
  await page.keyboard.press('Escape');

  // — The analytics count it —
  await expect
    .poll(() => revenueToday(page.request, session), { timeout: 20_000 })
    .toBe(revenueBefore + 45_000 + 2 * 12_000);

  // — The unknown product waits under needs mapping —
  await openTill(page, EN.title);
  const waiting = page.getByRole('list', { name: EN.mapping.listLabel });
  await expect(waiting.getByText(unknown)).toBeVisible();

  // — Revoked, the key reads nothing more —
  await page
    .getByRole('button', { name: EN.keys.revokeAria.replace('{{name}}', `Bar till ${suffix}`) })
    .click();
  await page
    .getByRole('dialog', { name: EN.keys.revokeTitle })
    .getByRole('button', { name: EN.keys.revokeConfirm })
    .click();
  await expect(page.getByText(EN.keys.revoked)).toBeVisible();
  await expect(page.getByText(`Bar till ${suffix}`)).toHaveCount(0);
  const refused = await tillCall(page.request, key, 'get', '/api/pos/products?format=json');
  expect(refused.status()).toBe(401);
});

test('a till product the cellar does not know is mapped to a wine in the settings, and its sale is recorded', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const suffix = Date.now().toString(36);
  const name = `Till map ${suffix}`;
  const wine = await bottleWine(page.request, session, name, 6);
  const key = await apiKey(page.request, session, `Mapping till ${suffix}`);
  try {
    // — The till sells three of a product id no cellar product has —
    const unknown = `HOUSE-RED-${suffix}`;
    const sent = await tillCall(page.request, key, 'post', '/api/pos/sales', {
      posTransactionId: `e2e-map-${suffix}`,
      soldAt: new Date().toISOString(),
      lines: [{ productId: unknown, quantity: 3, unitPrice: 45_000 }],
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const outcome = ((await sent.json()) as { payload: { status: string; needsMapping: number } }).payload;
    expect(outcome).toMatchObject({ status: 'recorded', needsMapping: 1 });
    expect(await bottlesOf(page.request, session, wine)).toBe(6);

    // — It waits under needs mapping, and is mapped to the wine's bottle —
    await signInByApi(page, DEMO.restaurant);
    await openTill(page, EN.title);
    const waiting = page.getByRole('list', { name: EN.mapping.listLabel });
    const row = waiting.getByRole('listitem').filter({ hasText: unknown });
    await expect(row).toBeVisible();
    await expect(row.getByText('1 line · 3 sold')).toBeVisible();
    const target = row.getByRole('combobox', {
      name: EN.mapping.targetAria.replace('{{productId}}', unknown),
    });
    await target.click();
    await target.fill(name);
    await page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).click();
    await row.getByRole('button', { name: EN.mapping.map }).click();
    await expect(page.getByText(EN.mapping.mapped_one.replace('{{count, number}}', '1'))).toBeVisible();

    // — The line leaves the list; the sale is recorded and the bottles left stock —
    await expect(page.getByText(unknown)).toHaveCount(0);
    expect(await bottlesOf(page.request, session, wine)).toBe(3);
    await expectSalesOf(page, name, 1);
    await expect(page.getByRole('table').getByText('From the till')).toBeVisible();

    // After a reload too: nothing waits for that id any more.
    await openTill(page, EN.title);
    await expect(page.getByText(unknown)).toHaveCount(0);
  } finally {
    await revokeKey(page.request, session, key);
  }
});

test('a till export imported in the settings records its sales once, however often it is sent', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const suffix = Date.now().toString(36);
  const name = `Till import ${suffix}`;
  const wine = await bottleWine(page.request, session, name, 6);
  await signInByApi(page, DEMO.restaurant);

  // Two receipts: two bottles of the wine; one bottle and a product the cellar does not know. "Code"
  // is no name the page recognises, so the product column is assigned by hand.
  const soldAt = new Date(Date.now() - 60 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  const unknown = `CSV-UNKNOWN-${suffix}`;
  const csv = [
    'Receipt,Time,Code,Qty,Price',
    `r1-${suffix},${soldAt},B-${wine.id},2,450.00`,
    `r2-${suffix},${soldAt},B-${wine.id},1,450.00`,
    `r2-${suffix},${soldAt},${unknown},1,"99,00"`,
    '',
  ].join('\n');
  const file = { name: `till-${suffix}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) };

  await openTill(page, EN.title);
  const panel = page.getByRole('region', { name: EN.import.title });
  const outcome = page.getByRole('status', { name: EN.import.outcomeTitle });
  const figure = (label: string) =>
    outcome
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');

  async function importFile() {
    await panel.locator('input[type="file"]').setInputFiles(file);
    await expect(
      panel.getByRole('table', { name: EN.import.preview.replace('{{name}}', file.name) }),
    ).toBeVisible();
    const submit = panel.getByRole('button', { name: EN.import.submit });
    const fields = panel.getByRole('group', { name: EN.import.columns });
    const productColumn = fields.getByRole('combobox', { name: new RegExp(`^${EN.import.productId}`) });
    await expect(productColumn).toHaveValue('');
    await expect(submit).toBeDisabled();
    await productColumn.click();
    await page.getByRole('option', { name: 'Code', exact: true }).click();
    await expect(productColumn).toHaveValue('Code');
    await expect(
      fields.getByRole('combobox', { name: new RegExp(`^${EN.import.transactionId}`) }),
    ).toHaveValue('Receipt');
    await submit.click();
    await expect(outcome).toBeVisible({ timeout: 60_000 });
  }

  // — The first import records both receipts; the unknown line waits —
  await importFile();
  await expect(figure(EN.import.transactions)).toHaveText('2');
  await expect(figure(EN.import.recorded)).toHaveText('2');
  await expect(figure(EN.import.duplicates)).toHaveText('0');
  await expect(figure(EN.import.needsMapping)).toHaveText('1');
  await expect(outcome.getByText(EN.import.rowErrors)).toHaveCount(0);
  await expect(page.getByRole('list', { name: EN.mapping.listLabel }).getByText(unknown)).toBeVisible();
  expect(await bottlesOf(page.request, session, wine)).toBe(3);

  // — The same file again records nothing —
  await outcome.getByRole('button', { name: EN.import.again }).click();
  await importFile();
  await expect(figure(EN.import.transactions)).toHaveText('2');
  await expect(figure(EN.import.recorded)).toHaveText('0');
  await expect(figure(EN.import.duplicates)).toHaveText('2');
  await expect(figure(EN.import.needsMapping)).toHaveText('0');
  expect(await bottlesOf(page.request, session, wine)).toBe(3);

  // — The sales list has the two receipts, from the till, once each —
  await expectSalesOf(page, name, 2);
  await expect(page.getByRole('table').getByText('From the till')).toHaveCount(2);
});

test('the till section in Norwegian fits a 360 px phone', async ({ page, context }) => {
  await chooseLanguage(context, 'nb');
  await page.setViewportSize({ width: 360, height: 780 });
  await signInByApi(page, DEMO.restaurant);
  await openTill(page, NB.title);
  await expect(page.getByRole('heading', { name: NB.keys.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: NB.mapping.title })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the till section at 360 px');

  // A sales export to assign its columns to.
  const csv = 'Kvittering;Tidspunkt;Vare;Antall;Pris\nk1;01.06.2025 20:00;B-x;1;450,00\n';
  await page
    .getByRole('region', { name: NB.import.title })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'eksport.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(
    page.getByRole('table', { name: NB.import.preview.replace('{{name}}', 'eksport.csv') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: NB.import.submit })).toBeEnabled();
  await expectNoSidewaysScroll(page, 'the sales import at 360 px');
  await expectAxeClean(page, 'the till section in Norwegian');
});
