/**
 * Orders through the HTTP API against DynamoDB Local: lines of cellar and catalogue wines, changes on a
 * version, receiving in parts with the weighted average purchase price and RECEIVED entries, concurrent
 * receipts received once, and importer connections from request to activation.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { allWines, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import type { CellarWine, HistoryEntry, ImporterConnection, Order, OrdersList } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed],
  signIn: ['restaurant', 'private', 'admin'],
});
const { tokens } = accounts;
/** Active catalogue wines with a wholesaler, none of them in a cellar yet. */
const catalogue: WineRecord[] = [];

const R = 'restaurant';

beforeAll(async () => {
  for await (const page of allWines()) {
    catalogue.push(...page.filter((wine) => wine.status === 'active' && wine.wholesaler));
    if (catalogue.length >= 6) break;
  }
  expect(catalogue.length).toBeGreaterThanOrEqual(6);
});

// — helpers —

const orders = (user = R) => `${accounts.base(user)}/orders`;

function custom(name: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Ordre',
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'white',
    quantity,
    ...extra,
  };
}

async function location(name: string): Promise<string> {
  const answer = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/locations`, {
    token: tokens[R],
    json: { name },
  });
  expect(answer.status).toBe(201);
  return answer.payload.id;
}

async function placeOrder(body: Record<string, unknown>): Promise<Order> {
  const answer = await origin.api<Order>('POST', orders(), {
    token: tokens[R],
    json: { type: 'purchase', ...body },
  });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

const receive = (orderId: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  origin.api<Order>('POST', `${orders()}/${orderId}/receive`, { token: tokens[R], json: body, headers });

const historyOf = (ownWineId: string) => accounts.wineHistory(R, ownWineId);

const extraOf = (entry: HistoryEntry | undefined) =>
  entry?.after as { orderId?: string; units?: number; unitCost?: number } | null | undefined;

const placementOf = (wine: CellarWine, locationId: string | null) =>
  wine.placements.find((p) => p.locationId === locationId)?.quantity ?? 0;

describe('placing and changing an order', () => {
  it('keeps lines of cellar and catalogue wines with their names, totals and defaults', async () => {
    const wine = await accounts.addWine(R, custom('Bestilt Hvit', 2));
    const order = await placeOrder({
      supplier: 'Vinimport AS',
      products: [
        { ownWineId: wine.id, units: 6, unitCost: 12_000 },
        { wineId: catalogue[0]?.id, units: 12, unitCost: 8_000 },
      ],
    });
    expect(order).toMatchObject({
      type: 'purchase',
      status: 'draft',
      source: 'manual',
      supplier: 'Vinimport AS',
      units: 18,
      receivedUnits: 0,
      totalCost: 6 * 12_000 + 12 * 8_000,
      currency: 'NOK',
      version: 0,
    });
    expect(order.orderDate).toBe(new Date().toISOString().slice(0, 10));
    expect(order.products[0]).toMatchObject({
      ownWineId: wine.id,
      wineDisplayName: 'Ordre Bestilt Hvit 2020',
    });
    expect(order.products[1]).toMatchObject({ wineId: catalogue[0]?.id, received: 0, total: 96_000 });
    expect(new Set(order.products.map((line) => line.lineId)).size).toBe(2);
    const got = await origin.api<Order>('GET', `${orders()}/${order.id}`, { token: tokens[R] });
    const { duties, products, ...rest } = got.payload;
    expect(duties).toBeDefined();
    expect({ ...rest, products: products.map(({ duties: _, ...line }) => line) }).toEqual(order);
  });

  it('shows each line’s duties per bottle at the order date’s rates and the order’s total; unknown alcohol says so', async () => {
    const known = await accounts.addWine(R, custom('Avgift Hvit', 1, { alcohol: 13, container: 'glass' }));
    const unknown = await accounts.addWine(R, custom('Avgift Ukjent', 1));
    const order = await placeOrder({
      orderDate: '2024-06-01',
      products: [
        { ownWineId: known.id, units: 6, unitCost: 15_000 },
        { ownWineId: unknown.id, units: 2, unitCost: 9_000 },
      ],
    });
    const got = await origin.api<Order>('GET', `${orders()}/${order.id}`, { token: tokens[R] });
    expect(got.status).toBe(200);
    // 2024: 13 % × 0.75 l × NOK 5.14 = NOK 50.12 excise, NOK 6.71 environmental tax on glass, NOK 1.38 basic tax.
    const perBottle = 5_012 + 671 + 138;
    expect(got.payload.products[0]?.duties).toEqual({
      known: true,
      perBottle,
      total: 6 * perBottle,
      ratesAsOf: '2024-01-01',
      stale: false,
    });
    expect(got.payload.products[1]?.duties).toEqual({ known: false, missing: 'alcohol' });
    expect(got.payload.duties).toEqual({
      total: 6 * perBottle,
      unknownLines: 1,
      date: '2024-06-01',
      ratesAsOf: '2024-01-01',
      stale: false,
    });
    // Lists leave duties out (each would cost a read of every line's wine).
    const list = await origin.api<OrdersList>('GET', `${orders()}?search=Avgift`, { token: tokens[R] });
    expect(list.payload.rows[0]?.duties).toBeUndefined();
  });

  it('refuses lines without exactly one wine, wines not in the cellar and unknown catalogue wines', async () => {
    const both = await origin.api('POST', orders(), {
      token: tokens[R],
      json: { type: 'purchase', products: [{ units: 1, unitCost: 1 }] },
    });
    expect(both.status).toBe(400);
    expect(both.error?.fields?.['products.0.ownWineId']).toBe('Choose a cellar wine or a catalogue wine');
    const theirs = await accounts.addWine('admin', custom('Ikke vår', 1));
    const answer = await origin.api('POST', orders(), {
      token: tokens[R],
      json: {
        type: 'purchase',
        products: [
          { ownWineId: theirs.id, units: 1, unitCost: 1 },
          { wineId: '01JNOTACATALOGUEWINE000000', units: 1, unitCost: 1 },
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields).toMatchObject({
      'products.0.ownWineId': 'Some of the wines are not in this cellar',
      'products.1.wineId': 'That wine is not in the catalogue',
    });
  });

  it('changes on the version it was made on, and a stale version is refused', async () => {
    const wine = await accounts.addWine(R, custom('Endres', 1));
    const order = await placeOrder({ products: [{ ownWineId: wine.id, units: 3, unitCost: 100 }] });
    const changed = await origin.api<Order>('PATCH', `${orders()}/${order.id}`, {
      token: tokens[R],
      json: { version: 0, status: 'placed', orderId: 'PO-17', deliveryDate: '2025-12-01' },
    });
    expect(changed.status).toBe(200);
    expect(changed.payload).toMatchObject({ status: 'placed', orderId: 'PO-17', version: 1 });
    const stale = await origin.api('PATCH', `${orders()}/${order.id}`, {
      token: tokens[R],
      json: { version: 0, note: 'for sent' },
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe('The order was changed by someone else: reload it and try again');
    const cleared = await origin.api<Order>('PATCH', `${orders()}/${order.id}`, {
      token: tokens[R],
      json: { orderId: null, deliveryDate: null, products: [{ ownWineId: wine.id, units: 5, unitCost: 90 }] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.payload.orderId).toBeUndefined();
    expect(cleared.payload.deliveryDate).toBeUndefined();
    expect(cleared.payload).toMatchObject({ units: 5, totalCost: 450, version: 2 });
  });

  it('lists newest order date first with filters and the count of every status', async () => {
    const wine = await accounts.addWine(R, custom('Listet', 1));
    await placeOrder({
      orderDate: '2024-01-05',
      supplier: 'Listeimport',
      products: [{ ownWineId: wine.id, units: 1, unitCost: 1 }],
    });
    await placeOrder({
      orderDate: '2024-02-05',
      type: 'transfer',
      status: 'placed',
      supplier: 'Listeimport',
      products: [{ ownWineId: wine.id, units: 1, unitCost: 1 }],
    });
    const all = await origin.api<OrdersList>('GET', `${orders()}?search=listeimport`, { token: tokens[R] });
    expect(all.status).toBe(200);
    expect(all.payload.rows.map((order) => order.orderDate)).toEqual(['2024-02-05', '2024-01-05']);
    const everything = await origin.api<OrdersList>('GET', orders(), { token: tokens[R] });
    expect(Object.values(everything.payload.byStatus).reduce((a, b) => a + b, 0)).toBe(
      everything.payload.count,
    );
    const placed = await origin.api<OrdersList>(
      'GET',
      `${orders()}?search=listeimport&status=placed,confirmed`,
      {
        token: tokens[R],
      },
    );
    expect(placed.payload.rows.map((order) => order.type)).toEqual(['transfer']);
    expect(placed.payload.byStatus).toEqual(everything.payload.byStatus);
    const transfers = await origin.api<OrdersList>('GET', `${orders()}?search=listeimport&type=purchase`, {
      token: tokens[R],
    });
    expect(transfers.payload.count).toBe(1);
    const bad = await origin.api('GET', `${orders()}?status=shipped`, { token: tokens[R] });
    expect(bad.status).toBe(400);
  });

  it('deletes an order nothing of which has arrived', async () => {
    const wine = await accounts.addWine(R, custom('Slettes', 1));
    const order = await placeOrder({ products: [{ ownWineId: wine.id, units: 1, unitCost: 1 }] });
    const deleted = await origin.api('DELETE', `${orders()}/${order.id}`, { token: tokens[R] });
    expect(deleted.status).toBe(200);
    expect((await origin.api('GET', `${orders()}/${order.id}`, { token: tokens[R] })).status).toBe(404);
    expect((await origin.api('DELETE', `${orders()}/${order.id}`, { token: tokens[R] })).status).toBe(404);
  });
});

describe('receiving an order', () => {
  it('receives part, then the rest, at the weighted average cost with RECEIVED entries', async () => {
    const shelf = await location('Mottak');
    // 4 bottles at 100.00 without VAT; 25 % VAT on white.
    const wine = await accounts.addWine(
      R,
      custom('Snitt', 4, { purchasePriceWovat: 10_000, sellingPrice: 30_000 }),
    );
    const order = await placeOrder({
      products: [
        { ownWineId: wine.id, units: 6, unitCost: 15_000 },
        { wineId: catalogue[1]?.id, units: 3, unitCost: 20_000 },
      ],
    });
    const [ownLine, catalogueLine] = order.products;

    // Part: 2 of the cellar wine's 6. (4 × 10 000 + 2 × 15 000) / 6 = 11 667.
    const first = await receive(order.id, {
      locationId: shelf,
      lines: [{ lineId: ownLine?.lineId, units: 2 }],
    });
    expect(first.error).toBeUndefined();
    expect(first.status).toBe(200);
    expect(first.payload).toMatchObject({ status: 'partlyReceived', receivedUnits: 2, version: 1 });
    let now = await accounts.getWine(R, wine.id);
    expect(now.quantity).toBe(6);
    expect(placementOf(now, shelf)).toBe(2);
    expect(now.purchasePriceWovat).toBe(11_667);
    expect(now.purchasePriceWvat).toBe(14_584);
    expect(now.sellingPrice).toBe(30_000);

    const tooMany = await receive(order.id, {
      locationId: shelf,
      lines: [{ lineId: ownLine?.lineId, units: 5 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.fields?.['lines.0.units']).toBe('At most 4 bottles of this line are still to come');
    const unknown = await receive(order.id, {
      locationId: shelf,
      lines: [{ lineId: '01JUNKNOWNLINE000000000000', units: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.['lines.0.lineId']).toBe('Unknown order line');
    const nowhere = await receive(order.id, { locationId: '01JNOWHERE0000000000000000' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.error?.fields?.locationId).toBe('Unknown location');
    const locked = await origin.api('PATCH', `${orders()}/${order.id}`, {
      token: tokens[R],
      json: { products: [{ ownWineId: wine.id, units: 1, unitCost: 1 }] },
    });
    expect(locked.status).toBe(409);
    expect(locked.error?.message).toBe(
      'Bottles of this order have been received: its products can no longer change',
    );
    const undeletable = await origin.api('DELETE', `${orders()}/${order.id}`, { token: tokens[R] });
    expect(undeletable.status).toBe(409);
    expect(undeletable.error?.message).toBe(
      'Bottles of this order have been received: cancel it instead of deleting it',
    );

    // The rest: 4 more of the cellar wine ((6 × 11 667 + 4 × 15 000) / 10 = 13 000), and the
    // catalogue wine joins the cellar as Uncategorized at its cost.
    const rest = await receive(order.id, { locationId: 'uncategorized' });
    expect(rest.status).toBe(200);
    expect(rest.payload).toMatchObject({ status: 'received', receivedUnits: 9, version: 2 });
    now = await accounts.getWine(R, wine.id);
    expect(now.quantity).toBe(10);
    expect(placementOf(now, null)).toBe(8);
    expect(now.purchasePriceWovat).toBe(13_000);
    const joined = rest.payload.products[1];
    expect(joined?.ownWineId).toBe(catalogue[1]?.id);
    expect(joined?.wineId).toBe(catalogue[1]?.id);
    const added = await accounts.getWine(R, joined?.ownWineId as string);
    expect(added).toMatchObject({ quantity: 3, purchasePriceWovat: 20_000, source: 'KORK' });

    const entries = (await historyOf(wine.id)).filter((entry) => entry.action === 'RECEIVED');
    expect(
      entries.map((entry) => [entry.before?.quantity, entry.after?.quantity, extraOf(entry)?.units]),
    ).toEqual([
      [6, 10, 4],
      [4, 6, 2],
    ]);
    expect(extraOf(entries[0])).toMatchObject({ orderId: order.id, unitCost: 15_000 });
    const joinedEntries = await historyOf(catalogueLine?.wineId as string);
    expect(joinedEntries.map((entry) => [entry.action, entry.before, entry.after?.quantity])).toEqual([
      ['RECEIVED', null, 3],
    ]);

    const nothing = await receive(order.id, { locationId: shelf });
    expect(nothing.status).toBe(409);
    expect(nothing.error?.message).toBe('Every bottle of this order has been received');
    const closed = await origin.api('PATCH', `${orders()}/${order.id}`, {
      token: tokens[R],
      json: { note: 'x' },
    });
    expect(closed.status).toBe(409);
    expect(closed.error?.message).toBe('This order is received: it cannot change');
  });

  it('receives once when eight receipts of one order meet', async () => {
    const wine = await accounts.addWine(R, custom('Samtidig mottak', 1));
    const order = await placeOrder({
      products: [
        { ownWineId: wine.id, units: 10, unitCost: 1000 },
        { wineId: catalogue[2]?.id, units: 2, unitCost: 1000 },
      ],
    });
    const line = order.products[0]?.lineId;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        receive(order.id, { locationId: 'uncategorized', version: 0, lines: [{ lineId: line, units: 4 }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(5);
    expect((await historyOf(wine.id)).filter((entry) => entry.action === 'RECEIVED')).toHaveLength(1);

    const all = await Promise.all(
      Array.from({ length: 6 }, () => receive(order.id, { locationId: 'uncategorized' })),
    );
    expect(all.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(11);
    expect((await accounts.getWine(R, catalogue[2]?.id as string)).quantity).toBe(2);
  });

  it('answers a receipt sent again with the same key as it first did, receiving once', async () => {
    const wine = await accounts.addWine(R, custom('Samme nøkkel', 1));
    const order = await placeOrder({ products: [{ ownWineId: wine.id, units: 2, unitCost: 500 }] });
    const headers = { 'idempotency-key': `receive-${order.id}` };
    const first = await receive(order.id, { locationId: 'uncategorized' }, headers);
    const again = await receive(order.id, { locationId: 'uncategorized' }, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.payload).toEqual(first.payload);
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(3);
    const stale = await receive(order.id, { locationId: 'uncategorized', version: 0 });
    expect(stale.status).toBe(409);
  });

  it('refuses to receive a cancelled order', async () => {
    const wine = await accounts.addWine(R, custom('Kansellert', 1));
    const order = await placeOrder({ products: [{ ownWineId: wine.id, units: 2, unitCost: 500 }] });
    const cancelled = await origin.api<Order>('PATCH', `${orders()}/${order.id}`, {
      token: tokens[R],
      json: { status: 'cancelled' },
    });
    expect(cancelled.payload.status).toBe('cancelled');
    const answer = await receive(order.id, { locationId: 'uncategorized' });
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe('This order is cancelled: it cannot change');
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(1);
  });
});

describe('importer connections', () => {
  it('lists the importers behind the wines, and a request goes to an admin to activate', async () => {
    const wholesaler = catalogue[3]?.wholesaler as string;
    await accounts.addWine(R, { source: 'KORK', wineId: catalogue[3]?.id, quantity: 1 });
    await accounts.addWine(R, custom('Levert', 1, { supplier: 'Egen Leverandør' }));
    const connections = `${accounts.base(R)}/importer-connections`;
    const listed = await origin.api<{ rows: ImporterConnection[] }>('GET', connections, { token: tokens[R] });
    expect(listed.status).toBe(200);
    const byName = new Map(listed.payload.rows.map((row) => [row.importer, row]));
    expect(byName.get('Egen Leverandør')).toMatchObject({ wines: 1, status: 'needsActivation' });
    expect(byName.get(wholesaler)?.status).toBe('needsActivation');

    const unknown = await origin.api('POST', connections, {
      token: tokens[R],
      json: { importer: 'Ingen Slik AS' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toBe('No wine of this cellar comes from that importer');

    const requested = await origin.api<ImporterConnection>('POST', connections, {
      token: tokens[R],
      json: { importer: 'egen leverandor' },
    });
    expect(requested.status).toBe(200);
    expect(requested.payload).toMatchObject({ importer: 'Egen Leverandør', status: 'requested', wines: 1 });
    const twice = await origin.api<ImporterConnection>('POST', connections, {
      token: tokens[R],
      json: { importer: 'Egen Leverandør' },
    });
    expect(twice.payload.requestedAt).toBe(requested.payload.requestedAt);

    expect((await origin.api('GET', '/api/admin/importer-connections', { token: tokens[R] })).status).toBe(
      403,
    );
    const waiting = await origin.api<{ rows: (ImporterConnection & { ownerId: string })[] }>(
      'GET',
      '/api/admin/importer-connections',
      { token: tokens.admin },
    );
    expect(waiting.payload.rows).toContainEqual(
      expect.objectContaining({
        ownerId: accounts.userIds[R],
        importer: 'Egen Leverandør',
        status: 'requested',
      }),
    );
    const refused = await origin.api('POST', '/api/admin/importer-connections/activate', {
      token: tokens[R],
      json: { ownerId: accounts.userIds[R], importer: 'Egen Leverandør' },
    });
    expect(refused.status).toBe(403);
    const activated = await origin.api<ImporterConnection>(
      'POST',
      '/api/admin/importer-connections/activate',
      {
        token: tokens.admin,
        json: { ownerId: accounts.userIds[R], importer: 'Egen Leverandør' },
      },
    );
    expect(activated.status).toBe(200);
    expect(activated.payload.status).toBe('active');
    const after = await origin.api<{ rows: ImporterConnection[] }>('GET', connections, { token: tokens[R] });
    expect(after.payload.rows.find((row) => row.importer === 'Egen Leverandør')?.status).toBe('active');
    const none = await origin.api('POST', '/api/admin/importer-connections/activate', {
      token: tokens.admin,
      json: { ownerId: accounts.userIds[R], importer: 'Ingen Slik AS' },
    });
    expect(none.status).toBe(404);
  });
});

describe('access', () => {
  it("refuses another account's cellar and does not find another cellar's order", async () => {
    const wine = await accounts.addWine(R, custom('Tilgang', 1));
    const order = await placeOrder({ products: [{ ownWineId: wine.id, units: 1, unitCost: 1 }] });
    const calls = [
      ['GET', orders(), undefined],
      ['POST', orders(), { type: 'purchase', products: [{ ownWineId: wine.id, units: 1, unitCost: 1 }] }],
      ['GET', `${orders()}/${order.id}`, undefined],
      ['PATCH', `${orders()}/${order.id}`, { note: 'x' }],
      ['DELETE', `${orders()}/${order.id}`, undefined],
      ['POST', `${orders()}/${order.id}/receive`, { locationId: 'uncategorized' }],
      ['GET', `${accounts.base(R)}/importer-connections`, undefined],
      ['POST', `${accounts.base(R)}/importer-connections`, { importer: 'x' }],
    ] as const;
    for (const [method, path, json] of calls) {
      const answer = await origin.api(method, path, { token: tokens.private, json });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    for (const [method, path, json] of [
      ['GET', `${orders('admin')}/${order.id}`, undefined],
      ['PATCH', `${orders('admin')}/${order.id}`, { note: 'x' }],
      ['DELETE', `${orders('admin')}/${order.id}`, undefined],
      ['POST', `${orders('admin')}/${order.id}/receive`, { locationId: 'uncategorized' }],
    ] as const) {
      const answer = await origin.api(method, path, { token: tokens.admin, json });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const still = await origin.api<Order>('GET', `${orders()}/${order.id}`, { token: tokens[R] });
    expect(still.payload).toMatchObject({ version: 0, receivedUnits: 0 });
  });
});
