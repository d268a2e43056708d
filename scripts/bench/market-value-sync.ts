/**
 * The market-value sync (docs/market-value.md, "The daily sync"): 5,000 wines' valuation keys in
 * messages of `MARKET_VALUE_SYNC_BATCH` through the in-process queue broker into the real consumer
 * against DynamoDB Local, every message sent twice and a provider that fails a seeded tenth of its
 * calls, four deliveries at a time (as four concurrent consumers). Checks every wine was written exactly
 * once for the day (none lost, none doubled, nothing in the dead letters), and gives the throughput and
 * the time of the job's check of which wines are already valued today.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/market-value-sync.ts`.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from './catalog-search';

const WINES = 5_000;
const FAULT_RATE = 0.1;
const CONSUMERS = 4;
const BUDGET = { winesPerSecond: 50 };

export async function benchMarketValueSync(): Promise<BenchSection> {
  const { startLocalStack } = await import('../../infra/local/stack');
  const { useValuationProvider } = await import('@kork/functions/adapters/valuation-provider');
  const { ValuationsFailed, valueWines } = await import('@kork/functions/market-values/sync/value-wines');
  const { keysValuedOn } = await import('@kork/functions/market-values/valuation-writes');
  const { MARKET_VALUE_SYNC_BATCH } = await import('@kork/shared');
  const { MarketValueSync } = await import('@kork/queue-messages');
  type Message = import('@kork/queue-messages').MarketValueSync;

  let written = 0;
  const stack = await startLocalStack({
    queueVisibilityTimeoutMs: 200,
    // The real consumer, counting the days it wrote (a day written twice would count twice).
    loadConsumer: async () => async (event) => {
      const failures: { itemIdentifier: string }[] = [];
      for (const record of event.Records) {
        try {
          const outcome = await valueWines(MarketValueSync.parse(JSON.parse(record.body)));
          written += outcome.written;
        } catch (error) {
          if (error instanceof ValuationsFailed) written += error.outcome.written;
          failures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures: failures };
    },
  });
  const previousLevel = process.env.LOG_LEVEL;
  const previousBudget = process.env.VALUATION_PROVIDER_DAILY_BUDGET;
  process.env.LOG_LEVEL = 'silent';
  // Room for every call: duplicates delivered at the same moment each ask before either writes.
  process.env.VALUATION_PROVIDER_DAILY_BUDGET = String(WINES * 4);
  let state = 2026;
  let calls = 0;
  let faults = 0;
  useValuationProvider({
    name: 'bench',
    demo: false,
    async quote(requests, day) {
      const quotes = [];
      const misses = [];
      for (const request of requests) {
        calls += 1;
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        if (state / 0x1_0000_0000 < FAULT_RATE) {
          faults += 1;
          misses.push({ key: request.key, reason: 'failed' as const });
        } else {
          quotes.push({
            key: request.key,
            asOf: day,
            price: 10_000 + calls,
            currency: 'NOK' as const,
            priceType: 'mid' as const,
            source: 'bench',
            demo: false,
          });
        }
      }
      return { quotes, misses };
    },
  });
  try {
    const day = new Date().toISOString().slice(0, 10);
    const keys = Array.from({ length: WINES }, (_, i) => ({
      key: `vmp:${9_000_000 + i}:${2000 + (i % 20)}:750`,
      vinmonopoletNumber: String(9_000_000 + i),
      vintage: 2000 + (i % 20),
      bottleSize: 0.75,
      wineName: `Benkvin ${i}`,
    }));
    const messages: Message[] = [];
    for (let i = 0; i < keys.length; i += MARKET_VALUE_SYNC_BATCH) {
      messages.push({
        name: 'market-values.sync',
        version: 1,
        day,
        keys: keys.slice(i, i + MARKET_VALUE_SYNC_BATCH),
      });
    }
    const twice = messages.flatMap((m) => [m, m]);
    const started = performance.now();
    const share = Math.ceil(twice.length / CONSUMERS);
    await Promise.all(
      Array.from({ length: CONSUMERS }, (_, i) =>
        stack.broker.send('market-values', twice.slice(i * share, (i + 1) * share)),
      ),
    );
    await stack.broker.idle();
    const seconds = (performance.now() - started) / 1000;

    const checkStarted = performance.now();
    const valued = await keysValuedOn(
      keys.map((k) => k.key),
      day,
    );
    const checkSeconds = (performance.now() - checkStarted) / 1000;
    const lost = WINES - valued.size;
    const doubled = written - valued.size;
    const dead = stack.broker.deadLetters('market-values').length;
    const rate = WINES / seconds;

    const failures: string[] = [];
    if (lost > 0 || doubled !== 0 || dead > 0) failures.push('market-value sync: lost or doubled values');
    if (rate < BUDGET.winesPerSecond) failures.push('market-value sync throughput');
    return {
      title: 'Market-value sync',
      lines: [
        `## Market-value sync (${WINES.toLocaleString('en')} wines, every message twice, ${FAULT_RATE * 100} % provider faults)`,
        '',
        `${twice.length.toLocaleString('en')} messages of ${MARKET_VALUE_SYNC_BATCH} valuation keys through the in-process broker (sent by ${CONSUMERS} senders at once, 200 ms visibility timeout) into the consumer against DynamoDB Local, with a provider that answers at once but fails a seeded ${FAULT_RATE * 100} % of its calls (a message with a failure comes back; what it valued is then skipped).`,
        '',
        '| Figure | Value |',
        '| --- | --- |',
        `| wall time | ${seconds.toFixed(1)} s |`,
        `| throughput | **${rate.toFixed(0)} wines/s** (budget ${BUDGET.winesPerSecond}) |`,
        `| provider calls / injected faults | ${calls.toLocaleString('en')} / ${faults} |`,
        `| days written / wines valued | ${written.toLocaleString('en')} / ${valued.size.toLocaleString('en')} |`,
        `| lost / doubled / dead letters | ${lost} / ${doubled} / ${dead} |`,
        `| the job's "already valued today" check of ${WINES.toLocaleString('en')} keys | ${checkSeconds.toFixed(2)} s |`,
        '',
      ],
      failures,
      figures: { seconds, winesPerSecond: rate, lost, doubled, faults, checkSeconds },
    };
  } finally {
    if (previousBudget === undefined) delete process.env.VALUATION_PROVIDER_DAILY_BUDGET;
    else process.env.VALUATION_PROVIDER_DAILY_BUDGET = previousBudget;
    if (previousLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLevel;
    useValuationProvider(undefined);
    await stack.stop();
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchMarketValueSync();
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
