/**
 * Wine-list engineering through the HTTP API against DynamoDB Local, on the demo restaurant's year of
 * sales and its wine lists: every listed wine placed in a class, the thresholds the classes were judged
 * by, price ladders, dead stock, who may ask and bad periods; and the answer read from the day rollups
 * is the one the raw sales give, whatever the period, list and dead-stock days.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import type { cellarSnapshot } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { cellarSeed } from '@kork/functions/cellar/seed';
import { demoYearSeed } from '@kork/functions/sales-analytics/demo-year-seed';
import {
  type DayPeriod,
  menuEngineering,
  type WineSales,
} from '@kork/functions/sales-analytics/menu-engineering-service';
import { salesLinesOf } from '@kork/functions/sales-analytics/sales-lines';
import { wineListsSeed } from '@kork/functions/wine-lists/seed';
import {
  type CellarWine,
  dayNumber,
  isoOfDay,
  LAST_SALE_LOOKBACK_DAYS,
  lastSaleSearch,
  MENU_CLASSES,
  type MenuEngineering,
  todayIso,
  type WineListSummary,
} from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { accounts, signedInAs } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, cellarSeed, wineListsSeed, demoYearSeed],
  signIn: ['restaurant', 'private'],
  timeout: 600_000,
});
const restaurant = signedInAs('restaurant');
const today = dayNumber(todayIso());
const ago = (n: number) => isoOfDay(today - n);

const engineering = (query = '') =>
  restaurant<MenuEngineering>(
    'GET',
    `${accounts.base('restaurant')}/sales-analytics/menu-engineering${query}`,
  );

/**
 * The sales figures as the raw sales give them: every sale line of the cellar, in one pass (what the
 * engineering read before the rollups).
 */
async function wineSalesFromLines(
  snapshot: Awaited<ReturnType<typeof cellarSnapshot>>,
  period: DayPeriod,
): Promise<WineSales> {
  const { lines, wines: sold } = await salesLinesOf(snapshot);
  const sales: WineSales = { bottles: new Map(), lastSale: new Map() };
  if (lines.length === 0) return sales;
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < lines.length; i++) first = Math.min(first, lines.day[i] as number);
  const search = lastSaleSearch(period, first);
  if (!search.complete) sales.searchedFrom = search.from;
  for (let i = 0; i < lines.length; i++) {
    const day = lines.day[i] as number;
    if (day > period.to || day < search.from) continue;
    const id = sold[lines.wine[i] as number]?.ownWineId as string;
    const units = lines.units[i] as number;
    if (units > 0 && day > (sales.lastSale.get(id) ?? -1)) sales.lastSale.set(id, day);
    if (day >= period.from) sales.bottles.set(id, (sales.bottles.get(id) ?? 0) + units);
  }
  return sales;
}

let listed: Set<string>;
let wines: Map<string, CellarWine>;

beforeAll(async () => {
  const lists = await restaurant<{ rows: (WineListSummary & { ownWineIds?: string[] })[] }>(
    'GET',
    `${accounts.base('restaurant')}/wine-lists`,
  );
  expect(lists.status).toBe(200);
  listed = new Set<string>();
  for (const list of lists.payload.rows) {
    const detail = await restaurant<{ entries: { ownWineId: string }[] }>(
      'GET',
      `${accounts.base('restaurant')}/wine-lists/${list.id}`,
    );
    for (const entry of detail.payload.entries) listed.add(entry.ownWineId);
  }
  wines = new Map();
  for (let page = 1; ; page++) {
    const answer = await restaurant<{ rows: CellarWine[] }>(
      'GET',
      `${accounts.base('restaurant')}/own-wines?resultsPerPage=500&page=${page}`,
    );
    for (const wine of answer.payload.rows) wines.set(wine.id, wine);
    if (answer.payload.rows.length < 500) break;
  }
});

describe('GET …/sales-analytics/menu-engineering', () => {
  it('places every wine on the demo lists in one of the four classes over the last year', async () => {
    const answer = await engineering();
    expect(answer.status).toBe(200);
    const data = answer.payload;
    expect(listed.size).toBeGreaterThan(10);
    const placed = new Set([...data.rows.map((r) => r.ownWineId), ...data.unpriced.map((u) => u.ownWineId)]);
    expect(placed).toEqual(listed);
    // The demo wines all have a selling and a purchase price.
    expect(data.unpriced).toEqual([]);
    for (const row of data.rows) expect(MENU_CLASSES).toContain(row.class);
    // A year of trade gives every class at least one wine.
    for (const klass of MENU_CLASSES)
      expect(
        data.rows.some((r) => r.class === klass),
        klass,
      ).toBe(true);
    expect(data.from).toBe(ago(364));
    expect(data.to).toBe(ago(0));
  });

  it('reports the thresholds the classes follow: the bottles-weighted mean margin and 70 % of a fair share', async () => {
    const { rows, thresholds } = (await engineering()).payload;
    const bottles = rows.reduce((sum, r) => sum + r.bottles, 0);
    expect(bottles).toBeGreaterThan(0);
    expect(thresholds.wines).toBe(rows.length);
    expect(thresholds.bottles).toBeCloseTo(bottles, 2);
    expect(thresholds.popularity).toBeCloseTo((0.7 * bottles) / rows.length, 2);
    const mean = rows.reduce((sum, r) => sum + r.margin * r.bottles, 0) / bottles;
    expect(thresholds.margin).toBe(Math.round(mean));
    for (const row of rows) {
      const high = row.margin >= mean - 1e-9;
      const popular = row.bottles > 0 && row.bottles >= (0.7 * bottles) / rows.length - 1e-9;
      expect(row.class, row.wineDisplayName).toBe(
        high ? (popular ? 'star' : 'puzzle') : popular ? 'plowhorse' : 'dog',
      );
      // The margin is the selling price without VAT less the purchase price without VAT.
      const wine = wines.get(row.ownWineId) as CellarWine;
      expect(row.margin).toBe(
        Math.round(((wine.sellingPrice ?? 0) * 100) / 125) - (wine.purchasePriceWovat ?? 0),
      );
    }
  });

  it('lays out each section’s prices lowest first and lists dead stock with the capital it holds', async () => {
    const data = (await engineering('?deadDays=30')).payload;
    expect(data.sections.length).toBeGreaterThan(1);
    for (const section of data.sections) {
      const prices = section.steps.map((s) => s.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
    expect(data.deadStock.days).toBe(30);
    const capital = data.deadStock.rows.reduce((sum, r) => sum + r.capital, 0);
    if (data.deadStock.count <= 100) expect(data.deadStock.capital).toBe(capital);
    for (const row of data.deadStock.rows) {
      expect(row.stock).toBeGreaterThan(0);
      if (row.daysSinceSale !== undefined) expect(row.daysSinceSale).toBeGreaterThanOrEqual(30);
    }
  });

  it('takes one list, and 404 for a list that is not the cellar’s', async () => {
    const all = (await engineering()).payload;
    const glass = all.lists.find((list) => list.id) as { id: string };
    const one = await engineering(`?listId=${glass.id}`);
    expect(one.status).toBe(200);
    expect(one.payload.rows.length).toBeLessThanOrEqual(all.rows.length);
    expect((await engineering('?listId=not-a-list')).status).toBe(404);
  });

  it('answers from the day rollups exactly what the raw sales give', async () => {
    const owner = accounts.userIds.restaurant as string;
    const lists = (await engineering()).payload.lists;
    expect(lists.length).toBeGreaterThan(0);
    const queries = [
      {},
      { deadDays: 30 },
      { from: ago(120), to: ago(30), deadDays: 14 },
      { from: ago(400), to: ago(200) },
      { to: ago(300), deadDays: 7 },
      { listId: lists[0]?.id as string, deadDays: 60 },
    ];
    for (const query of queries) {
      const fromRollups = await menuEngineering(owner, query);
      const fromSales = await menuEngineering(owner, query, wineSalesFromLines);
      expect(fromRollups, JSON.stringify(query)).toEqual(fromSales);
      expect(
        fromRollups.rows.some((row) => row.bottles > 0),
        JSON.stringify(query),
      ).toBe(fromSales.rows.some((row) => row.bottles > 0));
    }
    // Something was sold and something is dead stock with the days since its last sale, so both
    // figures were compared on real values.
    const year = await menuEngineering(owner, { deadDays: 30 });
    expect(year.rows.reduce((sum, row) => sum + row.bottles, 0)).toBeGreaterThan(0);
    expect(year.deadStock.rows.some((row) => row.daysSinceSale !== undefined)).toBe(true);
    // Through the route too.
    expect((await engineering('?deadDays=30')).payload).toEqual(year);
  });

  it('looks for a dead wine’s last sale two years back, not through every year of sales: older shows as 730+', async () => {
    const before = (await engineering('?deadDays=30')).payload.deadStock;
    const neverSold = before.rows.filter((row) => row.daysSinceSale === undefined && row.stock > 1);
    expect(neverSold.length).toBeGreaterThanOrEqual(2);
    const [older, newer] = neverSold as [(typeof neverSold)[0], (typeof neverSold)[0]];
    for (const [wine, daysAgo] of [
      [older, 800],
      [newer, 700],
    ] as const) {
      const sold = await restaurant('POST', `${accounts.base('restaurant')}/sales`, {
        json: { date: ago(daysAgo), products: [{ ownWineId: wine.ownWineId, units: 1, unitPrice: 10_000 }] },
      });
      expect(sold.status).toBe(201);
    }

    const after = (await engineering('?deadDays=30')).payload.deadStock;
    const row = (id: string) => after.rows.find((r) => r.ownWineId === id);
    // Sold 700 days ago: found, with its days. Sold 800 days ago: past the days searched, so "at least".
    expect(row(newer.ownWineId)).toMatchObject({ daysSinceSale: 700 });
    expect(row(older.ownWineId)?.daysSinceSale).toBeUndefined();
    expect(row(older.ownWineId)?.atLeastDays).toBe(LAST_SALE_LOOKBACK_DAYS);
    // A wine that never sold is no longer called "never": older sales were not read.
    const untouched = neverSold.find(
      (r) => r.ownWineId !== older.ownWineId && r.ownWineId !== newer.ownWineId,
    );
    if (untouched) expect(row(untouched.ownWineId)?.atLeastDays).toBe(LAST_SALE_LOOKBACK_DAYS);
    // The raw sales, read the same way, give the same answer.
    const owner = accounts.userIds.restaurant as string;
    expect(await menuEngineering(owner, { deadDays: 30 })).toEqual(
      await menuEngineering(owner, { deadDays: 30 }, wineSalesFromLines),
    );
  });

  it('answers 400 for bad periods and dead-stock days', async () => {
    const reversed = await engineering(`?from=${ago(1)}&to=${ago(5)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.error?.fields?.to).toBe('The end of the period must be on or after its start');
    const long = await engineering(`?from=${ago(1200)}&to=${ago(0)}`);
    expect(long.status).toBe(400);
    for (const bad of [
      '?from=2025-13-01',
      '?to=tomorrow',
      '?deadDays=1',
      '?deadDays=abc',
      '?deadDays=9999',
    ]) {
      expect((await engineering(bad)).status, bad).toBe(400);
    }
  });

  it('is for the cellar’s owner: 403 for another user’s cellar', async () => {
    const other = await restaurant('GET', `${accounts.base('private')}/sales-analytics/menu-engineering`);
    expect(other.status).toBe(403);
    const mine = await signedInAs('private')(
      'GET',
      `${accounts.base('restaurant')}/sales-analytics/menu-engineering`,
    );
    expect(mine.status).toBe(403);
  });
});
