/**
 * The supplier-orders queue against DynamoDB Local: every placed message delivered twice while a tenth
 * of mail sends fail still mails each supplier once, with one `placed` mail record per order; a message
 * that matches no contract ends in the dead letters with its error; a reminder goes once.
 */
import { useMail } from '@kork/functions/adapters/mail';
import { db } from '@kork/functions/data/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';
import { directBuyer, directOrders, FaultyMail, TEST_SUPPLIER } from '../../test/test-supplier-orders';

let origin: TestOrigin;

beforeAll(async () => {
  origin = await startTestOrigin({ queueVisibilityTimeoutMs: 150 });
});

afterAll(async () => {
  useMail(undefined);
  await origin?.stop();
});

describe('the supplier-orders queue', () => {
  it('mails every order once though every message comes twice and a tenth of sends fail', async () => {
    const mail = new FaultyMail(0.1, 7);
    useMail(mail);
    const buyer = await directBuyer();
    const orders = await directOrders(buyer, 40);
    const messages = orders.flatMap((o) => [o.message, o.message]);
    // Two sends of the same messages: duplicates arrive both in one batch and in separate batches.
    await Promise.all([
      origin.stack.broker.send('supplier-orders', messages.slice(0, 40)),
      origin.stack.broker.send('supplier-orders', messages.slice(40)),
    ]);
    await origin.stack.broker.idle();

    expect(mail.faults).toBeGreaterThan(0);
    for (const order of orders) expect(mail.countFor(order), order.orderNumber).toBe(1);
    expect(mail.sent).toHaveLength(orders.length);
    expect(mail.sent.every((m) => m.to === TEST_SUPPLIER.email)).toBe(true);
    expect(origin.stack.broker.deadLetters('supplier-orders')).toHaveLength(0);
    for (const order of orders) {
      const { data } = await db()
        .entities.supplierOrderMail.query.byOrder({ ownerId: order.ownerId, orderId: order.orderId })
        .go();
      expect(data.map((m) => [m.kind, m.state])).toEqual([['placed', 'sent']]);
    }
    const first = mail.sent[0];
    // The subject names the order by the number its buyer sees on its orders page, not by the record's id.
    const order = orders.find((o) => first?.subject.includes(o.orderNumber));
    expect(first?.subject).toBe(
      `Bestilling ${order?.orderNumber} fra Queue Bistro AS / Order ${order?.orderNumber} from Queue Bistro AS`,
    );
    expect(mail.sent.some((m) => orders.some((o) => m.subject.includes(o.orderId)))).toBe(false);
    expect(first?.text).toMatch(/\/supplier-order#t=[\w-]+\.[\w-]+\.[\w-]+/);
    expect(first?.text).toContain('TINE-nummer: 12345');
    expect(first?.text).toContain('Org.nr.: 987654325');
    expect(first?.text).toContain('innen 24 timer');
    expect(first?.text).toContain('within 24 hours');
  });

  it('sends a message that matches no contract to the dead letters, with its error', async () => {
    await origin.stack.broker.send('supplier-orders', [
      { name: 'orders.supplier-order.unknown', version: 9 },
    ]);
    await origin.stack.broker.idle();
    const dead = origin.stack.broker.deadLetters('supplier-orders');
    expect(dead).toHaveLength(1);
    expect(dead[0]?.receiveCount).toBe(5);
    const res = await fetch(`${origin.base}/_dev/dead-letters`);
    const body = (await res.json()) as Record<string, { body: string; lastError?: string }[]>;
    expect(body['supplier-orders']?.[0]?.body).toContain('orders.supplier-order.unknown');
    expect(body['supplier-orders']?.[0]?.lastError).toBeTruthy();
  });

  it('takes over a claim its consumer left past the lease, and never acknowledges a mail another delivery holds', async () => {
    const mail = new FaultyMail(0, 3);
    useMail(mail);
    const buyer = await directBuyer();
    const [stale, held] = await directOrders(buyer, 2);
    if (!stale || !held) throw new Error('no orders');
    const key = (orderId: string) => ({ ownerId: buyer.id, orderId, kind: 'placed', seq: 0 });
    await db()
      .entities.supplierOrderMail.create({
        ...key(stale.orderId),
        state: 'claimed',
        claimedAt: new Date(Date.now() - 3 * 60 * 1000).toISOString(),
      })
      .go();
    await db()
      .entities.supplierOrderMail.create({
        ...key(held.orderId),
        state: 'claimed',
        claimedAt: new Date().toISOString(),
      })
      .go();
    const deadBefore = origin.stack.broker.deadLetters('supplier-orders').length;
    await origin.stack.broker.send('supplier-orders', [stale.message, held.message]);
    await origin.stack.broker.idle();
    expect(mail.countFor(stale)).toBe(1);
    expect((await db().entities.supplierOrderMail.get(key(stale.orderId)).go()).data?.state).toBe('sent');
    // Held within the lease through every delivery: never mailed, never acknowledged, so it is dead-lettered.
    expect(mail.countFor(held)).toBe(0);
    const dead = origin.stack.broker.deadLetters('supplier-orders').slice(deadBefore);
    expect(dead.map((m) => JSON.parse(m.body).orderId)).toEqual([held.orderId]);
  });

  it('reminds a supplier once however often the reminder comes, and records when', async () => {
    const mail = new FaultyMail(0, 1);
    useMail(mail);
    const buyer = await directBuyer();
    const [order] = await directOrders(buyer, 1);
    if (!order) throw new Error('no order');
    await origin.stack.broker.send('supplier-orders', [order.message]);
    await origin.stack.broker.idle();
    const reminder = {
      name: 'orders.supplier-order.reminder',
      version: 1,
      ownerId: buyer.id,
      orderId: order.orderId,
    };
    await origin.stack.broker.send('supplier-orders', [reminder, reminder, reminder]);
    await origin.stack.broker.idle();
    const reminders = mail.sent.filter((m) => m.subject.startsWith('Påminnelse'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toContain(order.orderNumber);
    expect(reminders[0]?.to).toBe(TEST_SUPPLIER.email);
    const { data } = await db().entities.order.get({ ownerId: buyer.id, id: order.orderId }).go();
    expect((data?.marketplace as { remindedAt?: string } | undefined)?.remindedAt).toBeTruthy();
    // A reminder leaves the version the supplier answers on as it was.
    expect(data?.version).toBe(0);
  });
});
