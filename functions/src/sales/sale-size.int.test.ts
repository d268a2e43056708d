/**
 * How big a sale may be, against DynamoDB Local (docs/sales-and-orders.md "How big a sale may be"): the
 * largest sale allowed — 40 lines of 25 wines whose bottles come from 20 locations — is recorded and
 * deleted, each in one transaction, and afterwards the stock, placements and day rollups are as they
 * were, with a SOLD and a SALE_DELETED entry for every wine. A sale over any limit is refused with 400
 * and the rule named, and changes nothing.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { tables } from '@kork/functions/data/tables';
import { rollupsBetween } from '@kork/functions/sales/sale-rollups';
import { type CellarWine, SALE_LIMITS, type Sale } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });
const { tokens } = accounts;
const R = 'restaurant';
const owner = () => accounts.userIds[R] as string;
const DAY = '2026-05-11';

async function location(name: string): Promise<string> {
  const answer = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/locations`, {
    token: tokens[R],
    json: { name },
  });
  expect(answer.status).toBe(201);
  return answer.payload.id;
}

const wine = (name: string, locationId: string) =>
  accounts.addWine(R, {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Stor',
    vintage: 2018,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    country: 'Spania',
    quantity: 6,
    purchasePriceWovat: 12_000,
    locationId,
  });

const sell = (products: Record<string, unknown>[]) =>
  origin.api<Sale>('POST', `${accounts.base(R)}/sales`, {
    token: tokens[R],
    json: { date: DAY, products },
  });

const historyOf = (ownWineId: string) => accounts.wineHistory(R, ownWineId);

/** What a user sees of each wine's stock. */
const stockOf = (wines: CellarWine[]) =>
  wines.map((w) => ({
    quantity: w.quantity,
    placements: [...w.placements].sort((a, b) => String(a.locationId).localeCompare(String(b.locationId))),
  }));

const current = (wines: CellarWine[]) => Promise.all(wines.map((w) => accounts.getWine(R, w.id)));

/** The day's rollup sums over all wines (what the analytics add up). */
async function daySums() {
  const items = await rollupsBetween(owner(), DAY, DAY);
  const sum = (field: 'units' | 'revenue' | 'revenueWithVat' | 'cost' | 'sales' | 'daySales') =>
    items.reduce((total, item) => total + (item[field] ?? 0), 0);
  return {
    units: sum('units'),
    revenue: sum('revenue'),
    revenueWithVat: sum('revenueWithVat'),
    cost: sum('cost'),
    sales: sum('sales'),
    daySales: sum('daySales'),
  };
}

describe('how big a sale may be', () => {
  it('records and deletes the largest sale allowed, spread over 20 locations, whole', async () => {
    expect(SALE_LIMITS).toMatchObject({ productsMax: 40, winesMax: 25, locationsMax: 20 });
    const places = await Promise.all(
      Array.from({ length: SALE_LIMITS.locationsMax }, (_, i) => location(`Stor hylle ${i + 1}`)),
    );
    // One at a time: wines added at once to one cellar all meet on its version item.
    const wines: CellarWine[] = [];
    for (let i = 0; i < SALE_LIMITS.winesMax; i++)
      wines.push(await wine(`Stor ${i + 1}`, places[i % places.length] as string));
    const stockBefore = stockOf(await current(wines));
    const sumsBefore = await daySums();

    // 40 lines: every wine by the bottle, the first 15 also by the glass.
    const products = [
      ...wines.map((w) => ({ ownWineId: w.id, units: 2, unitPrice: 50_000 })),
      ...wines
        .slice(0, SALE_LIMITS.productsMax - SALE_LIMITS.winesMax)
        .map((w) => ({ ownWineId: w.id, units: 1, unitPrice: 9_000, byGlass: true })),
    ];
    expect(products).toHaveLength(SALE_LIMITS.productsMax);
    const sold = await sell(products);
    expect(sold.status, JSON.stringify(sold.error)).toBe(201);
    expect(new Set(sold.payload.products.map((line) => line.locationId))).toEqual(new Set(places));
    expect((await current(wines)).reduce((n, w) => n + w.quantity, 0)).toBe(25 * 6 - 25 * 2 - 15);
    expect((await daySums()).units - sumsBefore.units).toBe(65);
    expect((await daySums()).daySales - sumsBefore.daySales).toBe(1);

    const deleted = await origin.api<Sale>('DELETE', `${accounts.base(R)}/sales/${sold.payload.id}`, {
      token: tokens[R],
    });
    expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
    expect(stockOf(await current(wines))).toEqual(stockBefore);
    expect(await daySums()).toEqual(sumsBefore);
    for (const w of wines.slice(0, 3)) {
      const actions = (await historyOf(w.id)).map((entry) => entry.action);
      expect(actions.filter((a) => a === 'SOLD')).toHaveLength(1);
      expect(actions.filter((a) => a === 'SALE_DELETED')).toHaveLength(1);
    }
    const gone = await origin.api('GET', `${accounts.base(R)}/sales/${sold.payload.id}`, {
      token: tokens[R],
    });
    expect(gone.status).toBe(404);
  });

  it('refuses a sale over a limit with 400 naming the rule, and changes nothing', async () => {
    const places = await Promise.all(
      Array.from({ length: SALE_LIMITS.locationsMax + 1 }, (_, i) => location(`For mange ${i + 1}`)),
    );
    const wines: CellarWine[] = [];
    for (let i = 0; i <= SALE_LIMITS.winesMax; i++)
      wines.push(await wine(`For mange ${i + 1}`, places[i % places.length] as string));
    const stockBefore = stockOf(await current(wines));
    const sumsBefore = await daySums();
    const line = (w: CellarWine) => ({ ownWineId: w.id, units: 1, unitPrice: 40_000 });

    const tooManyWines = await sell(wines.map(line));
    expect(tooManyWines.status).toBe(400);
    expect(tooManyWines.error?.fields?.products).toBe('At most 25 wines in one sale');

    const tooManyLines = await sell(
      Array.from({ length: SALE_LIMITS.productsMax + 1 }, () => line(wines[0] as CellarWine)),
    );
    expect(tooManyLines.status).toBe(400);
    expect(tooManyLines.error?.fields?.products).toBe('At most 40 lines in one sale');

    // 21 wines, each in its own location: within the wines, over the locations.
    const tooManyPlaces = await sell(wines.slice(0, SALE_LIMITS.locationsMax + 1).map(line));
    expect(tooManyPlaces.status).toBe(400);
    expect(tooManyPlaces.error?.fields?.products).toBe(
      'The bottles of one sale can come from at most 20 locations',
    );

    expect(stockOf(await current(wines))).toEqual(stockBefore);
    expect(await daySums()).toEqual(sumsBefore);
    expect((await historyOf((wines[0] as CellarWine).id)).some((e) => e.action === 'SOLD')).toBe(false);
  });

  it('refuses, with the way out, to delete a sale recorded before the limits that no transaction holds', async () => {
    const places = await Promise.all(Array.from({ length: 4 }, (_, i) => location(`Gammel ${i + 1}`)));
    const wines: CellarWine[] = [];
    for (let i = 0; i < 4; i++) wines.push(await wine(`Gammel ${i + 1}`, places[i] as string));
    const sold = await sell(wines.map((w) => ({ ownWineId: w.id, units: 1, unitPrice: 30_000 })));
    expect(sold.status, JSON.stringify(sold.error)).toBe(201);
    // As an older sale could be stored: 30 wines from 12 locations (3 × 30 + 12 + 2 = 104 items to delete).
    const stored = await tables('sales').sale.get({ ownerId: owner(), id: sold.payload.id }).go();
    const products = (stored.data?.products ?? []) as Record<string, unknown>[];
    const line = products[0] as Record<string, unknown>;
    const legacy = Array.from({ length: 30 }, (_, i) => ({
      ...line,
      lineId: `legacy-${i}`,
      ownWineId: i < 4 ? (wines[i] as CellarWine).id : `gone-wine-${i}`,
      locationId: `old-place-${i % 12}`,
    }));
    await tables('sales')
      .sale.patch({ ownerId: owner(), id: sold.payload.id })
      .set({ products: legacy })
      .go();
    const stockBefore = stockOf(await current(wines));

    const refused = await origin.api('DELETE', `${accounts.base(R)}/sales/${sold.payload.id}`, {
      token: tokens[R],
    });
    expect(refused.status).toBe(422);
    expect(refused.error?.message).toBe(
      'This sale holds too many wines and locations to be deleted in one step. Add its bottles back to the wines instead.',
    );
    expect(stockOf(await current(wines))).toEqual(stockBefore);
    const still = await origin.api('GET', `${accounts.base(R)}/sales/${sold.payload.id}`, {
      token: tokens[R],
    });
    expect(still.status).toBe(200);
  });
});
