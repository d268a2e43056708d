/**
 * The till's sales (docs/pos.md): 1,000 signed sale events through the local origin, four at a time, as
 * tills would send them, each selling a bottle or pouring glasses of one of 50 wines; then 100 of them
 * sent again. Checks none was lost (1,000 sales, each event's stock taken once) and none doubled (the
 * 100 again answer `duplicate`), and gives the time per event. POS keys are made through the owner's
 * route, one per sender so no key meets its per-minute limit.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/pos-sales.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signBody } from '@kork/functions/pos/pos-secrets';
import type { CellarWine, PosKeyCreated, PosSaleEvent, PosSaleOutcome, SalesList } from '@kork/shared';
import { restaurantCellar } from './bench-cellar';
import type { BenchSection } from './catalog-search';

const EVENTS = 1_000;
const AGAIN = 100;
const SENDERS = 4;
const WINES = 50;
const BUDGET = { p95Ms: 500 };

const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

export async function benchPosSales(base: string): Promise<BenchSection> {
  const { call } = await restaurantCellar(base);

  const wines: CellarWine[] = [];
  for (let i = 0; i < WINES; i++)
    wines.push(
      await call<CellarWine>('POST', '/own-wines', {
        source: 'CUSTOM',
        wineName: `Kassevin ${i + 1}`,
        producerName: 'Benk',
        vintage: 2021,
        bottleSize: 0.75,
        mainCategoryId: 'red',
        quantity: 500,
        glassSize: 12.5,
        purchasePriceWovat: 10_000,
      }),
    );
  const keys: PosKeyCreated[] = [];
  for (let i = 0; i < SENDERS; i++)
    keys.push(await call<PosKeyCreated>('POST', '/pos-keys', { name: `Benk ${i + 1}` }));
  const { count: salesBefore } = await call<SalesList>('GET', '/sales?resultsPerPage=1');

  // Even events sell two bottles, odd ones pour three glasses (every 6 glasses of a wine a bottle out).
  const soldAt = new Date().toISOString();
  const events: PosSaleEvent[] = Array.from({ length: EVENTS }, (_, i) => {
    const wine = wines[i % WINES] as CellarWine;
    const line =
      Math.floor(i / WINES) % 2 === 0
        ? { productId: `B-${wine.id}`, quantity: 2, unitPrice: 50_000 }
        : { productId: `G-${wine.id}`, quantity: 3, unitPrice: 15_000 };
    return { posTransactionId: `bench-${i}`, soldAt, lines: [line] };
  });

  const send = async (event: PosSaleEvent, key: PosKeyCreated) => {
    const body = JSON.stringify(event);
    const started = performance.now();
    const res = await fetch(`${base}/api/pos/sales`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': key.id,
        'x-kork-signature': signBody(key.secret, body),
      },
      body,
    });
    const text = await res.text();
    const took = performance.now() - started;
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`POST /api/pos/sales ${res.status}: ${text}`);
    return { outcome: (JSON.parse(text) as { payload: PosSaleOutcome }).payload, took };
  };
  const run = async (list: PosSaleEvent[]) => {
    const times: number[] = [];
    const outcomes: PosSaleOutcome[] = [];
    let next = 0;
    await Promise.all(
      keys.map(async (key) => {
        while (next < list.length) {
          const { outcome, took } = await send(list[next++] as PosSaleEvent, key);
          times.push(took);
          outcomes.push(outcome);
        }
      }),
    );
    return { times, outcomes };
  };

  const started = performance.now();
  const first = await run(events);
  const wall = performance.now() - started;
  const again = await run(events.filter((_, i) => i % (EVENTS / AGAIN) === 0));

  const { count: salesAfter } = await call<SalesList>('GET', '/sales?resultsPerPage=1');
  const recorded = first.outcomes.filter((o) => o.status === 'recorded').length;
  const duplicates = again.outcomes.filter((o) => o.status === 'duplicate').length;
  // Per wine: 10 bottle events (20 bottles) and 10 glass events (30 glasses: 5 bottles poured out).
  const expected = 500 - (EVENTS / WINES / 2) * 2 - Math.floor(((EVENTS / WINES / 2) * 3) / 6);
  const stocks = await Promise.all(wines.map((wine) => call<CellarWine>('GET', `/own-wines/${wine.id}`)));
  const stockRight = stocks.every((wine) => wine.quantity === expected);

  const p95 = percentile(first.times, 95);
  const failures: string[] = [];
  if (recorded !== EVENTS || salesAfter - salesBefore !== EVENTS) failures.push('POS sales lost');
  if (duplicates !== AGAIN || !stockRight) failures.push('POS sales doubled');
  if (p95 > BUDGET.p95Ms) failures.push('POS sale p95');
  const lines = [
    '### The till: sale events (docs/pos.md)',
    '',
    `${EVENTS.toLocaleString('en')} signed \`POST /api/pos/sales\` events through the local origin, ${SENDERS} at a time (one POS key each), over ${WINES} wines: half sell two bottles, half pour three 12.5 cl glasses. Then ${AGAIN} of them sent again.`,
    '',
    '| figure | value |',
    '| --- | --- |',
    `| sales recorded / events | ${recorded} / ${EVENTS} (sales listed: +${salesAfter - salesBefore}) |`,
    `| sent again: duplicate / sent | ${duplicates} / ${AGAIN} |`,
    `| every wine's stock as the events took it (${expected} bottles each) | ${stockRight ? 'yes' : 'NO'} |`,
    `| per event: median / p95 / p99 | ${ms(percentile(first.times, 50))} / ${ms(p95)} / ${ms(percentile(first.times, 99))} |`,
    `| a duplicate: median | ${ms(percentile(again.times, 50))} |`,
    `| throughput | ${(EVENTS / (wall / 1000)).toFixed(0)} events/s (${(wall / 1000).toFixed(1)} s in all) |`,
    '',
    `Budget: p95 ≤ ${BUDGET.p95Ms} ms per event on DynamoDB Local; none lost, none doubled.`,
  ];
  return {
    title: 'POS sale events',
    lines,
    failures,
    figures: {
      recorded,
      duplicates,
      p50: percentile(first.times, 50),
      p95,
      p99: percentile(first.times, 99),
      eventsPerSecond: EVENTS / (wall / 1000),
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { startLocalStack } = await import('../../infra/local/stack');
  const { startLocalServer } = await import('../../infra/local/server');
  const stack = await startLocalStack({});
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-bench-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title>');
  const server = await startLocalServer({ stack, port: 0, webRoot });
  try {
    const section = await benchPosSales(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    for (const line of section.lines) console.log(line);
    if (section.failures.length > 0) {
      console.error(`over budget: ${section.failures.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await stack.stop();
  }
}
