/**
 * Sales analytics from the day rollups against DynamoDB Local: on a year of demo-like sales (bottles,
 * glasses, lines without a cost, a till's glass and recipe lines, a wine no longer in the cellar) the
 * figures summed from the rollups equal the figures summed from every sale line, for every grouping and
 * for periods of a week to a year.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { cellarSnapshot, resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { bumpCellarVersion } from '@kork/functions/cellar/kernel/cellar-version';
import { db } from '@kork/functions/data/entities';
import { rebuildRollups } from '@kork/functions/sales/sale-rollup-rebuild';
import { periodOf, salesAnalytics } from '@kork/functions/sales-analytics/sales-analytics-service';
import { salesLinesOf } from '@kork/functions/sales-analytics/sales-lines';
import {
  aggregateSales,
  type CellarWine,
  dayNumber,
  isoOfDay,
  type SaleLine,
  type SalesAnalytics,
  type SalesAnalyticsQuery,
  todayIso,
} from '@kork/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });
const api = <T>(method: string, path: string, json?: unknown) =>
  origin.api<T>(method, path, { token: accounts.tokens.restaurant, ...(json ? { json } : {}) });
const R = 'restaurant';
const owner = () => accounts.userIds[R] as string;
const today = dayNumber(todayIso());
const STYLES = ['red', 'white', 'rose', 'sparkling'];
const COUNTRIES = ['Italia', 'Frankrike', 'Spania'];

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

function lineOf(wine: CellarWine): SaleLine {
  const units = 1 + Math.floor(random() * 3);
  const unitPrice = wine.sellingPrice ?? 30_000;
  const kind = random();
  const base = {
    ownWineId: wine.id,
    wineDisplayName: wine.wineDisplayName,
    mainCategoryId: wine.mainCategoryId,
    country: wine.country,
    locationId: null,
    vatPercentage: 25,
  };
  // A till's glasses: what was paid and what was poured.
  if (kind < 0.1)
    return {
      ...base,
      kind: 'glass',
      servings: units,
      units: 0,
      unitPrice: 9_900,
      byGlass: true,
      total: units * 9_900,
      lineCost: units * 1_333,
    };
  return {
    ...base,
    units,
    unitPrice,
    byGlass: kind < 0.3,
    ...(kind > 0.95 ? {} : { unitCost: wine.purchasePriceWovat }),
    total: units * unitPrice,
  };
}

async function writeYear(wines: CellarWine[]): Promise<void> {
  const gone = { ...(wines[0] as CellarWine), id: 'gone-wine', wineDisplayName: 'Solgt ut 2015' };
  const sales: Record<string, unknown>[] = [];
  for (let i = 0; i < 700; i++) {
    const day = today - Math.floor(random() * 400);
    const products = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
      lineOf(random() < 0.02 ? gone : (wines[Math.floor(random() ** 2 * wines.length)] as CellarWine)),
    );
    if (random() < 0.05)
      products.push({
        ownWineId: 'recipe:spritz',
        wineDisplayName: 'Spritz',
        kind: 'recipe',
        servings: 2,
        units: 0,
        unitPrice: 12_900,
        byGlass: false,
        locationId: null,
        vatPercentage: 25,
        total: 25_800,
        lineCost: 2_100,
      });
    sales.push({
      ownerId: owner(),
      id: ulid(day * 86_400_000 + 43_200_000 + i),
      date: isoOfDay(day),
      customer: {},
      contactPerson: {},
      products,
      units: products.reduce((sum, l) => sum + l.units, 0),
      totalPrice: products.reduce((sum, l) => sum + l.total, 0),
      createdBy: owner(),
      createdByName: 'Demo',
      createdAt: new Date().toISOString(),
    });
  }
  const batch = db().entities.sale as unknown as {
    put(items: unknown[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
  };
  expect((await batch.put(sales).go({ concurrent: 4 })).unprocessed).toEqual([]);
  await rebuildRollups(owner(), { force: true });
  await bumpCellarVersion(owner());
}

beforeAll(async () => {
  const base = `${accounts.base(R)}/own-wines`;
  const ownWines = Array.from({ length: 80 }, (_, i) => ({
    source: 'CUSTOM',
    wineName: `Demo ${i}`,
    producerName: `Gård ${i % 9}`,
    vintage: 2000 + (i % 20),
    bottleSize: 0.75,
    quantity: i % 7,
    mainCategoryId: STYLES[i % STYLES.length],
    country: COUNTRIES[i % COUNTRIES.length],
    purchasePriceWovat: 9_000 + ((i * 7919) % 50_000),
    sellingPrice: 25_000 + ((i * 104_729) % 150_000),
  }));
  const made = await api('POST', `${base}/bulk_create`, { ownWines });
  expect(made.status).toBe(201);
  const listed = await api<{ rows: CellarWine[] }>('GET', `${base}?resultsPerPage=200`);
  await writeYear(listed.payload.rows);
}, 120_000);

describe('sales analytics from the day rollups', () => {
  const queries: SalesAnalyticsQuery[] = [
    {},
    { groupBy: 'day', top: 25 },
    { groupBy: 'week', from: isoOfDay(today - 89), to: isoOfDay(today) },
    { groupBy: 'month', from: isoOfDay(today - 399), to: isoOfDay(today - 30), top: 100 },
    { groupBy: 'day', from: isoOfDay(today - 6), to: isoOfDay(today), top: 5 },
  ];

  it('answer what every sale line sums to, for every grouping and period', async () => {
    for (const query of queries) {
      resetCellarSnapshots();
      const fromRollups = await salesAnalytics(owner(), query);
      const snapshot = await cellarSnapshot(owner());
      const { lines, wines } = await salesLinesOf(snapshot);
      const fromLines = aggregateSales(lines, wines, periodOf(query));
      const { currency: _c, shrinkage: _s, ...figures } = fromRollups;
      expect(figures).toEqual(fromLines);
    }
    // The year holds sales of every kind the comparison is about.
    const year = await salesAnalytics(owner(), {});
    expect(year.totals.sales).toBeGreaterThan(500);
    expect(year.totals.glassUnits).toBeGreaterThan(0);
    expect(year.totals.unitsWithoutCost).toBeGreaterThan(0);
    expect(year.byWine.map((w) => w.ownWineId)).toEqual(
      expect.arrayContaining(['gone-wine', 'recipe:spritz']),
    );
  }, 60_000);

  it('answers through the route as the sums say', async () => {
    const answer = await api<SalesAnalytics>('GET', `${accounts.base(R)}/sales-analytics?groupBy=week`);
    expect(answer.status).toBe(200);
    const direct = await salesAnalytics(owner(), { groupBy: 'week' });
    expect(answer.payload.totals).toEqual(direct.totals);
    expect(answer.payload.series).toEqual(direct.series);
  });
});
