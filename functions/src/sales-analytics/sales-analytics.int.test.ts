/**
 * Sales analytics through the HTTP API against DynamoDB Local: totals with and without VAT, margins,
 * grouping by day, week and month, by category, country and wine, top and bottom sellers, shrinkage
 * from a finished count, who may ask, bad periods, and a new sale seen by the very next request.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { bumpCellarVersion } from '@kork/functions/cellar/kernel/cellar-version';
import { db } from '@kork/functions/data/entities';
import { rebuildRollups } from '@kork/functions/sales/sale-rollup-rebuild';
import { forgetKeptSales } from '@kork/functions/sales-analytics/sales-lines';
import {
  type CellarWine,
  dayNumber,
  isoOfDay,
  type SaleLine,
  type SalesAnalytics,
  todayIso,
} from '@kork/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private', 'admin'],
});
const { tokens, userIds } = accounts;
const R = 'restaurant';

const today = dayNumber(todayIso());
/** The day `n` days before today. */
const ago = (n: number) => isoOfDay(today - n);

let barolo: CellarWine;
let chablis: CellarWine;
let cava: CellarWine;
let riesling: CellarWine;

function lineOf(wine: CellarWine, units: number, unitPrice: number, extra: Partial<SaleLine> = {}): SaleLine {
  return {
    ownWineId: wine.id,
    wineDisplayName: wine.wineDisplayName,
    mainCategoryId: wine.mainCategoryId,
    country: wine.country,
    units,
    unitPrice,
    byGlass: false,
    locationId: null,
    unitCost: wine.purchasePriceWovat,
    vatPercentage: 25,
    total: units * unitPrice,
    ...extra,
  };
}

/**
 * A sale as the sales routes store it, its day rollups as its transaction adds them (rebuilt here from
 * the sales), and the cellar's version raised as the sale's own transaction raises it.
 */
async function recordSale(date: string, products: SaleLine[]): Promise<string> {
  const ownerId = userIds[R] as string;
  const id = ulid();
  await db()
    .entities.sale.create({
      ownerId,
      id,
      date,
      customer: {},
      contactPerson: {},
      products,
      units: products.reduce((sum, line) => sum + line.units, 0),
      totalPrice: products.reduce((sum, line) => sum + line.total, 0),
      createdBy: ownerId,
      createdByName: 'Fjord Bistro',
      createdAt: new Date().toISOString(),
    })
    .go();
  await rebuildRollups(ownerId, { force: true });
  await bumpCellarVersion(ownerId);
  return id;
}

/** A sale deleted as the sales routes delete it: gone (and out of its rollups), with a SALE_DELETED entry naming it. */
async function deleteSale(saleId: string, wine: CellarWine): Promise<void> {
  const ownerId = userIds[R] as string;
  await db().entities.sale.delete({ ownerId, id: saleId }).go();
  await db()
    .entities.cellarHistory.create({
      ownerId,
      id: ulid(),
      at: new Date().toISOString(),
      action: 'SALE_DELETED',
      ownWineId: wine.id,
      wineDisplayName: wine.wineDisplayName,
      actorId: ownerId,
      actorName: 'Fjord Bistro',
      before: { quantity: wine.quantity, placements: [], saleId },
      after: { quantity: wine.quantity, placements: [], saleId },
    })
    .go();
  await rebuildRollups(ownerId, { force: true });
  await bumpCellarVersion(ownerId);
}

async function analytics(query = '', user = R) {
  return origin.api<SalesAnalytics>('GET', `/api/wine-cellars/users/${userIds[R]}/sales-analytics${query}`, {
    token: tokens[user],
  });
}

beforeAll(async () => {
  const custom = (wineName: string, extra: Record<string, unknown>) =>
    accounts.addWine(R, { source: 'CUSTOM', wineName, bottleSize: 0.75, ...extra });
  barolo = await custom('Barolo', {
    vintage: 2019,
    mainCategoryId: 'red',
    country: 'Italia',
    quantity: 10,
    purchasePriceWovat: 10_000,
  });
  chablis = await custom('Chablis', {
    vintage: 2022,
    mainCategoryId: 'white',
    country: 'Frankrike',
    quantity: 4,
    purchasePriceWovat: 8_000,
  });
  cava = await custom('Cava', { mainCategoryId: 'sparkling', country: 'Spania', quantity: 1 });
  riesling = await custom('Riesling', {
    vintage: 2021,
    mainCategoryId: 'white',
    country: 'Tyskland',
    quantity: 6,
    purchasePriceWovat: 9_000,
  });
  // Ten days ago: two Barolo and a Chablis poured by the glass.
  await recordSale(ago(10), [lineOf(barolo, 2, 50_000), lineOf(chablis, 1, 40_000, { byGlass: true })]);
  // Forty days ago: three Cava, no purchase price.
  await recordSale(ago(40), [lineOf(cava, 3, 25_000)]);
  // Four hundred days ago: outside the default year.
  await recordSale(ago(400), [lineOf(barolo, 5, 50_000)]);
  // A finished count five days ago found a Barolo and two Rieslings missing and a Chablis too many.
  const ownerId = userIds[R] as string;
  const countId = ulid();
  const now = new Date().toISOString();
  const counter = { countedBy: ownerId, countedByName: 'Fjord Bistro', countedAt: now };
  await db()
    .entities.stockCount.create({
      ownerId,
      id: countId,
      name: 'Månedstelling',
      date: ago(5),
      asOf: `${ago(5)}T23:59:59.999Z`,
      status: 'finished',
      outcome: 'reportOnly',
      createdBy: ownerId,
      createdByName: 'Fjord Bistro',
      createdAt: now,
      finishedAt: now,
      updatedAt: now,
    })
    .go();
  await db()
    .entities.stockCountEntry.put([
      {
        ownerId,
        countId,
        ownWineId: barolo.id,
        locationId: 'uncategorized',
        counted: 9,
        expected: 10,
        unitCost: 10_000,
        ...counter,
      },
      {
        ownerId,
        countId,
        ownWineId: riesling.id,
        locationId: 'uncategorized',
        counted: 4,
        expected: 6,
        unitCost: 9_000,
        ...counter,
      },
      {
        ownerId,
        countId,
        ownWineId: chablis.id,
        locationId: 'uncategorized',
        counted: 5,
        expected: 4,
        unitCost: 8_000,
        ...counter,
      },
    ])
    .go();
  // An open count says nothing yet.
  await db()
    .entities.stockCount.create({
      ownerId,
      id: ulid(),
      date: ago(1),
      asOf: `${ago(1)}T23:59:59.999Z`,
      status: 'open',
      createdBy: ownerId,
      createdByName: 'Fjord Bistro',
      createdAt: now,
      updatedAt: now,
    })
    .go();
});

describe('sales analytics', () => {
  it('totals the last 365 days by month when nothing is asked', async () => {
    const answer = await analytics();
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(200);
    const result = answer.payload;
    expect(result).toMatchObject({ from: ago(364), to: ago(0), groupBy: 'month', currency: 'NOK' });
    expect(result.totals).toEqual({
      revenue: 80_000 + 32_000 + 60_000,
      revenueWithVat: 100_000 + 40_000 + 75_000,
      cost: 20_000 + 8_000,
      margin: 172_000 - 28_000,
      marginPercentage: 83.7,
      units: 6,
      glassUnits: 1,
      sales: 2,
      unitsWithoutCost: 3,
    });
    // Every month of the year is there, sold in or not.
    expect(result.series.length).toBeGreaterThanOrEqual(12);
    expect(result.series.reduce((sum, p) => sum + p.units, 0)).toBe(6);
    expect(result.series[0]?.period.endsWith('-01')).toBe(true);
  });

  it('groups by day and by ISO week over a chosen period', async () => {
    const byDay = (await analytics(`?from=${ago(12)}&to=${ago(8)}&groupBy=day`)).payload;
    expect(byDay.series.map((p) => [p.period, p.units])).toEqual([
      [ago(12), 0],
      [ago(11), 0],
      [ago(10), 3],
      [ago(9), 0],
      [ago(8), 0],
    ]);
    const byWeek = (await analytics(`?from=${ago(50)}&to=${ago(0)}&groupBy=week`)).payload;
    for (const p of byWeek.series) expect(new Date(`${p.period}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(byWeek.series.filter((p) => p.units > 0).map((p) => p.units)).toEqual([3, 3]);
    // Two years back includes the old sale.
    const long = (await analytics(`?from=${ago(700)}`)).payload;
    expect(long.totals.units).toBe(11);
  });

  it('by category, country and wine, with stock, turnover and days left', async () => {
    const result = (await analytics('?top=2')).payload;
    expect(result.byCategory.map((g) => [g.key, g.units, g.revenue])).toEqual([
      ['red', 2, 80_000],
      ['sparkling', 3, 60_000],
      ['white', 1, 32_000],
    ]);
    expect(result.byCountry.map((g) => g.key)).toEqual(['Italia', 'Spania', 'Frankrike']);
    expect(result.byWine.map((w) => w.ownWineId)).toEqual([barolo.id, cava.id, chablis.id]);
    expect(result.byWine[0]).toMatchObject({
      wineDisplayName: barolo.wineDisplayName,
      stock: 10,
      turnover: 0.2,
      daysOfStockLeft: 1825,
      margin: 60_000,
      marginPercentage: 75,
    });
    expect(result.topSellers.map((w) => w.ownWineId)).toEqual([cava.id, barolo.id]);
    // In stock and selling least: the Riesling sold nothing, the Chablis one glass bottle.
    expect(result.bottomSellers.map((w) => [w.ownWineId, w.units])).toEqual([
      [riesling.id, 0],
      [chablis.id, 1],
    ]);
  });

  it('counts what a finished count found missing in the period', async () => {
    const result = (await analytics()).payload;
    expect(result.shrinkage).toMatchObject({ bottles: 3, value: 10_000 + 2 * 9_000 });
    expect(result.shrinkage.counts).toEqual([
      expect.objectContaining({ date: ago(5), name: 'Månedstelling', bottles: 3, value: 28_000 }),
    ]);
    const before = (await analytics(`?from=${ago(30)}&to=${ago(6)}`)).payload;
    expect(before.shrinkage).toEqual({ bottles: 0, value: 0, counts: [] });
  });

  it('sees a new sale and a deleted one at the very next request', async () => {
    const before = (await analytics()).payload.totals.units;
    const saleId = await recordSale(ago(0), [lineOf(riesling, 2, 45_000)]);
    const after = (await analytics()).payload;
    expect(after.totals.units).toBe(before + 2);
    expect(after.byWine.find((w) => w.ownWineId === riesling.id)?.units).toBe(2);
    await deleteSale(saleId, riesling);
    const deleted = (await analytics()).payload;
    expect(deleted.totals.units).toBe(before);
    expect(deleted.byWine.find((w) => w.ownWineId === riesling.id)).toBeUndefined();
    // A new instance reads every sale and agrees.
    resetCellarSnapshots();
    forgetKeptSales();
    expect((await analytics()).payload.totals).toEqual(deleted.totals);
  });

  it('answers 400 for a period out of order, too long or malformed', async () => {
    const reversed = await analytics(`?from=${ago(1)}&to=${ago(5)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.error?.fields?.to).toBe('The end of the period must be on or after its start');
    const long = await analytics(`?from=${ago(1200)}&to=${ago(0)}`);
    expect(long.status).toBe(400);
    expect(long.error?.fields?.from).toBe('A period can be at most 1098 days');
    const fromOnly = await analytics(`?from=${ago(1200)}`);
    expect(fromOnly.status).toBe(400);
    for (const bad of ['?groupBy=year', '?from=2025-13-01', '?top=0', '?top=abc', '?to=tomorrow']) {
      expect((await analytics(bad)).status, bad).toBe(400);
    }
  });

  it('is for the cellar’s owner: 403 for others, 404 for an account that does not exist', async () => {
    expect((await analytics('', 'private')).status).toBe(403);
    const other = await origin.api('GET', `/api/wine-cellars/users/${userIds.private}/sales-analytics`, {
      token: tokens.restaurant,
    });
    expect(other.status).toBe(403);
    expect((await origin.api('GET', `/api/wine-cellars/users/${userIds[R]}/sales-analytics`)).status).toBe(
      401,
    );
    const admin = await origin.api('GET', `/api/wine-cellars/users/${userIds[R]}/sales-analytics`, {
      token: tokens.admin,
    });
    expect(admin.status).toBe(200);
    const missing = await origin.api('GET', '/api/wine-cellars/users/nobody-here/sales-analytics', {
      token: tokens.admin,
    });
    expect(missing.status).toBe(404);
  });
});
