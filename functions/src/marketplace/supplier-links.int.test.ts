/**
 * Suppliers' links through the HTTP API against DynamoDB Local: a checkout mails the supplier a signed
 * link; through it the supplier confirms, changes (quantity, substitute, delivery date) and rejects lines
 * and the buyer's order shows it, with one notice mail per answer however often its message comes; an
 * expired link is 410, a tampered one or a session token 401; a replayed answer is 409 and changes
 * nothing; of 20 concurrent answers one lands; the follow-up job sends again an order mail that was
 * never recorded and reminds once.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { followUpSupplierOrders } from '@kork/functions/marketplace/supplier-orders/follow-up-supplier-orders';
import { signSupplierLink } from '@kork/functions/marketplace/supplier-orders/supplier-links';
import type { CheckoutResult, Order, Supplier, SupplierOrderView, SupplierWine } from '@kork/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, type Business, nbsPath, TestMarket } from '../../test/test-market';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;
const market = new TestMarket(() => origin);
let buyer: Business;
let supplier: Supplier;
let wines: SupplierWine[] = [];
type Line = SupplierOrderView['lines'][number];

const billing = {
  organizationNumber: '987 654 325',
  invoiceMethod: 'ehf',
  name: 'Lenke Bistro AS',
  street: 'Kaigata 2',
  postalCode: '0150',
  city: 'Oslo',
};
const delivery = {
  recipient: 'Lenke Bistro',
  street: 'Kaigata 2',
  postalCode: '0150',
  city: 'Oslo',
  tineNumber: '778899',
};

beforeAll(async () => {
  origin = await startTestOrigin({ queueVisibilityTimeoutMs: 200 });
  await applySeeds([accountsSeed, catalogSeed, marketplaceSeed]);
  buyer = await market.freshBusiness('Lenke');
  const offering = await market.suppliers(buyer.token);
  const stocked = offering
    .map(({ supplier: s, wines: w }) => ({ supplier: s, wines: w.filter((wine) => (wine.stock ?? 0) >= 60) }))
    .filter((s) => s.wines.length >= 4)
    .sort((a, b) => a.supplier.minimumOrderMinor - b.supplier.minimumOrderMinor);
  expect(stocked.length).toBeGreaterThan(0);
  supplier = (stocked[0] as (typeof stocked)[number]).supplier;
  wines = (stocked[0] as (typeof stocked)[number]).wines;
}, 180_000);

afterAll(async () => {
  await origin?.stop();
});

/** Checks out three wines of the supplier; answers the order and its supplier link from the outbox. */
async function placeOrder(): Promise<{ order: Order; token: string }> {
  const before = origin.stack.outbox.list().length;
  for (const wine of wines.slice(0, 3)) {
    const quantity = Math.max(
      12,
      Math.ceil(supplier.minimumOrderMinor / 3 / (wine.horecaPriceMinor ?? 1)) + 1,
    );
    await addToCart(origin, buyer, { supplierId: supplier.id, wineId: wine.wineId, quantity });
  }
  const answer = await origin.api<CheckoutResult>('POST', `${nbsPath(buyer.cellarId)}/checkout`, {
    token: buyer.token,
    headers: { 'idempotency-key': ulid() },
    json: { billing, delivery, note: 'Ring på' },
  });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  const order = answer.payload.orders[0] as Order;
  await origin.stack.broker.idle();
  const mails = origin.stack.outbox.list().slice(0, origin.stack.outbox.list().length - before);
  const mail = mails.find((m) => m.subject.includes(`${order.orderId} `));
  expect(mail?.to).toBe(supplier.orderEmail);
  const token = /#t=([\w.-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return { order, token: token as string };
}

const read = (token: string) =>
  origin.api<SupplierOrderView>('POST', '/api/supplier-link/read', { json: { token } });
const answer = (token: string, body: Record<string, unknown>) =>
  origin.api<SupplierOrderView>('POST', '/api/supplier-link/answer', { json: { token, answer: body } });
const buyerOrder = async (orderId: string) => {
  const got = await origin.api<Order>('GET', `/api/wine-cellars/users/${buyer.id}/orders/${orderId}`, {
    token: buyer.token,
  });
  expect(got.status).toBe(200);
  return got.payload;
};
const noticesTo = (email: string, orderSupplier: string) =>
  origin.stack.outbox
    .list()
    .filter((m) => m.to === email && m.subject.startsWith(`${orderSupplier} har svart`));

describe("a supplier's link", () => {
  it('confirms, changes and rejects lines; the buyer sees it and is mailed once per answer', async () => {
    const { order, token } = await placeOrder();
    const view = await read(token);
    expect(view.status).toBe(200);
    expect(view.payload.supplierState).toBe('waiting');
    expect(view.payload.lines).toHaveLength(3);
    expect(view.payload.billing.organizationNumber).toBe('987654325');
    const [a, b, c] = view.payload.lines as [Line, Line, Line];

    const unknown = await answer(token, {
      version: view.payload.version,
      lines: [{ lineId: 'nope', action: 'confirm' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.['lines.0.lineId']).toBe('Unknown order line');
    const empty = await answer(token, {
      version: view.payload.version,
      lines: [{ lineId: a.lineId, action: 'modify' }],
    });
    expect(empty.status).toBe(400);

    const body = {
      version: view.payload.version,
      deliveryDate: '2027-01-15',
      lines: [
        { lineId: a.lineId, action: 'confirm' },
        {
          lineId: b.lineId,
          action: 'modify',
          quantity: 5,
          substituteName: 'Annen årgang',
          comment: 'Kun 5 igjen',
        },
        { lineId: c.lineId, action: 'reject' },
      ],
    };
    const answered = await answer(token, body);
    expect(answered.error).toBeUndefined();
    expect(answered.status).toBe(200);
    expect(answered.payload.supplierState).toBe('answered');
    expect(answered.payload.status).toBe('confirmed');

    const seen = await buyerOrder(order.id);
    expect(seen.status).toBe('confirmed');
    expect(seen.deliveryDate).toBe('2027-01-15');
    expect(seen.marketplace?.supplierState).toBe('answered');
    expect(seen.marketplace?.answers[a.lineId]?.state).toBe('confirmed');
    expect(seen.marketplace?.answers[b.lineId]).toMatchObject({
      state: 'modified',
      orderedUnits: b.units,
      substitute: { name: 'Annen årgang' },
    });
    expect(seen.marketplace?.answers[c.lineId]?.state).toBe('rejected');
    const lines = new Map(seen.products.map((line) => [line.lineId, line]));
    expect(lines.get(b.lineId)?.units).toBe(5);
    expect(lines.get(c.lineId)?.units).toBe(0);
    expect(lines.get(c.lineId)?.total).toBe(0);

    // The same answer again carries the old version: 409, and nothing changes twice.
    const replay = await answer(token, body);
    expect(replay.status).toBe(409);
    expect((await buyerOrder(order.id)).version).toBe(seen.version);

    // The answered message delivered again mails no second notice.
    await origin.stack.broker.idle();
    const email = `${buyer.id}@example.no`;
    expect(noticesTo(email, supplier.name)).toHaveLength(1);
    const again = {
      name: 'orders.supplier-order.answered',
      version: 1,
      ownerId: buyer.id,
      orderId: order.id,
      answerVersion: seen.version,
      answeredAt: new Date().toISOString(),
    };
    await origin.stack.broker.send('supplier-orders', [again, again]);
    await origin.stack.broker.idle();
    expect(noticesTo(email, supplier.name)).toHaveLength(1);
    expect(noticesTo(email, supplier.name)[0]?.text).toContain('/wine-cellar/orders');

    // The supplier changes its mind: a substitute from its catalogue replaces the first line's wine.
    const other = wines.find((w) => !view.payload.lines.some((l) => l.wineId === w.wineId)) as SupplierWine;
    const changed = await answer(token, {
      version: seen.version,
      lines: [{ lineId: a.lineId, action: 'modify', substituteWineId: other.wineId }],
    });
    expect(changed.error).toBeUndefined();
    expect(changed.status).toBe(200);
    const after = await buyerOrder(order.id);
    const line = after.products.find((l) => l.lineId === a.lineId);
    expect(line?.wineId).toBe(other.wineId);
    expect(after.marketplace?.answers[a.lineId]?.orderedWine?.wineId).toBe(a.wineId);
    expect(after.marketplace?.answers[a.lineId]?.substitute?.wineId).toBe(other.wineId);
    await origin.stack.broker.idle();
    expect(noticesTo(email, supplier.name)).toHaveLength(2);

    // Another supplier's wine is no substitute.
    const foreign = await answer(token, {
      version: after.version,
      lines: [{ lineId: a.lineId, action: 'modify', substituteWineId: 'not-offered-wine' }],
    });
    expect(foreign.status).toBe(400);
  });

  it('refuses an expired link (410), a tampered one and a session token (401), changing nothing', async () => {
    const { order, token } = await placeOrder();
    const old = await signSupplierLink(
      { supplierId: supplier.id, ownerId: buyer.id, orderId: order.id },
      new Date(Date.now() - 15 * 24 * 3600 * 1000),
    );
    const view = (await read(token)).payload;
    const body = { version: view.version, lines: [{ lineId: view.lines[0]?.lineId, action: 'confirm' }] };
    const expired = await answer(old, body);
    expect(expired.status).toBe(410);
    expect((await read(old)).status).toBe(410);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await answer(`${head}.${payload}.${flipped}`, body)).status).toBe(401);
    expect((await read('not-a-token')).status).toBe(401);
    expect((await answer(buyer.token, body)).status).toBe(401);
    const still = await buyerOrder(order.id);
    expect(still.version).toBe(view.version);
    expect(still.marketplace?.supplierState).toBe('waiting');
  });

  it('lands exactly one of 20 concurrent answers', async () => {
    const { order, token } = await placeOrder();
    const view = (await read(token)).payload;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        answer(token, {
          version: view.version,
          lines: [{ lineId: view.lines[0]?.lineId, action: 'modify', quantity: i + 1 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const after = await buyerOrder(order.id);
    expect(after.version).toBe(view.version + 1);
    expect(after.marketplace?.supplierState).toBe('waiting');
  });

  it('refuses answers on a cancelled order', async () => {
    const { order, token } = await placeOrder();
    const cancel = await origin.api<Order>(
      'PATCH',
      `/api/wine-cellars/users/${buyer.id}/orders/${order.id}`,
      {
        token: buyer.token,
        json: { status: 'cancelled' },
      },
    );
    expect(cancel.status).toBe(200);
    const view = (await read(token)).payload;
    expect(view.closed).toBe(true);
    const refused = await answer(token, {
      version: view.version,
      lines: [{ lineId: view.lines[0]?.lineId, action: 'confirm' }],
    });
    expect(refused.status).toBe(409);
  });
});

describe('the follow-up job', () => {
  it('sends again an order mail never recorded, and reminds once after 24 hours', async () => {
    const { order } = await placeOrder();
    // The order mail as if its message had been lost: no record, so the job publishes it again.
    await db()
      .entities.supplierOrderMail.delete({ ownerId: buyer.id, orderId: order.id, kind: 'placed', seq: 0 })
      .go();
    const count = () =>
      origin.stack.outbox.list().filter((m) => m.subject.includes(`${order.orderId} `)).length;
    const first = count();
    const later = new Date(Date.now() + 10 * 60 * 1000);
    expect(await followUpSupplierOrders(later)).toMatch(/[1-9]\d* order mail\(s\) sent again/);
    await origin.stack.broker.idle();
    expect(count()).toBe(first + 1);
    await followUpSupplierOrders(later);
    await origin.stack.broker.idle();
    expect(count()).toBe(first + 1);

    const reminders = () =>
      origin.stack.outbox
        .list()
        .filter((m) => m.subject.startsWith('Påminnelse') && m.subject.includes(`${order.orderId} `));
    const dayLater = new Date(Date.now() + 25 * 3600 * 1000);
    await followUpSupplierOrders(dayLater);
    await origin.stack.broker.idle();
    await followUpSupplierOrders(dayLater);
    await origin.stack.broker.idle();
    const seen = await buyerOrder(order.id);
    expect(seen.marketplace?.remindedAt).toBeTruthy();
    const mails = await db()
      .entities.supplierOrderMail.query.byOrder({ ownerId: buyer.id, orderId: order.id })
      .go();
    expect(mails.data.filter((m) => m.kind === 'reminder' && m.state === 'sent')).toHaveLength(1);
    expect(reminders()).toHaveLength(1);
  });

  it("sends the buyer's notice of an answer again when its mail is not recorded, once", async () => {
    const { order, token } = await placeOrder();
    const notices = () => noticesTo(`${buyer.id}@example.no`, supplier.name);
    const before = notices().length;
    const view = (await read(token)).payload;
    const answered = await answer(token, {
      version: view.version,
      lines: view.lines.map((line) => ({ lineId: line.lineId, action: 'confirm' })),
    });
    expect(answered.status).toBe(200);
    await origin.stack.broker.idle();
    expect(notices()).toHaveLength(before + 1);
    // The notice as if its message had been lost: no record, so the job publishes it again.
    const answerVersion = answered.payload.version;
    await db()
      .entities.supplierOrderMail.delete({
        ownerId: buyer.id,
        orderId: order.id,
        kind: 'answered',
        seq: answerVersion,
      })
      .go();
    const later = new Date(Date.now() + 10 * 60 * 1000);
    expect(await followUpSupplierOrders(later)).toMatch(/[1-9]\d* answer notice\(s\) sent again/);
    await origin.stack.broker.idle();
    expect(notices()).toHaveLength(before + 2);
    // Recorded now: the next run sends nothing more.
    await followUpSupplierOrders(later);
    await origin.stack.broker.idle();
    expect(notices()).toHaveLength(before + 2);
  });
});
