/**
 * The marketplace's checkout through the HTTP API against DynamoDB Local: a cart of three suppliers
 * becomes three orders (source marketplace, status placed) in one transaction with the cart's emptying,
 * the supplier inbox entries and the remembered billing and delivery; the same Idempotency-Key answers
 * the same orders and places nothing more, even sent ten times at once; the §8 messages, the check digit,
 * stock, minimum orders and a stale cart are refused; one placed message goes out per order.
 */

import { accountsSeed } from '@kork/functions/accounts/seed';
import { useQueue } from '@kork/functions/adapters/queue';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { ownedCellar } from '@kork/functions/cellar/cellar-service';
import { storeRates } from '@kork/functions/cellar/currency/exchange-rate-service';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { checkout as checkoutService } from '@kork/functions/marketplace/checkout/checkout-service';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { SupplierOrderPlacedV2 } from '@kork/queue-messages';
import {
  type Cart,
  type CellarWine,
  type CheckoutDetails,
  type CheckoutResult,
  type LoginResult,
  type Order,
  type OrdersList,
  REFERENCE_RATES,
  type Supplier,
  type SupplierWine,
} from '@kork/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, type Business, cartPath, nbsPath, TestMarket } from '../../test/test-market';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;
const market = new TestMarket(() => origin);
let stocked: { supplier: Supplier; wine: SupplierWine }[] = [];
/** What the checkout published, as the queue received it. */
let sent: { queue: string; message: unknown }[] = [];
let failQueue = false;

beforeAll(async () => {
  origin = await startTestOrigin();
  await applySeeds([accountsSeed, catalogSeed, marketplaceSeed]);
  const reader = await market.freshBusiness('Leser');
  stocked = await market.inStock(reader.token, 60);
  expect(new Set(stocked.map((offer) => offer.supplier.id)).size).toBeGreaterThanOrEqual(4);
  useQueue({
    async send(queue, messages) {
      if (failQueue) throw new Error('the queue is down');
      for (const message of messages) sent.push({ queue, message });
    },
  });
}, 120_000);

beforeEach(() => {
  sent = [];
  failQueue = false;
});

afterAll(async () => {
  await origin?.stop();
});

// — helpers —

/** The supplier's own stock figure for the offer's wine, for the time of `run`. */
async function withStock<T>(offer: Offer, stock: number, run: () => Promise<T>): Promise<T> {
  const pair = { supplierId: offer.supplier.id, wineId: offer.wine.wineId };
  await db()
    .entities.supplierOffer.put({ ...pair, stock, updatedAt: new Date().toISOString() })
    .go();
  try {
    return await run();
  } finally {
    await db().entities.supplierOffer.delete(pair).go();
  }
}

/** An offer whose supplier's minimum one bottle does not reach, of a supplier not in `besides`. */
function belowMinimum(besides: readonly Offer[] = []): Offer {
  const taken = new Set(besides.map((offer) => offer.supplier.id));
  const offer = stocked.find(
    (o) => !taken.has(o.supplier.id) && o.supplier.minimumOrderMinor > (o.wine.horecaPriceMinor as number),
  );
  expect(offer).toBeDefined();
  return offer as Offer;
}

type Offer = (typeof stocked)[number];

/** Bottles of the offer that reach its supplier's minimum order (within its stock). */
const enough = (offer: Offer) =>
  Math.max(1, Math.ceil(offer.supplier.minimumOrderMinor / (offer.wine.horecaPriceMinor as number)));

/** One offer from each of `n` suppliers whose minimum order one line reaches. */
function suppliers(n: number, skip = 0): Offer[] {
  const seen = new Set<string>();
  const found = stocked.filter(
    (offer) =>
      enough(offer) <= (offer.wine.stock ?? 0) && !seen.has(offer.supplier.id) && seen.add(offer.supplier.id),
  );
  const picked = found.slice(skip, skip + n);
  expect(picked).toHaveLength(n);
  return picked;
}

async function fill(business: Business, offers: Offer[]): Promise<Cart> {
  let cart: Cart | undefined;
  for (const offer of offers)
    cart = await addToCart(origin, business, {
      supplierId: offer.supplier.id,
      wineId: offer.wine.wineId,
      quantity: enough(offer),
    });
  return cart as Cart;
}

const billing = {
  organizationNumber: '987 654 325',
  invoiceMethod: 'email',
  invoiceEmail: 'faktura@example.no',
  name: 'Test Bistro AS',
  street: 'Bryggen 1',
  postalCode: '5003',
  city: 'Bergen',
};
const delivery = { recipient: 'Test Bistro', street: 'Bryggen 1', postalCode: '5003', city: 'Bergen' };
const body = (extra: Record<string, unknown> = {}) => ({
  billing,
  delivery,
  note: 'Levér før fredag',
  ...extra,
});

const key = () => `test-${ulid()}`;

function place(business: Business, json: unknown, idempotencyKey?: string, language?: string) {
  return origin.api<CheckoutResult>('POST', `${nbsPath(business.cellarId)}/checkout`, {
    token: business.token,
    json,
    language,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
}

async function ordersOf(business: Business): Promise<Order[]> {
  const answer = await origin.api<OrdersList>(
    'GET',
    `/api/wine-cellars/users/${business.id}/orders?resultsPerPage=500`,
    { token: business.token },
  );
  expect(answer.status).toBe(200);
  return answer.payload.rows;
}

async function cartOf(business: Business): Promise<Cart> {
  const answer = await origin.api<Cart>('GET', cartPath(business.cellarId), { token: business.token });
  expect(answer.status).toBe(200);
  return answer.payload;
}

const placedMessages = () => sent.map((entry) => entry.message as SupplierOrderPlacedV2);

// — placing —

describe('a checkout of three suppliers', () => {
  it('places one order per supplier, empties the cart, remembers the details and publishes one message per order', async () => {
    const business = await market.freshBusiness('Tre');
    const offers = suppliers(3);
    const cart = await fill(business, offers);
    const answer = await place(business, body({ version: cart.version }), key());
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(201);
    const result = answer.payload;
    expect(result.orders).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    result.orders.forEach((order, i) => {
      const offer = offers[i] as Offer;
      const units = enough(offer);
      const price = offer.wine.horecaPriceMinor as number;
      expect(order).toMatchObject({
        type: 'purchase',
        status: 'placed',
        source: 'marketplace',
        supplier: offer.supplier.name,
        orderDate: today,
        units,
        receivedUnits: 0,
        totalCost: units * price,
        note: 'Levér før fredag',
        version: 0,
      });
      expect(order.orderId).toMatch(/^K-\d{8}-[0-9A-F]{6}-\d$/);
      expect(order.deliveryDate && order.deliveryDate > today).toBe(true);
      expect(order.products).toEqual([
        expect.objectContaining({
          wineId: offer.wine.wineId,
          units,
          unitCost: price,
          received: 0,
          total: units * price,
        }),
      ]);
      const line = order.products[0];
      expect(order.marketplace).toMatchObject({
        supplierId: offer.supplier.id,
        supplierName: offer.supplier.name,
        checkoutId: result.checkoutId,
        placedAt: result.placedAt,
        supplierState: 'waiting',
        answers: { [line?.lineId as string]: { state: 'waiting', orderedUnits: units } },
        billing: { ...billing, organizationNumber: '987654325' },
        delivery,
        note: 'Levér før fredag',
      });
    });

    // The orders list shows exactly these orders.
    const listed = await ordersOf(business);
    expect(listed.map((order) => order.id).sort()).toEqual(result.orders.map((order) => order.id).sort());
    for (const order of result.orders) expect(listed.find((row) => row.id === order.id)).toEqual(order);

    const emptied = await cartOf(business);
    expect(emptied).toMatchObject({ groups: [], totalCartQuantity: 0, version: cart.version + 1 });

    const details = await origin.api<CheckoutDetails>(
      'GET',
      `${nbsPath(business.cellarId)}/checkout-details`,
      {
        token: business.token,
      },
    );
    expect(details.payload).toEqual({ billing: { ...billing, organizationNumber: '987654325' }, delivery });

    const again = await origin.api<CheckoutResult>(
      'GET',
      `${nbsPath(business.cellarId)}/checkouts/${result.checkoutId}`,
      {
        token: business.token,
      },
    );
    expect(again).toMatchObject({ status: 200, payload: result });

    // Each supplier's inbox holds its order, waiting.
    for (const order of result.orders) {
      const { data } = await db()
        .entities.supplierOrderRef.query.byOwner({
          ownerId: business.id,
          supplierId: order.marketplace?.supplierId as string,
        })
        .go();
      expect(data.map((ref) => [ref.orderId, ref.state, ref.buyerName])).toEqual([
        [order.id, 'waiting', 'Tre Bistro'],
      ]);
    }

    // One placed message per order, to the supplier-orders queue.
    expect(sent.map((entry) => entry.queue)).toEqual([
      'supplier-orders',
      'supplier-orders',
      'supplier-orders',
    ]);
    const messages = placedMessages().map((message) => SupplierOrderPlacedV2.parse(message));
    expect(messages.map((message) => message.orderId).sort()).toEqual(
      result.orders.map((order) => order.id).sort(),
    );
    messages.forEach((message, i) => {
      const offer = offers[i] as Offer;
      expect(message).toMatchObject({
        ownerId: business.id,
        checkoutId: result.checkoutId,
        supplier: { id: offer.supplier.id, name: offer.supplier.name, email: offer.supplier.orderEmail },
        buyer: { name: 'Tre Bistro', email: `${business.id}@example.no` },
        lines: [{ quantity: enough(offer), unitPriceMinor: offer.wine.horecaPriceMinor }],
        currency: 'NOK',
        note: 'Levér før fredag',
        placedAt: result.placedAt,
      });
      expect(message.lines[0]?.productName).toBe(result.orders[i]?.products[0]?.wineDisplayName);
    });
  });

  it('answers the same orders to the same key and places nothing more', async () => {
    const business = await market.freshBusiness('Igjen');
    await fill(business, suppliers(2));
    const k = key();
    const first = await place(business, body(), k);
    expect(first.status).toBe(201);
    const second = await place(business, body(), k);
    expect(second.status).toBe(201);
    expect(second.payload).toEqual(first.payload);
    // The platform's record of the key gone, the checkout itself still answers once.
    await db()
      .entities.idempotencyRecord.delete({
        scope: `${business.id}#POST /api/wine-cellars/cellars/{id}/nbs/checkout`,
        key: k,
      })
      .go();
    const third = await place(business, body(), k);
    expect(third.status).toBe(201);
    expect(third.payload).toEqual(first.payload);
    expect(await ordersOf(business)).toHaveLength(2);
    expect(sent).toHaveLength(2);

    const other = await place(business, body(), key());
    expect(other.status).toBe(400);
    expect(other.error?.message).toBe('The cart is empty');
  });

  it('places one set of orders for ten requests with one key at once', async () => {
    const business = await market.freshBusiness('Ti');
    await fill(business, suppliers(3));
    const k = key();
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(business, body(), k)));
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    // The others found the key's first request still running.
    for (const answer of answers.filter((a) => a.status !== 201)) expect(answer.status).toBe(409);
    expect(new Set(placed.map((answer) => answer.payload.checkoutId)).size).toBe(1);
    expect(await ordersOf(business)).toHaveLength(3);
    expect(sent).toHaveLength(3);
  });

  it('places one set of orders for ten calls of the service with one key at once', async () => {
    const business = await market.freshBusiness('Tjeneste');
    await fill(business, suppliers(3, 1));
    const k = key();
    const viewer = {
      principal: { userId: business.id, role: 'business' as const },
      currency: 'NOK' as const,
    };
    const input = { billing: { ...billing, organizationNumber: '987654325' }, delivery } as Parameters<
      typeof checkoutService
    >[1];
    // The cellar as the route's access check finds it.
    const cellar = await ownedCellar(business.cellarId, viewer.principal);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => checkoutService(cellar, input, k, viewer)),
    );
    const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect(new Set(fulfilled.map((result) => result.checkoutId)).size).toBe(1);
    expect(new Set(fulfilled.map((result) => result.orders.map((o) => o.id).join()))).toHaveProperty(
      'size',
      1,
    );
    expect(await ordersOf(business)).toHaveLength(3);
    expect(sent).toHaveLength(3);
  }, 60_000);

  it('answers 201 when the queue is down: the orders exist, the follow-up sends the messages', async () => {
    const business = await market.freshBusiness('Kø');
    await fill(business, suppliers(1));
    failQueue = true;
    const answer = await place(business, body(), key());
    expect(answer.status).toBe(201);
    expect(await ordersOf(business)).toHaveLength(1);
    expect(sent).toHaveLength(0);
  });
});

// — refusals —

describe('refusals', () => {
  it('requires an Idempotency-Key', async () => {
    const business = await market.freshBusiness('Nøkkel');
    await fill(business, suppliers(1));
    const answer = await place(business, body(), undefined, 'nb');
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('En Idempotency-Key-header er påkrevd');
    expect((await cartOf(business)).totalCartQuantity).toBeGreaterThan(0);
  });

  it.each([
    [
      'en',
      'Missing billing address',
      'Missing organization number',
      'Missing delivery address',
      'Missing name',
    ],
    [
      'nb',
      'Fakturaadresse mangler',
      'Organisasjonsnummer mangler',
      'Leveringsadresse mangler',
      'Navn mangler',
    ],
  ])(
    'names each missing part with the §8 messages (%s)',
    async (language, billingAddress, orgNumber, deliveryAddress, name) => {
      const business = await market.freshBusiness('Mangler');
      await fill(business, suppliers(1));
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ billing: { ...billing, street: '' } }, { 'billing.street': billingAddress }],
        [{ billing: { ...billing, city: undefined } }, { 'billing.city': billingAddress }],
        [{ billing: { ...billing, organizationNumber: '' } }, { 'billing.organizationNumber': orgNumber }],
        [
          { billing: { ...billing, organizationNumber: undefined } },
          { 'billing.organizationNumber': orgNumber },
        ],
        [{ delivery: { ...delivery, street: '  ' } }, { 'delivery.street': deliveryAddress }],
        [{ delivery: { ...delivery, city: undefined } }, { 'delivery.city': deliveryAddress }],
        [{ billing: { ...billing, name: '' } }, { 'billing.name': name }],
        [{ delivery: { ...delivery, recipient: undefined } }, { 'delivery.recipient': name }],
      ];
      for (const [change, fields] of cases) {
        const answer = await place(business, body(change), key(), language);
        expect(answer.status, JSON.stringify(change)).toBe(400);
        expect(answer.error?.fields, JSON.stringify(change)).toEqual(fields);
      }
      expect(await ordersOf(business)).toHaveLength(0);
    },
  );

  it('refuses an organization number whose check digit does not match', async () => {
    const business = await market.freshBusiness('Siffer');
    await fill(business, suppliers(1));
    const answer = await place(
      business,
      body({ billing: { ...billing, organizationNumber: '987654321' } }),
      key(),
    );
    expect(answer.status).toBe(400);
    expect(answer.error?.fields).toEqual({
      'billing.organizationNumber': 'Not a valid organization number: the check digit does not match',
    });
  });

  it('refuses a cart changed since the version the buyer saw, and orders nothing', async () => {
    const business = await market.freshBusiness('Endret');
    const cart = await fill(business, suppliers(2));
    const answer = await place(business, body({ version: cart.version - 1 }), key());
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe(
      'The cart was changed since you looked at it: check it and order again',
    );
    expect(await ordersOf(business)).toHaveLength(0);
    expect((await cartOf(business)).version).toBe(cart.version);
  });

  it('refuses a line beyond the stock with the stock left, under its supplier', async () => {
    const business = await market.freshBusiness('Beholdning');
    const [offer] = suppliers(1) as [Offer];
    const cart = await addToCart(origin, business, {
      supplierId: offer.supplier.id,
      wineId: offer.wine.wineId,
      quantity: enough(offer),
    });
    const line = cart.groups[0]?.lines[0]?.id as string;
    // The supplier sold some since: one bottle fewer than the line is left.
    const stock = enough(offer) - 1;
    await withStock(offer, stock, async () => {
      const answer = await place(business, body(), key(), 'nb');
      expect(answer.status).toBe(400);
      expect(answer.error?.fields).toEqual({
        [`suppliers.${offer.supplier.id}.lines.${line}`]:
          stock > 0 ? `Bare ${stock} på lager` : 'Ikke på lager',
      });
      expect(await ordersOf(business)).toHaveLength(0);
    });
  });

  it("refuses a supplier's part below its minimum order", async () => {
    const business = await market.freshBusiness('Minimum');
    const offer = stocked.find(
      (o) => o.supplier.minimumOrderMinor > (o.wine.horecaPriceMinor as number),
    ) as Offer;
    expect(offer).toBeDefined();
    await addToCart(origin, business, {
      supplierId: offer.supplier.id,
      wineId: offer.wine.wineId,
      quantity: 1,
    });
    const cart = await cartOf(business);
    expect(cart.groups[0]?.belowMinimum).toBe(true);
    const answer = await place(business, body(), key());
    expect(answer.status).toBe(400);
    expect(answer.error?.fields).toEqual({
      [`suppliers.${offer.supplier.id}`]: `Below the supplier's minimum order of NOK ${Math.round(offer.supplier.minimumOrderMinor / 100)}`,
    });
    expect(await ordersOf(business)).toHaveLength(0);
  });

  it("answers 403 for another business's cellar and 404 for an unknown checkout", async () => {
    const owner = await market.freshBusiness('Eier');
    const stranger = await market.freshBusiness('Fremmed');
    await fill(owner, suppliers(1));
    const placed = await place(owner, body(), key());
    expect(placed.status).toBe(201);
    await fill(owner, suppliers(1));
    const paths = [
      ['POST', `${nbsPath(owner.cellarId)}/checkout`],
      ['GET', `${nbsPath(owner.cellarId)}/checkouts/${placed.payload.checkoutId}`],
      ['GET', `${nbsPath(owner.cellarId)}/checkout-details`],
    ] as const;
    for (const [method, path] of paths) {
      const answer = await origin.api(method, path, {
        token: stranger.token,
        json: method === 'POST' ? body() : undefined,
        headers: { 'idempotency-key': key() },
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    const unknown = await origin.api('GET', `${nbsPath(owner.cellarId)}/checkouts/${ulid()}`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(404);
    expect(await ordersOf(owner)).toHaveLength(1);
  });
});

describe('suppliers that cannot go', () => {
  it('names every problem under its supplier and places nothing, until the buyer places those that can go', async () => {
    const business = await market.freshBusiness('Delvis');
    const [fine, short] = suppliers(2) as [Offer, Offer];
    const low = belowMinimum([fine, short]);
    await fill(business, [fine, short]);
    await addToCart(origin, business, {
      supplierId: low.supplier.id,
      wineId: low.wine.wineId,
      quantity: 1,
    });
    const cart = await cartOf(business);
    const lineOf = (offer: Offer) =>
      cart.groups.flatMap((group) => group.lines).find((line) => line.wineId === offer.wine.wineId)?.id;
    const minimum = `Below the supplier's minimum order of NOK ${Math.round(low.supplier.minimumOrderMinor / 100)}`;

    await withStock(short, enough(short) - 1, async () => {
      const stockText = enough(short) - 1 > 0 ? `Only ${enough(short) - 1} in stock` : 'Out of stock';
      // Without the buyer's choice nothing goes: both problems are named, each under its supplier.
      const refused = await place(business, body({ version: cart.version }), key());
      expect(refused.status).toBe(400);
      expect(refused.error?.fields).toEqual({
        [`suppliers.${short.supplier.id}.lines.${lineOf(short)}`]: stockText,
        [`suppliers.${low.supplier.id}`]: minimum,
      });
      expect(refused.error?.message).toBe(
        'Some suppliers cannot take the order as it is: see the problems under each supplier, or place the orders that can go',
      );
      expect(await ordersOf(business)).toHaveLength(0);
      expect((await cartOf(business)).version).toBe(cart.version);

      // The buyer places the one that can go; the two others stay in the cart as they were.
      const k = key();
      const placed = await place(business, body({ version: cart.version, placeReady: true }), k);
      expect(placed.error).toBeUndefined();
      expect(placed.status).toBe(201);
      expect(placed.payload.orders.map((order) => order.marketplace?.supplierId)).toEqual([fine.supplier.id]);
      expect(placed.payload.orders[0]?.orderId).toMatch(/-1$/);
      expect(placed.payload.keptSupplierIds?.sort()).toEqual([short.supplier.id, low.supplier.id].sort());
      expect((await ordersOf(business)).map((order) => order.marketplace?.supplierId)).toEqual([
        fine.supplier.id,
      ]);
      const left = await cartOf(business);
      expect(left.version).toBe(cart.version + 1);
      expect(left.groups.map((group) => group.supplier.id)).toEqual([short.supplier.id, low.supplier.id]);
      expect(left.groups.flatMap((group) => group.lines.map((line) => [line.id, line.quantity]))).toEqual(
        cart.groups
          .filter((group) => group.supplier.id !== fine.supplier.id)
          .flatMap((group) => group.lines.map((line) => [line.id, line.quantity])),
      );
      expect(placedMessages().map((message) => message.supplier.id)).toEqual([fine.supplier.id]);

      // The same key answers the same order again and places nothing more.
      const again = await place(business, body({ version: cart.version, placeReady: true }), k);
      expect(again.status).toBe(201);
      expect(again.payload).toEqual(placed.payload);
      const read = await origin.api<CheckoutResult>(
        'GET',
        `${nbsPath(business.cellarId)}/checkouts/${placed.payload.checkoutId}`,
        { token: business.token },
      );
      expect(read.payload).toEqual(placed.payload);
      expect(await ordersOf(business)).toHaveLength(1);

      // Nothing left can go: placing what can go is refused too, naming the problems.
      const none = await place(business, body({ placeReady: true }), key());
      expect(none.status).toBe(400);
      expect(none.error?.message).toBe(
        'No supplier can take the order as it is: see the problems under each supplier',
      );
      expect(Object.keys(none.error?.fields ?? {}).sort()).toEqual(
        [`suppliers.${short.supplier.id}.lines.${lineOf(short)}`, `suppliers.${low.supplier.id}`].sort(),
      );
      expect(await ordersOf(business)).toHaveLength(1);
    });
  });

  it("names a supplier's stock and its minimum both when its part has both problems", async () => {
    const business = await market.freshBusiness('Begge');
    const low = belowMinimum();
    const cart = await addToCart(origin, business, {
      supplierId: low.supplier.id,
      wineId: low.wine.wineId,
      quantity: 1,
    });
    const line = cart.groups[0]?.lines[0]?.id as string;
    await withStock(low, 0, async () => {
      const answer = await place(business, body(), key());
      expect(answer.status).toBe(400);
      expect(answer.error?.fields).toEqual({
        [`suppliers.${low.supplier.id}.lines.${line}`]: 'Out of stock',
        [`suppliers.${low.supplier.id}`]: `Below the supplier's minimum order of NOK ${Math.round(low.supplier.minimumOrderMinor / 100)}`,
      });
    });
  });
});

describe("orders in the cellar's currency", () => {
  it("converts a EUR cellar's order at the rate held, keeps the rate and NOK for the supplier, and receives at the converted cost", async () => {
    // A day's rates in the table: 11.5 NOK to the euro.
    const today = new Date().toISOString().slice(0, 10);
    await storeRates({
      async rates() {
        return {
          date: today,
          source: 'Test rates',
          nokPerUnit: { ...REFERENCE_RATES.nokPerUnit, EUR: 11.5 },
        };
      },
    });
    const business = await market.freshBusiness('Euro', { viewCurrency: 'EUR' });
    const [offer] = suppliers(1) as [Offer];
    await fill(business, [offer]);
    const answer = await place(business, body(), key());
    expect(answer.error).toBeUndefined();
    const order = answer.payload.orders[0] as Order;
    const price = offer.wine.horecaPriceMinor as number;
    const units = enough(offer);
    const rate = Number((1 / 11.5).toPrecision(8));
    const unitCost = Math.round(price * rate);
    expect(order.currency).toBe('EUR');
    expect(order.exchangeRate).toEqual({
      from: 'NOK',
      to: 'EUR',
      rate,
      nokPerUnit: 11.5,
      date: today,
      source: 'Test rates',
    });
    expect(order.products[0]).toMatchObject({ unitCost, total: units * unitCost });
    expect(order.totalCost).toBe(units * unitCost);
    // 11.5 NOK to the euro: about a twelfth, never the NOK figure.
    expect(unitCost).toBeLessThan(price / 11);
    const lineId = order.products[0]?.lineId as string;
    expect(order.marketplace?.supplierPrices).toEqual({ [lineId]: price });
    // The supplier is told its own prices in NOK.
    expect(placedMessages()[0]).toMatchObject({ currency: 'NOK', lines: [{ unitPriceMinor: price }] });
    expect((await ordersOf(business))[0]).toEqual(order);

    // Received into the cellar: the wine is valued at the converted cost.
    const received = await origin.api<Order>(
      'POST',
      `/api/wine-cellars/users/${business.id}/orders/${order.id}/receive`,
      { token: business.token, json: { locationId: 'uncategorized' } },
    );
    expect(received.error).toBeUndefined();
    expect(received.payload.status).toBe('received');
    const wineId = received.payload.products[0]?.ownWineId as string;
    const wine = await origin.api<CellarWine>(
      'GET',
      `/api/wine-cellars/users/${business.id}/own-wines/${wineId}`,
      { token: business.token },
    );
    expect(wine.payload).toMatchObject({ quantity: units, purchasePriceWovat: unitCost, currency: 'EUR' });
  });

  it('starts a business registered in Norway in NOK, and EUR only where the country is unknown', async () => {
    const place = { tastingLocationName: 'Fjordstua', tastingLocationAddress: 'Bryggen 1, 5003 Bergen' };
    const register = async (fields: Record<string, string>) => {
      const email = `ny${ulid().toLowerCase()}@example.no`;
      const form = new FormData();
      const all = {
        email,
        password: 'Vin2020x',
        confirmPassword: 'Vin2020x',
        userType: 'RESTAURANT',
        birthDate: '1990-05-01',
        firstName: 'Kari',
        lastName: 'Nordmann',
        ...place,
        ...fields,
      };
      for (const [name, value] of Object.entries(all)) form.set(name, value);
      const created = await origin.api('POST', '/api/auth/sign-up', { form });
      expect(created.error).toBeUndefined();
      const token = origin.stack.outbox
        .list()
        .find((mail) => mail.to === email)
        ?.text.match(/token=([\w-]+)/)?.[1];
      const verified = await origin.api<LoginResult>('GET', `/api/auth/verify?token=${token}`);
      expect(verified.status).toBe(200);
      const { user, access_token: session } = verified.payload;
      const cellars = await origin.api<{ rows: { baseCurrency: string }[] }>(
        'GET',
        `/api/wine-cellars/users/${user.id}/cellars`,
        { token: session },
      );
      return { viewCurrency: user.viewCurrency, baseCurrency: cellars.payload.rows[0]?.baseCurrency };
    };
    expect(await register({ country: 'NO' })).toEqual({ viewCurrency: 'NOK', baseCurrency: 'NOK' });
    expect(await register({})).toEqual({ viewCurrency: 'EUR', baseCurrency: 'EUR' });
    expect(await register({ country: 'DE' })).toEqual({ viewCurrency: 'EUR', baseCurrency: 'EUR' });
    // A currency the person chose stays.
    expect(await register({ country: 'NO', viewCurrency: 'SEK' })).toEqual({
      viewCurrency: 'SEK',
      baseCurrency: 'SEK',
    });
  });

  it("keeps a NOK cellar's order at the supplier's prices, without a rate", async () => {
    const business = await market.freshBusiness('Krone');
    const [offer] = suppliers(1) as [Offer];
    await fill(business, [offer]);
    const answer = await place(business, body(), key());
    const order = answer.payload.orders[0] as Order;
    expect(order.currency).toBe('NOK');
    expect(order.exchangeRate).toBeUndefined();
    expect(order.products[0]?.unitCost).toBe(offer.wine.horecaPriceMinor);
  });
});

describe('checkout details', () => {
  it('prefills from the account before the first checkout', async () => {
    const business = await market.freshBusiness('Forslag');
    await db()
      .entities.user.patch({ id: business.id })
      .set({ tastingLocationAddress: 'Storgata 5, 0155 Oslo' })
      .go();
    const answer = await origin.api<CheckoutDetails>(
      'GET',
      `${nbsPath(business.cellarId)}/checkout-details`,
      {
        token: business.token,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.payload.billing).toMatchObject({
      organizationNumber: '987654325',
      name: 'Forslag Bistro',
      street: 'Storgata 5',
      postalCode: '0155',
      city: 'Oslo',
      invoiceEmail: `${business.id}@example.no`,
    });
    expect(answer.payload.delivery).toMatchObject({ recipient: 'Forslag Bistro', street: 'Storgata 5' });
  });
});
