/**
 * The day rollups against DynamoDB Local: a sale adds its lines in its own transaction (a wine's lines
 * sharing one item), a request sent again and sales whose transactions were cancelled and retried count
 * once, a till sale counts once however often it arrives, deleting a sale subtracts it once, and the
 * backfill rebuilds what the sales sum to and changes nothing when run again.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { cellarVersionOf } from '@kork/functions/cellar/kernel/cellar-version';
import { db } from '@kork/functions/data/entities';
import { ingestPosSale } from '@kork/functions/pos/pos-ingest';
import { rebuildRollups } from '@kork/functions/sales/sale-rollup-rebuild';
import { rollupsBetween } from '@kork/functions/sales/sale-rollups';
import { type Sale, todayIso } from '@kork/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });
const { tokens } = accounts;
const R = 'restaurant';
const owner = () => accounts.userIds[R] as string;

function custom(name: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Rull',
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    country: 'Italia',
    quantity,
    purchasePriceWovat: 10_000,
    ...extra,
  };
}

const sell = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  origin.api<Sale>('POST', `${accounts.base(R)}/sales`, { token: tokens[R], json: body, headers });

/** The rollup items of one wine on a day, with only the sums. */
async function rollupOf(ownWineId: string, day: string) {
  const items = (await rollupsBetween(owner(), day, day)).filter((item) => item.ownWineId === ownWineId);
  return items.map((item) => ({
    units: item.units,
    glassUnits: item.glassUnits,
    revenue: item.revenue,
    revenueWithVat: item.revenueWithVat,
    cost: item.cost,
    sales: item.sales,
  }));
}

describe('day rollups', () => {
  it('adds a sale in its transaction, one item per wine, and a repeated request once', async () => {
    const day = '2026-03-02';
    const a = await accounts.addWine(R, custom('Rull A', 10));
    const b = await accounts.addWine(
      R,
      custom('Rull B', 10, { mainCategoryId: 'white', country: 'Frankrike' }),
    );
    const body = {
      date: day,
      products: [
        { ownWineId: a.id, units: 2, unitPrice: 50_000 },
        { ownWineId: a.id, units: 1, unitPrice: 60_000, byGlass: true },
        { ownWineId: b.id, units: 1, unitPrice: 40_000 },
      ],
    };
    const key = { 'idempotency-key': ulid() };
    const first = await sell(body, key);
    expect(first.status).toBe(201);
    const again = await sell(body, key);
    expect(again.payload.id).toBe(first.payload.id);
    expect(await rollupOf(a.id, day)).toEqual([
      { units: 3, glassUnits: 1, revenue: 128_000, revenueWithVat: 160_000, cost: 30_000, sales: 1 },
    ]);
    expect(await rollupOf(b.id, day)).toEqual([
      { units: 1, glassUnits: 0, revenue: 32_000, revenueWithVat: 40_000, cost: 10_000, sales: 1 },
    ]);
    // The distinct-sale counts are placed once per sale: one day, two categories, two countries.
    const items = await rollupsBetween(owner(), day, day);
    const sum = (field: 'daySales' | 'categorySales' | 'countrySales') =>
      items.reduce((n, item) => n + (item[field] ?? 0), 0);
    expect([sum('daySales'), sum('categorySales'), sum('countrySales')]).toEqual([1, 2, 2]);
    // In the account's `owned` collection, so deleting the account removes them.
    const { data: owned } = await db()
      .entities.saleRollup.query.byOwner({ ownerId: owner() })
      .go({ pages: 'all' });
    expect(
      owned
        .filter((item) => item.day === day)
        .map((item) => item.ownWineId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it('counts exactly the sales written when 10 of one wine meet and their transactions are retried', async () => {
    const day = '2026-03-03';
    const wine = await accounts.addWine(R, custom('Rull samtidig', 12));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sell({ date: day, products: [{ ownWineId: wine.id, units: 1, unitPrice: 30_000 }] }),
      ),
    );
    // Every sale written (its bottle out of stock) is counted once, whatever its answer.
    const sold = 12 - (await accounts.getWine(R, wine.id)).quantity;
    expect(sold).toBeGreaterThanOrEqual(answers.filter((answer) => answer.status === 201).length);
    expect(sold).toBeGreaterThan(0);
    expect(await rollupOf(wine.id, day)).toEqual([
      {
        units: sold,
        glassUnits: 0,
        revenue: sold * 24_000,
        revenueWithVat: sold * 30_000,
        cost: sold * 10_000,
        sales: sold,
      },
    ]);
  }, 60_000);

  it('counts a till sale once however often it arrives, and a deleted sale comes out once', async () => {
    const day = todayIso();
    const wine = await accounts.addWine(R, custom('Rull kasse', 10, { glassSize: 12.5 }));
    const sent = {
      posTransactionId: ulid(),
      soldAt: new Date().toISOString(),
      lines: [
        { productId: `B-${wine.id}`, quantity: 2, unitPrice: 50_000 },
        { productId: `G-${wine.id}`, quantity: 3, unitPrice: 15_000 },
      ],
    };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => ingestPosSale(owner(), sent, { name: 'POS: Bar' })),
    );
    expect(outcomes.filter((o) => o.status === 'recorded')).toHaveLength(1);
    // Two bottles (50,000 each) and three 12.5 cl glasses (15,000 each; 37.5 cl of a 10,000 bottle cost 5,000).
    const tillSale = {
      units: 2,
      glassUnits: 0,
      revenue: 116_000,
      revenueWithVat: 145_000,
      cost: 25_000,
      sales: 1,
    };
    expect(await rollupOf(wine.id, day)).toEqual([tillSale]);

    const saleId = outcomes[0]?.saleId as string;
    const deletes = await Promise.all(
      Array.from({ length: 4 }, () =>
        origin.api('DELETE', `${accounts.base(R)}/sales/${saleId}`, { token: tokens[R] }),
      ),
    );
    expect(deletes.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await rollupOf(wine.id, day)).toEqual([
      { units: 0, glassUnits: 0, revenue: 0, revenueWithVat: 0, cost: 0, sales: 0 },
    ]);
  }, 60_000);

  it('rebuilds from the sales what they sum to, and a second run changes nothing', async () => {
    const day = '2026-03-04';
    const wine = await accounts.addWine(R, custom('Rull bygget', 10));
    await sell({ date: day, products: [{ ownWineId: wine.id, units: 2, unitPrice: 25_000 }] });
    const right = await rollupOf(wine.id, day);
    // A rollup gone wrong (as a cellar's sales before rollups existed have none).
    await db()
      .entities.saleRollup.patch({ ownerId: owner(), day, group: `${wine.id}|red|Italia` })
      .set({ units: 99 })
      .go();
    const version = await cellarVersionOf(owner());
    const first = await rebuildRollups(owner(), { force: true });
    expect(first.status).toBe('rebuilt');
    expect(first.written).toBeGreaterThan(0);
    expect(await rollupOf(wine.id, day)).toEqual(right);
    // The analytics held or shared at the version before read the rollups again.
    expect(await cellarVersionOf(owner())).toBe(version + 1);
    expect(await rebuildRollups(owner())).toMatchObject({ status: 'skipped', written: 0 });
    expect(await rebuildRollups(owner(), { force: true })).toMatchObject({ status: 'rebuilt', written: 0 });
    expect(await cellarVersionOf(owner())).toBe(version + 1);
    expect(await rollupOf(wine.id, day)).toEqual(right);
  }, 60_000);
});
