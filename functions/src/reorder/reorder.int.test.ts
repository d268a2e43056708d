/**
 * Reordering through the HTTP API against DynamoDB Local: par levels and reorder points set on cellar
 * wines (validated, in the history), the wines at or under their reorder point with the bottles to order
 * in whole cases, and one reorder filling the supplier cart (a draft purchase order for a wine no
 * supplier offers), sent again with the same key without filling it twice.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import type {
  Cart,
  CellarWine,
  HistoryEntry,
  Order,
  ReorderAnswer,
  ReorderCartAnswer,
  Supplier,
  SupplierWine,
} from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';
import { type Business, cartPath, TestMarket } from '../../test/test-market';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, marketplaceSeed],
  signIn: ['restaurant'],
  timeout: 120_000,
});
const market = new TestMarket(() => origin);
let business: Business;
let offers: { supplier: Supplier; wine: SupplierWine }[] = [];
const wines: Record<'a' | 'b' | 'custom' | 'full', CellarWine> = {} as never;

const winesPath = () => `/api/wine-cellars/users/${business.id}/own-wines`;
const reorderPath = (id = business.id) => `/api/wine-cellars/users/${id}/reorder`;

async function addWine(body: Record<string, unknown>): Promise<CellarWine> {
  const answer = await origin.api<CellarWine>('POST', winesPath(), { token: business.token, json: body });
  expect(answer.error, JSON.stringify(body)).toBeUndefined();
  return answer.payload;
}

beforeAll(async () => {
  business = await market.freshBusiness('Påfyll');
  const all = await market.inStock(business.token, 40);
  const seen = new Set<string>();
  offers = all.filter((o) => !seen.has(o.supplier.id) && seen.add(o.supplier.id)).slice(0, 2);
  expect(offers).toHaveLength(2);
  const [a, b] = offers as [(typeof offers)[number], (typeof offers)[number]];
  wines.a = await addWine({ wineId: a.wine.wineId, quantity: 1, reorderPoint: 3, parLevel: 12, caseSize: 6 });
  wines.b = await addWine({ wineId: b.wine.wineId, quantity: 2, reorderPoint: 2, parLevel: 8 });
  wines.custom = await addWine({
    source: 'CUSTOM',
    wineName: 'Husets hvite',
    bottleSize: 0.75,
    quantity: 1,
    reorderPoint: 2,
    parLevel: 6,
    purchasePriceWovat: 9_000,
  });
  wines.full = await addWine({
    source: 'CUSTOM',
    wineName: 'Husets røde',
    bottleSize: 0.75,
    quantity: 10,
    reorderPoint: 3,
    parLevel: 12,
  });
}, 120_000);

describe('par levels on a cellar wine', () => {
  it('are set by PATCH, validated with clear messages and recorded in the history', async () => {
    const path = `${winesPath()}/${wines.b.id}`;
    const under = await origin.api('PATCH', path, {
      token: business.token,
      json: { parLevel: 1, reorderPoint: 4 },
    });
    expect(under.status).toBe(400);
    expect(JSON.stringify(under.error)).toContain('The par level must be at least the reorder point');
    const half = await origin.api('PATCH', path, { token: business.token, json: { caseSize: 2.5 } });
    expect(half.status).toBe(400);

    const set = await origin.api<CellarWine>('PATCH', path, {
      token: business.token,
      json: { parLevel: 10, caseSize: 6 },
    });
    expect(set.status).toBe(200);
    expect(set.payload).toMatchObject({ parLevel: 10, reorderPoint: 2, caseSize: 6 });
    const history = await origin.api<{ rows: HistoryEntry[] }>(
      'GET',
      `/api/wine-cellars/users/${business.id}/history?ownWineId=${wines.b.id}`,
      { token: business.token },
    );
    const entry = history.payload.rows.find((row) => row.action === 'UPDATED');
    expect(entry?.before?.parLevel).toBe(8);
    expect(entry?.after?.parLevel).toBe(10);
  });
});

describe('the reorder list and the cart', () => {
  it('lists the wines at or under their reorder point with bottles up to par in whole cases', async () => {
    const answer = await origin.api<ReorderAnswer>('GET', reorderPath(), { token: business.token });
    expect(answer.status).toBe(200);
    const byId = new Map(answer.payload.rows.map((row) => [row.ownWineId, row]));
    expect(byId.has(wines.full.id)).toBe(false);
    // 12 − 1 = 11 → two cases of 6.
    expect(byId.get(wines.a.id)).toMatchObject({
      quantity: 12,
      suggested: false,
      supplierId: offers[0]?.supplier.id,
      reason: { inStock: 1, reorderPoint: 3, parLevel: 12, caseSize: 6, reorderPointFrom: 'set' },
    });
    // 10 − 2 = 8 → two cases of 6.
    expect(byId.get(wines.b.id)?.quantity).toBe(12);
    expect(byId.get(wines.custom.id)).toMatchObject({ quantity: 5 });
    expect(byId.get(wines.custom.id)?.supplierId).toBeUndefined();
    expect(answer.payload.count).toBe(3);

    // One wine's figures, due or not: what its drawer shows beside the levels.
    const one = await origin.api<ReorderAnswer>('GET', `${reorderPath()}?ownWineId=${wines.full.id}`, {
      token: business.token,
    });
    expect(one.payload.rows).toHaveLength(1);
    expect(one.payload.rows[0]).toMatchObject({ quantity: 0, reason: { inStock: 10, reorderPoint: 3 } });
  });

  it('fills the cart by supplier and a draft order once, however often the same reorder is sent', async () => {
    const body = {
      lines: [
        { ownWineId: wines.a.id, quantity: 12 },
        { ownWineId: wines.b.id, quantity: 7, supplierId: offers[1]?.supplier.id },
        { ownWineId: wines.custom.id, quantity: 5 },
      ],
    };
    const send = () =>
      origin.api<ReorderCartAnswer>('POST', `${reorderPath()}/cart`, {
        token: business.token,
        json: body,
        headers: { 'idempotency-key': 'reorder-once-1' },
      });
    const first = await send();
    expect(first.error).toBeUndefined();
    expect(first.status).toBe(201);
    expect(first.payload.totalCartQuantity).toBe(19);
    expect(first.payload.cartLines.map((l) => [l.supplierId, l.quantity])).toEqual([
      [offers[0]?.supplier.id, 12],
      [offers[1]?.supplier.id, 7],
    ]);
    expect(first.payload.draftOrder?.lines).toEqual([{ ownWineId: wines.custom.id, quantity: 5 }]);

    const again = await send();
    expect(again.status).toBe(201);
    expect(again.payload).toEqual(first.payload);
    // Twenty retries at once: each gets the first answer or a conflict, and none adds a bottle.
    const retries = await Promise.all(Array.from({ length: 20 }, () => send()));
    for (const retry of retries) {
      expect([201, 409]).toContain(retry.status);
      if (retry.status === 201) expect(retry.payload).toEqual(first.payload);
    }

    const cart = await origin.api<Cart>('GET', cartPath(business.cellarId), { token: business.token });
    expect(cart.payload.groups.map((g) => g.supplier.id).sort()).toEqual(
      offers.map((o) => o.supplier.id).sort(),
    );
    expect(cart.payload.groups.flatMap((g) => g.lines.map((l) => l.quantity)).sort()).toEqual([12, 7].sort());
    const orders = await origin.api<{ rows: Order[] }>(
      'GET',
      `/api/wine-cellars/users/${business.id}/orders`,
      {
        token: business.token,
      },
    );
    const drafts = orders.payload.rows.filter((order) => order.status === 'draft');
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.products[0]).toMatchObject({ ownWineId: wines.custom.id, units: 5 });

    // What is in the cart now counts against the supplier's stock in the next suggestion.
    const next = await origin.api<ReorderAnswer>('GET', reorderPath(), { token: business.token });
    const a = next.payload.rows.find((row) => row.ownWineId === wines.a.id);
    expect(a?.reason.supplierStock).toBe((offers[0]?.wine.stock ?? 0) - 12);
  });

  it("refuses another account's cellar, a reorder without a key and lines out of bounds", async () => {
    const restaurantId = accounts.userIds.restaurant as string;
    const other = await origin.api('GET', reorderPath(restaurantId), { token: business.token });
    expect(other.status).toBe(403);
    const otherCart = await origin.api('POST', `${reorderPath(restaurantId)}/cart`, {
      token: business.token,
      json: { lines: [{ ownWineId: wines.a.id, quantity: 6 }] },
      headers: { 'idempotency-key': 'reorder-other-1' },
    });
    expect(otherCart.status).toBe(403);
    const noKey = await origin.api('POST', `${reorderPath()}/cart`, {
      token: business.token,
      json: { lines: [{ ownWineId: wines.a.id, quantity: 6 }] },
    });
    expect(noKey.status).toBe(400);
    for (const lines of [
      [],
      [{ ownWineId: wines.a.id, quantity: 0 }],
      [{ ownWineId: 'nope', quantity: 6 }],
    ]) {
      const bad = await origin.api('POST', `${reorderPath()}/cart`, {
        token: business.token,
        json: { lines },
        headers: { 'idempotency-key': `reorder-bad-${lines.length}-${JSON.stringify(lines).length}` },
      });
      expect(bad.status, JSON.stringify(lines)).toBe(400);
    }
  });
});
