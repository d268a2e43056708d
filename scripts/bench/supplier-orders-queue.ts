/**
 * The supplier-orders queue (docs/marketplace.md, Fan-out): 1,000 marketplace orders' placed messages
 * through the in-process queue broker into the real consumer against DynamoDB Local, every message sent
 * twice and a tenth of mail sends failing (seeded), four deliveries at a time (as four concurrent
 * consumers). Checks every order was mailed exactly once (none lost, none doubled) and recorded `sent`,
 * and gives the throughput.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/supplier-orders-queue.ts`.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from './catalog-search';

const ORDERS = 1_000;
const FAULT_RATE = 0.1;
const CONSUMERS = 4;
const BUDGET = { ordersPerSecond: 20 };

export async function benchSupplierOrdersQueue(): Promise<BenchSection> {
  const { startLocalStack } = await import('../../infra/local/stack');
  const { useMail } = await import('@kork/functions/adapters/mail');
  const { placedMailsOf } = await import(
    '@kork/functions/marketplace/supplier-orders/supplier-order-mail-claims'
  );
  const { directBuyer, directOrders, FaultyMail } = await import('../../functions/test/test-supplier-orders');
  const stack = await startLocalStack({ queueVisibilityTimeoutMs: 200 });
  const previousLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'silent';
  try {
    const buyer = await directBuyer('Benk');
    const parts = await Promise.all(Array.from({ length: 10 }, () => directOrders(buyer, ORDERS / 10)));
    const orders = parts.flat();
    const mail = new FaultyMail(FAULT_RATE, 2026);
    useMail(mail);

    const messages = orders.flatMap((o) => [o.message, o.message]);
    const started = performance.now();
    const share = Math.ceil(messages.length / CONSUMERS);
    await Promise.all(
      Array.from({ length: CONSUMERS }, (_, i) =>
        stack.broker.send('supplier-orders', messages.slice(i * share, (i + 1) * share)),
      ),
    );
    await stack.broker.idle();
    const seconds = (performance.now() - started) / 1000;

    const perOrder = new Map<string, number>();
    for (const m of mail.sent) {
      const id = /\(([0-9A-Z]{26})\)$/.exec(m.subject)?.[1];
      if (id) perOrder.set(id, (perOrder.get(id) ?? 0) + 1);
    }
    const lost = orders.filter((o) => !perOrder.has(o.orderId)).length;
    const doubled = [...perOrder.values()].filter((n) => n > 1).length;
    let recorded = 0;
    for (let i = 0; i < orders.length; i += 100) {
      const found = await placedMailsOf(orders.slice(i, i + 100));
      recorded += [...found.values()].filter((m) => m.state === 'sent').length;
    }
    const dead = stack.broker.deadLetters('supplier-orders').length;
    const rate = ORDERS / seconds;

    const failures: string[] = [];
    if (lost > 0 || doubled > 0 || recorded !== ORDERS || dead > 0)
      failures.push('supplier-orders queue: lost or doubled mails');
    if (rate < BUDGET.ordersPerSecond) failures.push('supplier-orders queue throughput');
    return {
      title: 'Supplier-orders queue',
      lines: [
        `## Supplier-orders queue (${ORDERS.toLocaleString('en')} orders, every message twice, ${FAULT_RATE * 100} % mail faults)`,
        '',
        `${messages.length.toLocaleString('en')} placed messages through the in-process broker (batches of 10, ${CONSUMERS} deliveries at a time, 200 ms visibility timeout) into the consumer against DynamoDB Local, with a mail port that fails a seeded ${FAULT_RATE * 100} % of sends.`,
        '',
        '| Figure | Value |',
        '| --- | --- |',
        `| wall time | ${seconds.toFixed(1)} s |`,
        `| throughput | **${rate.toFixed(0)} orders/s** (budget ${BUDGET.ordersPerSecond}) |`,
        `| mails sent / injected faults | ${mail.sent.length} / ${mail.faults} |`,
        `| orders mailed exactly once | ${perOrder.size - doubled} of ${ORDERS} |`,
        `| lost / doubled / dead letters | ${lost} / ${doubled} / ${dead} |`,
        `| \`placed\` mail records sent | ${recorded} |`,
        '',
      ],
      failures,
      figures: { seconds, ordersPerSecond: rate, lost, doubled, faults: mail.faults },
    };
  } finally {
    if (previousLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLevel;
    useMail(undefined);
    await stack.stop();
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchSupplierOrdersQueue();
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
