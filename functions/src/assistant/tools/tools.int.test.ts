/**
 * The assistant's tools on the demo cellars against DynamoDB Local: each answers from the signed-in
 * user's own cellar with the figures Kork's routes answer (totals as the dashboard, stock as the wine,
 * sales as the analytics), refuses another user's ids without a trace of their data, and the two
 * proposals change nothing (the cart and the wine read the same after).
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { cellarSeed } from '@kork/functions/cellar/seed';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { demoYearSeed } from '@kork/functions/sales-analytics/demo-year-seed';
import { wineListsSeed } from '@kork/functions/wine-lists/seed';
import {
  type Cart,
  type CellarDashboard,
  type CellarWine,
  type CellarWinePage,
  dayNumber,
  isoOfDay,
  type SalesAnalytics,
  todayIso,
} from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DemoAccountName, useSeededStack } from '../../../test/seeded-stack';
import { renderToolAnswer } from '../engine/templates';
import { runTool, type ToolRunResult } from './index';
import type { LowStockData, ReorderSuggestionsData, SearchCellarData, ToolData } from './outputs';
import type { ToolContext } from './tool';

const { accounts, signedInAs } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, cellarSeed, wineListsSeed, demoYearSeed, marketplaceSeed],
  signIn: ['restaurant', 'private'],
  timeout: 600_000,
});
const { userIds } = accounts;
const restaurant = signedInAs('restaurant');

function contextOf(name: DemoAccountName): ToolContext {
  return {
    userId: userIds[name] as string,
    locale: 'en',
    currency: 'NOK',
    now: new Date(),
    requestId: `test-${name}`,
  };
}

async function run<N extends keyof ToolData>(
  name: DemoAccountName,
  tool: N,
  input: unknown,
): Promise<ToolData[N]> {
  const result = await runTool(contextOf(name), tool, input);
  if (!result.ok) throw new Error(`${tool} refused: ${result.error}`);
  return result.output.data as unknown as ToolData[N];
}

async function refused(name: DemoAccountName, tool: string, input: unknown): Promise<string> {
  const result: ToolRunResult = await runTool(contextOf(name), tool, input);
  // On a failure, the message shows what the tool answered instead of refusing.
  expect(result, `${tool} ${JSON.stringify(input)}`).toMatchObject({ ok: false });
  return result.ok ? '' : result.error;
}

async function winesOf(name: DemoAccountName): Promise<CellarWinePage> {
  const answer = await signedInAs(name)<CellarWinePage>(
    'GET',
    `${accounts.base(name)}/own-wines?resultsPerPage=500`,
  );
  expect(answer.status).toBe(200);
  return answer.payload;
}

let restaurantWines: CellarWine[] = [];
let restaurantCount = 0;
let collectorWines: CellarWine[] = [];

beforeAll(async () => {
  const page = await winesOf('restaurant');
  restaurantWines = page.rows;
  restaurantCount = page.count;
  collectorWines = (await winesOf('private')).rows;
  expect(restaurantWines.length).toBeGreaterThan(100);
  expect(collectorWines.length).toBeGreaterThan(3);
}, 120_000);

describe('the assistant’s cellar tools', () => {
  it('search finds a known wine of the cellar by words of its name, and only the user’s own', async () => {
    const known = restaurantWines.find(
      (wine) => wine.quantity > 0 && wine.wineName.split(' ').length >= 2,
    ) as CellarWine;
    const words = known.wineName.split(' ').slice(0, 2).join(' ');
    const found = (await run('restaurant', 'search_cellar', { text: words, limit: 25 })) as SearchCellarData;
    expect(found.rows.map((row) => row.cellarWineId)).toContain(known.id);
    const row = found.rows.find((r) => r.cellarWineId === known.id);
    expect(row).toMatchObject({
      name: known.wineDisplayName,
      vintage: known.vintage,
      bottles: known.quantity,
    });
    // The collector's search for the same words answers none of the restaurant's wines.
    const theirs = await run('private', 'search_cellar', { text: words });
    const own = new Set(collectorWines.map((wine) => wine.id));
    expect(theirs.rows.every((r) => own.has(r.cellarWineId))).toBe(true);
  });

  it('search by a location: its name in the text, or its id with the places below it', async () => {
    const places = await signedInAs('private')<{
      rows: { id: string; name: string; parentId?: string | null }[];
    }>('GET', `${accounts.base('private')}/locations`);
    expect(places.status).toBe(200);
    const cabinet = places.payload.rows.find((row) => row.name === 'Vinskap') as { id: string };
    const byName = await run('private', 'search_cellar', { text: 'vinskap', limit: 25 });
    expect(byName.count).toBeGreaterThan(0);
    for (const row of byName.rows) expect(row.locations).toContain('Vinskap');
    const byId = await run('private', 'search_cellar', { locationId: cabinet.id, limit: 25 });
    const below = new Set(
      places.payload.rows
        .filter((row) => row.id === cabinet.id || row.parentId === cabinet.id)
        .map((r) => r.id),
    );
    const expected = collectorWines.filter((wine) =>
      wine.placements.some((p) => p.locationId && below.has(p.locationId)),
    );
    expect(byId.count).toBe(expected.length);
    expect(byId.count).toBeGreaterThan(byName.count);
  });

  it('totals are what the cellar dashboard answers, in the cellar’s currency', async () => {
    const dashboard = await restaurant<CellarDashboard>('GET', `${accounts.base('restaurant')}/dashboard`);
    expect(dashboard.status).toBe(200);
    const totals = await run('restaurant', 'cellar_totals', {});
    expect(totals.currency).toBe(dashboard.payload.baseCurrency);
    expect({
      wines: totals.wines,
      bottles: totals.bottles,
      purchaseValue: totals.purchaseValue,
      sellingValue: totals.sellingValue,
    }).toEqual(dashboard.payload.totals);
    expect(totals.byCategory.reduce((sum, c) => sum + c.bottles, 0)).toBe(totals.bottles);
  });

  it('low stock answers the real bottles of each wine and the dashboard’s count of low wines', async () => {
    const low = (await run('restaurant', 'low_stock', {})) as LowStockData;
    const dashboard = await restaurant<CellarDashboard>('GET', `${accounts.base('restaurant')}/dashboard`);
    const { outOfStock, runningLow } = dashboard.payload.lowStockCount;
    expect(low.count).toBe(outOfStock + runningLow);
    expect(low.rows.length).toBe(Math.min(10, low.count));
    for (const row of low.rows.slice(0, 3)) {
      const wine = await restaurant<CellarWine>(
        'GET',
        `${accounts.base('restaurant')}/own-wines/${row.cellarWineId}`,
      );
      expect(row.bottles).toBe(wine.payload.quantity);
      expect(row.bottles).toBeLessThanOrEqual(2);
    }
    // The answer names the first wine as a link with its real bottles.
    const first = low.rows[0] as LowStockData['rows'][number];
    const text = renderToolAnswer('low_stock', { ...low }, 'en');
    expect(text).toContain(`](kork:wine/${first.cellarWineId}) | ${first.bottles} |`);
  });

  it('sales and margins are the sales analytics of the same period', async () => {
    const to = todayIso();
    const from = isoOfDay(dayNumber(to) - 89);
    const sales = await run('restaurant', 'sales_and_margins', { from, to, order: 'margin_asc', limit: 5 });
    const analytics = await restaurant<SalesAnalytics>(
      'GET',
      `${accounts.base('restaurant')}/sales-analytics?from=${from}&to=${to}`,
    );
    expect(analytics.status).toBe(200);
    expect(sales.totals.revenue).toBe(analytics.payload.totals.revenue);
    expect(sales.totals.bottles).toBe(analytics.payload.totals.units);
    expect(sales.count).toBe(analytics.payload.byWine.length);
    expect(sales.rows.length).toBe(Math.min(5, sales.count));
    const margins = sales.rows.map((row) => row.margin);
    expect(margins).toEqual([...margins].sort((a, b) => a - b));
  });

  it('drink now and pairing answer only wines the collector holds', async () => {
    const own = new Map(collectorWines.map((wine) => [wine.id, wine]));
    const now = await run('private', 'drink_now', { includePastWindow: true, limit: 25 });
    for (const row of now.rows) expect(own.get(row.cellarWineId)?.quantity).toBe(row.bottles);
    const inStock = collectorWines.filter((wine) => wine.quantity > 0);
    const noWindow = inStock.filter(
      (wine) =>
        wine.drinkingWindowFrom === undefined &&
        wine.drinkingWindowTo === undefined &&
        wine.suggestedDrinkingWindowFrom === undefined &&
        wine.suggestedDrinkingWindowTo === undefined,
    );
    expect(now.withoutWindow).toBe(noWindow.length);
    expect(now.count + now.withoutWindow).toBeLessThanOrEqual(inStock.length);
    for (const food of ['fish', 'beef', 'cheese', 'aperitif']) {
      const paired = await run('private', 'pair_with_food', { food });
      expect(paired.matchedFoods.length).toBe(1);
      for (const row of paired.rows) expect(own.has(row.cellarWineId)).toBe(true);
    }
  });

  it('the wine lists of a wine: the restaurant’s lists holding it', async () => {
    const wine = restaurantWines.find((w) => w.quantity > 0 && w.wineListCategoryId) as CellarWine;
    const memberships = await restaurant<{ rows: { id: string }[]; count: number }>(
      'GET',
      `${accounts.base('restaurant')}/own-wines/${wine.id}/wine-lists`,
    );
    const lists = await run('restaurant', 'wine_lists_of_wine', { cellarWineId: wine.id });
    expect(lists.count).toBe(memberships.payload.count);
    expect(lists.rows.map((row) => row.id)).toEqual(memberships.payload.rows.map((row) => row.id));
  });

  it('refuses another user’s wine and location ids without a trace of their data', async () => {
    // A catalogue wine's row id is the catalogue wine's id, so both cellars may hold a row of the same id:
    // that one is the collector's own. Take a wine only the restaurant holds.
    const collectors = new Set(collectorWines.map((wine) => wine.id));
    const theirs = restaurantWines.find(
      (wine) => wine.quantity > 0 && !collectors.has(wine.id) && wine.placements.some((p) => p.locationId),
    ) as CellarWine;
    for (const [tool, input] of [
      ['wine_lists_of_wine', { cellarWineId: theirs.id }],
      ['propose_price', { cellarWineId: theirs.id, sellingPrice: 100 }],
    ] as const) {
      const error = await refused('private', tool, input);
      expect(error).toContain('not found in your cellar');
      expect(error).not.toContain(theirs.wineName);
    }
    const location = theirs.placements.find((p) => p.locationId)?.locationId as string;
    expect(location).toBeTruthy();
    expect(await refused('private', 'search_cellar', { locationId: location })).toContain(
      'not found in your cellar',
    );
  });

  it('propose_price answers the change and changes nothing', async () => {
    const wine = restaurantWines.find((w) => w.quantity > 0 && w.sellingPrice) as CellarWine;
    const result = await runTool(contextOf('restaurant'), 'propose_price', {
      cellarWineId: wine.id,
      sellingPrice: (wine.sellingPrice as number) + 5000,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.output.proposal).toMatchObject({
      kind: 'price',
      cellarWineId: wine.id,
      currentPrice: wine.sellingPrice,
      newPrice: (wine.sellingPrice as number) + 5000,
    });
    const after = await restaurant<CellarWine>('GET', `${accounts.base('restaurant')}/own-wines/${wine.id}`);
    expect(after.payload.sellingPrice).toBe(wine.sellingPrice);
    expect(after.payload.updatedAt).toBe(wine.updatedAt);
  });

  it('reorder suggestions name offered wines; propose_cart checks them, changes nothing, and its confirmation through the cart route lands once', async () => {
    const cellars = await restaurant<{ rows: { id: string }[] }>(
      'GET',
      `${accounts.base('restaurant')}/cellars`,
    );
    const cartPath = `/api/wine-cellars/cellars/${cellars.payload.rows[0]?.id}/nbs/cart-items`;
    const before = await restaurant<Cart>('GET', cartPath);
    expect(before.status).toBe(200);

    const suggestions = (await run('restaurant', 'reorder_suggestions', {})) as ReorderSuggestionsData;
    expect(suggestions.rows.length).toBeGreaterThanOrEqual(2);
    const picked = suggestions.rows.slice(0, 2);
    const result = await runTool(contextOf('restaurant'), 'propose_cart', {
      items: picked.map((row) => ({ supplierId: row.supplierId, wineId: row.wineId, quantity: 1 })),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.output.proposal?.kind).toBe('cart');
    const proposal = result.output.proposal as Extract<typeof result.output.proposal, { kind: 'cart' }>;
    expect(proposal.items.map((item) => [item.supplierId, item.wineId, item.unitPrice])).toEqual(
      picked.map((row) => [row.supplierId, row.wineId, row.unitPrice]),
    );

    const after = await restaurant<Cart>('GET', cartPath);
    expect(after.payload.version).toBe(before.payload.version);
    expect(after.payload.totalCartQuantity).toBe(before.payload.totalCartQuantity);

    // Confirmed as the web confirms it: each item through the existing cart route with a key made of
    // the proposal's id; a double tap (the same requests again, at once) changes the cart once.
    const confirm = () =>
      Promise.all(
        proposal.items.map((item, index) =>
          restaurant<Cart>('POST', cartPath, {
            json: { supplierId: item.supplierId, wineId: item.wineId, quantity: item.quantity },
            headers: { 'idempotency-key': `assistant-proposal-${proposal.id}-${index}` },
          }),
        ),
      );
    const answers = [...(await Promise.all([confirm(), confirm()])).flat(), ...(await confirm())];
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
    const confirmed = await restaurant<Cart>('GET', cartPath);
    const proposed = proposal.items.reduce((sum, item) => sum + item.quantity, 0);
    expect(confirmed.payload.totalCartQuantity).toBe(before.payload.totalCartQuantity + proposed);

    // A supplier that does not offer the wine is refused; the collector has no supplier cart.
    const wrong = await refused('restaurant', 'propose_cart', {
      items: [{ supplierId: 'no-such-supplier', wineId: picked[0]?.wineId, quantity: 1 }],
    });
    expect(wrong).toContain('does not offer');
    expect(
      await refused('private', 'propose_cart', {
        items: [{ supplierId: picked[0]?.supplierId, wineId: picked[0]?.wineId, quantity: 1 }],
      }),
    ).toContain('business accounts');
  });
});

describe('runTool on the stack', () => {
  it('bounds a large answer sent back to the model and keeps it valid JSON', async () => {
    const result = await runTool(contextOf('restaurant'), 'search_cellar', { limit: 25 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = JSON.stringify(result.content);
    expect(text.length).toBeLessThanOrEqual(8000);
    expect(JSON.parse(text)).toMatchObject({ count: restaurantCount });
  });
});
