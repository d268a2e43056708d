/**
 * The marketplace's cart through the HTTP API against DynamoDB Local: a business adds a supplier's wine
 * (one line per wine and supplier, quantities merged), changes and removes lines, sees groups per
 * supplier with totals and minimums; the limits, unoffered pairs and stock are refused; another
 * account's cellar is a 403, a private account a 403, a visitor a 401; concurrent adds all land. An add
 * answers its line and the cart's count, and costs the same whatever the cart holds.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import {
  type Cart,
  type CartItemAdded,
  type CartSummary,
  convertFromNokMinor,
  MARKETPLACE_LIMITS,
  type Supplier,
  type SupplierWine,
} from '@kork/shared';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';
import { addLine, addToCart, type Business, cartPath, TestMarket } from '../../test/test-market';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed, marketplaceSeed],
  signIn: ['restaurant', 'private'],
  timeout: 120_000,
});
const market = new TestMarket(() => origin);
const { tokens, userIds } = accounts;
let restaurant: Business;
/** Wines in stock (at least 40 bottles) with their supplier. */
let stocked: { supplier: Supplier; wine: SupplierWine }[] = [];

beforeAll(async () => {
  const token = tokens.restaurant as string;
  restaurant = {
    id: userIds.restaurant as string,
    token,
    cellarId: await market.cellarIdOf(userIds.restaurant as string, token),
  };
  stocked = await market.inStock(token, 40);
  expect(new Set(stocked.map((offer) => offer.supplier.id)).size).toBeGreaterThanOrEqual(3);
  expect(stocked.length).toBeGreaterThanOrEqual(30);
}, 120_000);

/** The first `n` offers of distinct suppliers. */
function ofSuppliers(n: number) {
  const seen = new Set<string>();
  return stocked.filter((offer) => !seen.has(offer.supplier.id) && seen.add(offer.supplier.id)).slice(0, n);
}

const item = (offer: { supplier: Supplier; wine: SupplierWine }, quantity: number) => ({
  supplierId: offer.supplier.id,
  wineId: offer.wine.wineId,
  quantity,
});

async function cartOf(business: Business): Promise<Cart> {
  const answer = await origin.api<Cart>('GET', cartPath(business.cellarId), { token: business.token });
  expect(answer.status).toBe(200);
  return answer.payload;
}

describe('adding, changing and removing lines', () => {
  it('groups lines per supplier in first-added order, merges the same pair and totals in øre', async () => {
    const business = await market.freshBusiness('Gruppe');
    const [a, b] = ofSuppliers(2) as [(typeof stocked)[number], (typeof stocked)[number]];
    const second = stocked.find((o) => o.supplier.id === a.supplier.id && o.wine.wineId !== a.wine.wineId);
    await addToCart(origin, business, item(a, 2));
    await addToCart(origin, business, item(b, 3));
    if (second) await addToCart(origin, business, item(second, 1));
    const cart = await addToCart(origin, business, item(a, 4));

    expect(cart.groups.map((group) => group.supplier.id)).toEqual([a.supplier.id, b.supplier.id]);
    const first = cart.groups[0];
    expect(first?.lines.map((line) => line.wineId)).toEqual(
      second ? [a.wine.wineId, second.wine.wineId] : [a.wine.wineId],
    );
    const merged = first?.lines[0];
    expect(merged?.quantity).toBe(6);
    expect(merged?.totalMinor).toBe(6 * (a.wine.horecaPriceMinor as number));
    expect(merged?.exceedsStock).toBe(false);
    expect(merged?.wine.horecaPriceMinor).toBe(a.wine.horecaPriceMinor);
    const bottles = 6 + 3 + (second ? 1 : 0);
    expect(cart.totalCartQuantity).toBe(bottles);
    expect(cart.totalMinor).toBe(cart.groups.reduce((sum, group) => sum + group.subtotalMinor, 0));
    expect(cart.groups[1]?.subtotalMinor).toBe(3 * (b.wine.horecaPriceMinor as number));
    expect(cart.groups[1]?.supplier.minimumOrderMinor).toBe(b.supplier.minimumOrderMinor);
    expect(cart.groups[1]?.belowMinimum).toBe(
      (cart.groups[1]?.subtotalMinor ?? 0) < b.supplier.minimumOrderMinor,
    );
    // No X-Currency: the contract's default (EUR); the order stays in NOK.
    expect(cart).toMatchObject({
      currency: 'EUR',
      orderCurrency: 'NOK',
      total: convertFromNokMinor(cart.totalMinor, 'EUR'),
    });
    expect(cart.version).toBe(second ? 4 : 3);
    expect(await cartOf(business)).toEqual(cart);

    const summary = await origin.api<CartSummary>('GET', `${cartPath(business.cellarId)}/summary`, {
      token: business.token,
    });
    expect(summary).toMatchObject({ status: 200, payload: { totalCartQuantity: bottles } });
  });

  it('answers an add with its line as it is now, the bottles in the cart and the version', async () => {
    const business = await market.freshBusiness('Svar');
    const [a, b] = ofSuppliers(2) as [(typeof stocked)[number], (typeof stocked)[number]];
    await addLine(origin, business, item(a, 2));
    await addLine(origin, business, item(b, 3));
    const answer = await origin.api<CartItemAdded>('POST', cartPath(business.cellarId), {
      token: business.token,
      json: item(a, 4),
      headers: { 'x-currency': 'NOK' },
    });
    expect(answer.status).toBe(201);
    const cart = await cartOf(business);
    const line = cart.groups[0]?.lines[0];
    expect(answer.payload).toMatchObject({ totalCartQuantity: 9, currency: 'NOK', version: 3 });
    expect(answer.payload.line).toMatchObject({
      id: line?.id,
      supplierId: a.supplier.id,
      wineId: a.wine.wineId,
      quantity: 6,
      totalMinor: 6 * (a.wine.horecaPriceMinor as number),
      total: (6 * (a.wine.horecaPriceMinor as number)) / 100,
      exceedsStock: false,
      addedAt: line?.addedAt,
    });
    expect(answer.payload.line.wine).toMatchObject({
      wineId: a.wine.wineId,
      supplierName: a.supplier.name,
      horecaPriceMinor: a.wine.horecaPriceMinor,
      stock: a.wine.stock,
    });
  });

  it('costs an add the same whatever the cart holds: its own pair read, the cart item, one write', async () => {
    type Sent = { command: string; keys: number };
    let sending: Sent[] | undefined;
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { RequestItems?: Record<string, { Keys?: unknown[] }> };
        const keys = Object.values(input.RequestItems ?? {}).reduce((n, r) => n + (r.Keys?.length ?? 1), 0);
        sending?.push({ command: String((context as { commandName?: string }).commandName), keys });
        return next(args);
      },
      { step: 'initialize', name: 'cartAddCommands' },
    );
    try {
      const business = await market.freshBusiness('Kostnad');
      const offers = stocked.slice(0, 26);
      const [first, last] = [offers[0], offers.at(-1)] as [
        (typeof stocked)[number],
        (typeof stocked)[number],
      ];
      const sentBy = async (offer: (typeof stocked)[number]) => {
        sending = [];
        await addLine(origin, business, item(offer, 1));
        const sent = sending;
        sending = undefined;
        return sent;
      };
      const intoEmpty = await sentBy(first);
      for (const offer of offers.slice(1, -1)) await addLine(origin, business, item(offer, 1));
      const intoFull = await sentBy(last);
      expect((await cartOf(business)).groups.flatMap((group) => group.lines)).toHaveLength(26);
      // The same calls into a cart of 25 lines as into an empty one; no batch read of more than one key.
      expect(intoFull.map((sent) => sent.command)).toEqual(intoEmpty.map((sent) => sent.command));
      for (const sent of [...intoEmpty, ...intoFull]) expect(sent.keys, sent.command).toBeLessThanOrEqual(1);
      const writes = intoFull.filter((sent) => /Put|Update|Transact/.test(sent.command));
      expect(writes).toHaveLength(1);
    } finally {
      sending = undefined;
      dynamoClient().middlewareStack.remove('cartAddCommands');
    }
  });

  it("answers totals in the viewer's currency (X-Currency), the order currency staying NOK", async () => {
    const business = await market.freshBusiness('Valuta');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    await addToCart(origin, business, item(a, 2));
    const answer = await origin.api<Cart>('GET', cartPath(business.cellarId), {
      token: business.token,
      headers: { 'x-currency': 'NOK' },
    });
    const totalMinor = 2 * (a.wine.horecaPriceMinor as number);
    expect(answer.payload).toMatchObject({
      currency: 'NOK',
      orderCurrency: 'NOK',
      totalMinor,
      total: totalMinor / 100,
    });
    expect(answer.payload.groups[0]?.lines[0]?.wine.horecaPrice).toBe(
      (a.wine.horecaPriceMinor as number) / 100,
    );
  });

  it('sets a line quantity with PATCH, removes it with DELETE, and 404s an unknown line', async () => {
    const business = await market.freshBusiness('Endre');
    const [a, b] = ofSuppliers(2) as [(typeof stocked)[number], (typeof stocked)[number]];
    await addToCart(origin, business, item(a, 2));
    const added = await addToCart(origin, business, item(b, 2));
    const lineA = added.groups[0]?.lines[0]?.id as string;
    const lineB = added.groups[1]?.lines[0]?.id as string;

    const patched = await origin.api<Cart>('PATCH', `${cartPath(business.cellarId)}/${lineA}`, {
      token: business.token,
      json: { quantity: 9 },
    });
    expect(patched.status).toBe(200);
    expect(patched.payload.groups[0]?.lines[0]?.quantity).toBe(9);
    expect(patched.payload.totalCartQuantity).toBe(11);

    const removed = await origin.api<Cart>('DELETE', `${cartPath(business.cellarId)}/${lineB}`, {
      token: business.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.payload.groups.map((group) => group.supplier.id)).toEqual([a.supplier.id]);

    for (const [method, json] of [
      ['PATCH', { quantity: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const unknown = await origin.api(method, `${cartPath(business.cellarId)}/${lineB}`, {
        token: business.token,
        json,
      });
      expect(unknown.status, method).toBe(404);
    }
    const zero = await origin.api('PATCH', `${cartPath(business.cellarId)}/${lineA}`, {
      token: business.token,
      json: { quantity: 0 },
    });
    expect(zero.status).toBe(400);
    expect(Object.keys(zero.error?.fields ?? {})).toEqual(['quantity']);
  });
});

/** The supplier's own stock figure for the offer's wine, for the time of `run`. */
async function withStock<T>(
  offer: (typeof stocked)[number],
  stock: number,
  run: () => Promise<T>,
): Promise<T> {
  await db()
    .entities.supplierOffer.put({
      supplierId: offer.supplier.id,
      wineId: offer.wine.wineId,
      stock,
      updatedAt: new Date().toISOString(),
    })
    .go();
  try {
    return await run();
  } finally {
    await db()
      .entities.supplierOffer.delete({ supplierId: offer.supplier.id, wineId: offer.wine.wineId })
      .go();
  }
}

describe("the supplier's stock", () => {
  it('refuses 50 bottles of a wine the supplier has 5 of, naming the stock, and keeps the cart as it was', async () => {
    const business = await market.freshBusiness('Femti');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    await withStock(a, 5, async () => {
      const answer = await origin.api<Cart>('POST', cartPath(business.cellarId), {
        token: business.token,
        json: item(a, 50),
      });
      expect(answer.status).toBe(400);
      expect(answer.error?.fields).toEqual({ quantity: 'Only 5 in stock' });
      expect(answer.error?.message).toBe('Only 5 in stock');
      expect(await cartOf(business)).toMatchObject({ groups: [], totalCartQuantity: 0, version: 0 });

      // Within the stock it goes; what is already in the cart counts.
      const three = await addToCart(origin, business, item(a, 3));
      expect(three.groups[0]?.lines[0]).toMatchObject({ quantity: 3, exceedsStock: false });
      const more = await origin.api<Cart>('POST', cartPath(business.cellarId), {
        token: business.token,
        json: item(a, 3),
        language: 'nb',
      });
      expect(more.status).toBe(400);
      expect(more.error?.fields).toEqual({ quantity: 'Bare 5 på lager, og 3 ligger i handlekurven' });
      expect((await addToCart(origin, business, item(a, 2))).totalCartQuantity).toBe(5);
      expect((await cartOf(business)).groups[0]?.lines[0]?.quantity).toBe(5);
    });
  });

  it('refuses raising a line past the stock with PATCH; lowering is always possible', async () => {
    const business = await market.freshBusiness('Heve');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    await withStock(a, 5, async () => {
      const cart = await addToCart(origin, business, item(a, 4));
      const line = cart.groups[0]?.lines[0]?.id as string;
      const raised = await origin.api<Cart>('PATCH', `${cartPath(business.cellarId)}/${line}`, {
        token: business.token,
        json: { quantity: 6 },
      });
      expect(raised.status).toBe(400);
      expect(raised.error?.fields).toEqual({ quantity: 'Only 5 in stock' });
      expect((await cartOf(business)).groups[0]?.lines[0]?.quantity).toBe(4);
      const five = await origin.api<Cart>('PATCH', `${cartPath(business.cellarId)}/${line}`, {
        token: business.token,
        json: { quantity: 5 },
      });
      expect(five.status).toBe(200);
    });
    // The stock fell below the line after it was added: the line says so, and can be lowered.
    await withStock(a, 2, async () => {
      const cart = await cartOf(business);
      const line = cart.groups[0]?.lines[0];
      expect(line).toMatchObject({ quantity: 5, exceedsStock: true });
      const lowered = await origin.api<Cart>('PATCH', `${cartPath(business.cellarId)}/${line?.id}`, {
        token: business.token,
        json: { quantity: 3 },
      });
      expect(lowered.status).toBe(200);
      expect(lowered.payload.groups[0]?.lines[0]).toMatchObject({ quantity: 3, exceedsStock: true });
    });
  });

  it('lets 30 concurrent adds of one wine together reach the stock and no further', async () => {
    const business = await market.freshBusiness('Kappløp');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    await withStock(a, 100, async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          origin.api<Cart>('POST', cartPath(business.cellarId), {
            token: business.token,
            json: item(a, i + 1),
          }),
        ),
      );
      const landed = answers.flatMap((answer, i) => (answer.status === 201 ? [i + 1] : []));
      for (const answer of answers.filter((a) => a.status !== 201)) expect(answer.status).toBe(400);
      const quantity = (await cartOf(business)).groups[0]?.lines[0]?.quantity ?? 0;
      expect(quantity).toBe(landed.reduce((sum, n) => sum + n, 0));
      expect(quantity).toBeLessThanOrEqual(100);
      // 465 bottles were asked for: the stock stopped some.
      expect(landed.length).toBeLessThan(30);
    });
  }, 120_000);
});

describe('refusals', () => {
  it('refuses a wine the supplier does not offer, and an unknown supplier', async () => {
    const business = await market.freshBusiness('Tilbud');
    const [a, b] = ofSuppliers(2) as [(typeof stocked)[number], (typeof stocked)[number]];
    const notOffered = await origin.api('POST', cartPath(business.cellarId), {
      token: business.token,
      json: { supplierId: a.supplier.id, wineId: b.wine.wineId, quantity: 1 },
      language: 'nb',
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.error?.fields).toEqual({ wineId: 'Denne leverandøren tilbyr ikke den vinen' });
    const unknown = await origin.api('POST', cartPath(business.cellarId), {
      token: business.token,
      json: { supplierId: 'sup-finnes-ikke', wineId: a.wine.wineId, quantity: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields).toEqual({ wineId: 'This supplier does not offer that wine' });
    expect((await cartOf(business)).version).toBe(0);
  });

  it('refuses a wine out of stock', async () => {
    const business = await market.freshBusiness('Tomt');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    // The supplier's own stock figure for the wine: none left.
    await db()
      .entities.supplierOffer.put({
        supplierId: a.supplier.id,
        wineId: a.wine.wineId,
        stock: 0,
        updatedAt: new Date().toISOString(),
      })
      .go();
    try {
      const answer = await origin.api('POST', cartPath(business.cellarId), {
        token: business.token,
        json: item(a, 1),
      });
      expect(answer.status).toBe(400);
      expect(answer.error?.fields).toEqual({ quantity: 'Out of stock' });
    } finally {
      await db().entities.supplierOffer.delete({ supplierId: a.supplier.id, wineId: a.wine.wineId }).go();
    }
  });

  it('keeps a line at most quantityMax bottles', async () => {
    const business = await market.freshBusiness('Mengde');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    // A supplier with plenty: the line's own limit is what stops it.
    await withStock(a, MARKETPLACE_LIMITS.stockMax, async () => {
      await addToCart(origin, business, item(a, MARKETPLACE_LIMITS.quantityMax - 5));
      const answer = await origin.api('POST', cartPath(business.cellarId), {
        token: business.token,
        json: item(a, 6),
      });
      expect(answer.status).toBe(400);
      expect(answer.error?.fields).toEqual({ quantity: 'Must be at most 5' });
      const over = await origin.api('POST', cartPath(business.cellarId), {
        token: business.token,
        json: item(a, MARKETPLACE_LIMITS.quantityMax + 1),
      });
      expect(over.status).toBe(400);
    });
  });

  it('keeps at most cartLinesMax lines and cartSuppliersMax suppliers', async () => {
    const business = await market.freshBusiness('Grense');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    // A full cart, written as the cart's own item: lines of other wines of the same supplier.
    const line = (supplierId: string) => ({
      id: ulid(),
      supplierId,
      wineId: `full-${ulid()}`,
      quantity: 1,
      addedAt: new Date().toISOString(),
    });
    const full = Array.from({ length: MARKETPLACE_LIMITS.cartLinesMax }, () => line(a.supplier.id));
    await db()
      .entities.cart.put({
        ownerId: business.id,
        lines: full,
        updatedAt: new Date().toISOString(),
        version: 1,
      })
      .go();
    const tooMany = await origin.api('POST', cartPath(business.cellarId), {
      token: business.token,
      json: item(a, 1),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.fields).toEqual({ wineId: 'The cart holds at most 100 wines' });

    const suppliers = Array.from({ length: MARKETPLACE_LIMITS.cartSuppliersMax }, (_, i) =>
      line(`sup-full-${i}`),
    );
    await db()
      .entities.cart.put({
        ownerId: business.id,
        lines: suppliers,
        updatedAt: new Date().toISOString(),
        version: 2,
      })
      .go();
    const tooManySuppliers = await origin.api('POST', cartPath(business.cellarId), {
      token: business.token,
      json: item(a, 1),
      language: 'nb',
    });
    expect(tooManySuppliers.status).toBe(400);
    expect(tooManySuppliers.error?.fields).toEqual({
      supplierId: 'Én bestilling kan gå til høyst 30 leverandører',
    });
  });
});

describe('limits under concurrent adds', () => {
  const line = (supplierId: string) => ({
    id: ulid(),
    supplierId,
    wineId: `full-${ulid()}`,
    quantity: 1,
    addedAt: new Date().toISOString(),
  });
  const writeCart = (ownerId: string, lines: ReturnType<typeof line>[]) =>
    db().entities.cart.put({ ownerId, lines, updatedAt: new Date().toISOString(), version: 1 }).go();

  it('lets one of 6 concurrent new lines into a cart one line short of cartLinesMax', async () => {
    const business = await market.freshBusiness('Siste linje');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    const six = stocked.filter((offer) => offer.supplier.id === a.supplier.id).slice(0, 6);
    expect(six).toHaveLength(6);
    await writeCart(
      business.id,
      Array.from({ length: MARKETPLACE_LIMITS.cartLinesMax - 1 }, () => line(a.supplier.id)),
    );
    const answers = await Promise.all(
      six.map((offer) =>
        origin.api('POST', cartPath(business.cellarId), { token: business.token, json: item(offer, 1) }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 201))
      expect(answer.error?.fields).toEqual({ wineId: 'The cart holds at most 100 wines' });
    const cart = await cartOf(business);
    expect(cart.groups.flatMap((group) => group.lines)).toHaveLength(MARKETPLACE_LIMITS.cartLinesMax);
  }, 60_000);

  it('lets one of 3 concurrent new suppliers into a cart one short of cartSuppliersMax', async () => {
    const business = await market.freshBusiness('Siste leverandør');
    const three = ofSuppliers(3);
    expect(three).toHaveLength(3);
    await writeCart(
      business.id,
      Array.from({ length: MARKETPLACE_LIMITS.cartSuppliersMax - 1 }, (_, i) => line(`sup-full-${i}`)),
    );
    const answers = await Promise.all(
      three.map((offer) =>
        origin.api('POST', cartPath(business.cellarId), { token: business.token, json: item(offer, 1) }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 201))
      expect(answer.error?.fields).toEqual({ supplierId: 'One order can go to at most 30 suppliers' });
    expect((await cartOf(business)).groups).toHaveLength(MARKETPLACE_LIMITS.cartSuppliersMax);
  }, 60_000);
});

describe('access', () => {
  it("answers 403 for another business's cellar and stores nothing in it", async () => {
    const other = await market.freshBusiness('Annen');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    await addToCart(origin, other, item(a, 1));
    const line = (await cartOf(other)).groups[0]?.lines[0]?.id as string;
    const calls: [string, string, unknown][] = [
      ['GET', cartPath(other.cellarId), undefined],
      ['POST', cartPath(other.cellarId), item(a, 1)],
      ['PATCH', `${cartPath(other.cellarId)}/${line}`, { quantity: 5 }],
      ['DELETE', `${cartPath(other.cellarId)}/${line}`, undefined],
      ['GET', `${cartPath(other.cellarId)}/summary`, undefined],
    ];
    for (const [method, path, json] of calls) {
      const answer = await origin.api(method, path, { token: restaurant.token, json });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect((await cartOf(other)).totalCartQuantity).toBe(1);
    const unknown = await origin.api('GET', cartPath(ulid()), { token: restaurant.token });
    expect(unknown.status).toBe(404);
  });

  it('answers 403 to a private account and 401 to a visitor', async () => {
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    const privateCellar = await market.cellarIdOf(userIds.private as string, tokens.private as string);
    for (const cellarId of [privateCellar, restaurant.cellarId]) {
      const answer = await origin.api('POST', cartPath(cellarId), {
        token: tokens.private,
        json: item(a, 1),
      });
      expect(answer.status).toBe(403);
    }
    const visitor = await origin.api('GET', cartPath(restaurant.cellarId));
    expect(visitor.status).toBe(401);
  });
});

describe('concurrent changes', () => {
  it('lands 30 concurrent adds of different wines, each as its own line', async () => {
    const business = await market.freshBusiness('Samtidig');
    const suppliers = new Set<string>();
    const offers = stocked.filter((offer) => {
      if (!suppliers.has(offer.supplier.id) && suppliers.size >= MARKETPLACE_LIMITS.cartSuppliersMax)
        return false;
      suppliers.add(offer.supplier.id);
      return true;
    });
    const thirty = offers.slice(0, 30);
    expect(thirty).toHaveLength(30);
    const answers = await Promise.all(
      thirty.map((offer) =>
        origin.api<Cart>('POST', cartPath(business.cellarId), {
          token: business.token,
          json: item(offer, 2),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(thirty.map(() => 201));
    const cart = await cartOf(business);
    const lines = cart.groups.flatMap((group) => group.lines);
    expect(lines).toHaveLength(30);
    expect(new Set(lines.map((line) => `${line.supplierId}/${line.wineId}`)).size).toBe(30);
    expect(cart.totalCartQuantity).toBe(60);
    expect(cart.version).toBe(30);
  }, 120_000);

  it('sums 30 concurrent adds of the same wine exactly, within a stock that holds them all', async () => {
    const business = await market.freshBusiness('Summer');
    const [a] = ofSuppliers(1) as [(typeof stocked)[number]];
    await withStock(a, 1000, async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          origin.api<Cart>('POST', cartPath(business.cellarId), {
            token: business.token,
            json: item(a, i + 1),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
      const cart = await cartOf(business);
      expect(cart.groups).toHaveLength(1);
      expect(cart.groups[0]?.lines).toHaveLength(1);
      expect(cart.groups[0]?.lines[0]?.quantity).toBe((30 * 31) / 2);
      expect(cart.version).toBe(30);
    });
  }, 120_000);
});
