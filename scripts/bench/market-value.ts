/**
 * Market value analytics at scale (docs/market-value.md): a Pro cellar of 5,000 wines, each with its own
 * valuation key and a year of daily demo values (two year items a wine), asked through the route
 * (`GET /api/wine-cellars/users/{id}/market-value`). Warm: the instance holds the cellar snapshot, the
 * valuations it read and the answer; worked out: the answer summed again from what is held; valuations
 * read again: the cellar held, every year item read (batch gets of 100, 8 at once); cold: a new instance
 * (the cellar and every valuation read).
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/market-value.ts`.
 */

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { demoValuationProvider } from '@kork/functions/adapters/demo-valuation-provider';
import type { ValuationQuote } from '@kork/functions/adapters/valuation-provider';
import { setPlanByHand } from '@kork/functions/billing/admin-plan-service';
import { cellarOf } from '@kork/functions/cellar/cellar-service';
import { wholeCellarWritten } from '@kork/functions/cellar/kernel/cellar-changes';
import { resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { valuationKeyOf } from '@kork/functions/market-values/cascade';
import { resetMarketValueRates } from '@kork/functions/market-values/market-value-service';
import { resetValuationReads } from '@kork/functions/market-values/valuation-reads';
import { recordHistories } from '@kork/functions/market-values/valuation-writes';
import {
  type LoginResult,
  MARKET_VALUE_HISTORY_DAYS,
  type MainCategory,
  type MarketValueAnswer,
  todayIso,
} from '@kork/shared';
import { ulid } from 'ulid';
import { withApiOrigin } from './api-origin';
import type { BenchSection } from './catalog-search';

const WINES = 5_000;
const RUNS = 200;
const WARM_UP = 10;
const COLD_RUNS = 5;
const COMPUTED_RUNS = 40;
const BUDGET = { warmP95Ms: 300 };
const STYLES: MainCategory[] = ['red', 'white', 'rose', 'sparkling', 'dessert'];
const REGIONS = ['Bordeaux', 'Burgund', 'Piemonte', 'Toscana', 'Rhône', 'Rioja', 'Douro', 'Mosel'];

const ms = (n: number) => `${n.toFixed(1)} ms`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * 5,000 wines written as stored (each with a Vinmonopolet-style number, so each has its own valuation
 * key), one in 20 with its own value, one in 50 with no number (valued by its purchase price), and a
 * year of demo values for every key.
 */
export async function fillCellar(ownerId: string): Promise<{ keys: number; items: number; ms: number }> {
  const started = performance.now();
  const cellar = await cellarOf(ownerId);
  const now = new Date().toISOString();
  const records = Array.from({ length: WINES }, (_, i) => ({
    ownerId,
    id: ulid(),
    cellarId: cellar.id,
    source: 'KORK',
    wineId: `bench-wine-${i}`,
    wineName: `Cuvée ${i}`,
    producerName: `Domaine ${i % 400}`,
    vintage: 1990 + (i % 34),
    bottleSize: 0.75,
    mainCategoryId: STYLES[i % STYLES.length] as string,
    country: 'Frankrike',
    region: REGIONS[i % REGIONS.length] as string,
    grapes: [],
    ...(i % 50 === 1 ? {} : { vinmonopoletNumber: String(8_000_000 + i) }),
    placements: { _: 1 + (i % 24) },
    quantity: 1 + (i % 24),
    own: {
      purchasePriceWovat: 10_000 + ((i * 7919) % 90_000),
      ...(i % 20 === 0 ? { marketValue: 50_000 + ((i * 31) % 40_000) } : {}),
    },
    createdAt: now,
    updatedAt: now,
  }));
  const wines = db().entities.cellarWine as unknown as {
    put(items: unknown[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
  };
  const { unprocessed } = await wines.put(records).go({ concurrent: 8 });
  if (unprocessed.length > 0) throw new Error(`${unprocessed.length} wines were not written`);
  await wholeCellarWritten(ownerId);

  const to = todayIso();
  const from = new Date(Date.now() - (MARKET_VALUE_HISTORY_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const histories: ValuationQuote[][] = [];
  for (const [i, record] of records.entries()) {
    const key = valuationKeyOf({ ...record, vintage: record.vintage });
    if (!key || record.own.marketValue !== undefined) continue;
    const history = await demoValuationProvider.history?.(
      {
        key,
        vinmonopoletNumber: record.vinmonopoletNumber,
        wineName: record.wineName,
        vintage: record.vintage,
        bottleSize: record.bottleSize,
        hints: {
          referencePrice: 20_000 + ((i * 7919) % 300_000),
          referenceCurrency: 'NOK',
          referenceYear: 2014,
          categoryId: record.mainCategoryId,
          country: record.country,
          region: record.region,
        },
      },
      from,
      to,
    );
    if (history && history.length > 0) histories.push(history);
  }
  const items = await recordHistories(histories);
  return { keys: histories.length, items, ms: performance.now() - started };
}

export async function benchMarketValue(base: string): Promise<BenchSection> {
  const headers = { 'x-api-key': 'kork-local-web', 'content-type': 'application/json', 'x-currency': 'NOK' };
  await applySeeds([accountsSeed]);
  const login = (await (
    await fetch(`${base}/api/auth/log-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'restaurant@kork.local', password: 'Restaurant1' }),
    })
  ).json()) as { payload: LoginResult };
  const auth = { ...headers, authorization: `Bearer ${login.payload.access_token}` };
  const userId = login.payload.user.id;
  await setPlanByHand(userId, { plan: 'pro', reason: 'bench' }, { userId: 'bench', source: 'seed' });
  const filled = await fillCellar(userId);

  const path = `${base}/api/wine-cellars/users/${userId}/market-value`;
  let last: MarketValueAnswer | undefined;
  const timed = async (query = '', currency = 'NOK') => {
    const start = performance.now();
    const res = await fetch(`${path}${query}`, { headers: { ...auth, 'x-currency': currency } });
    if (res.status !== 200) throw new Error(`market-value answered ${res.status}: ${await res.text()}`);
    last = ((await res.json()) as { payload: MarketValueAnswer }).payload;
    return performance.now() - start;
  };

  const cold: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    resetCellarSnapshots();
    resetValuationReads();
    resetMarketValueRates();
    cold.push(await timed());
  }
  const answer = last as MarketValueAnswer;
  // The answer kept with the snapshot is used for 0 ms: each request below works the answer out again.
  process.env.VALUATIONS_MAX_AGE_MS = '0';
  const reread: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    resetValuationReads();
    reread.push(await timed());
  }
  const computed: number[] = [];
  for (let i = 0; i < COMPUTED_RUNS; i++) computed.push(await timed('', i % 2 === 0 ? 'NOK' : 'EUR'));
  delete process.env.VALUATIONS_MAX_AGE_MS;
  for (let i = 0; i < WARM_UP; i++) await timed('', i % 2 === 0 ? 'NOK' : 'EUR');
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await timed('', i % 2 === 0 ? 'NOK' : 'EUR'));
  const bytes = JSON.stringify(answer).length;

  const p95 = percentile(warm, 95);
  const failures = p95 > BUDGET.warmP95Ms ? ['warm market value'] : [];
  const p = (values: number[], n: number) => ms(percentile(values, n));
  const lines = [
    '## Market value analytics (5,000 wines, a year of daily values)',
    '',
    `A Pro cellar of ${WINES.toLocaleString('en')} wines, ${filled.keys.toLocaleString('en')} of them with a year of daily demo values`,
    `(${filled.items.toLocaleString('en')} year items, written in ${ms(filled.ms)}), one in 20 with its own value, one in 50 valued by its purchase price.`,
    `The answer: ${answer.valued.toLocaleString('en')} wines valued, ${answer.unvalued} without a value, ${answer.series.length} daily totals, ${(bytes / 1024).toFixed(0)} KB of JSON.`,
    `Warm: ${RUNS} requests after ${WARM_UP} warm-up, NOK and EUR in turn (the answer kept with the cellar's snapshot for the`,
    `valuations' maximum age, 2 minutes); worked out: ${COMPUTED_RUNS} requests with the snapshot and the valuations held, the answer`,
    `worked out again each time; valuations read again: ${COLD_RUNS} requests with the cellar held and every year item read again;`,
    `cold: ${COLD_RUNS} requests each in a new instance (the cellar and every valuation read). DynamoDB Local answers a batch get at`,
    'about 1 ms an item, so the two last rows are mostly its time.',
    '',
    '| call | p50 | p95 |',
    '|---|---:|---:|',
    `| the whole cellar through the local origin, warm | ${p(warm, 50)} | ${p(warm, 95)} |`,
    `| the answer worked out again (5,000 wines × 366 days, NOK and EUR) | ${p(computed, 50)} | ${p(computed, 95)} |`,
    `| valuations read again (${Math.ceil(filled.items / 100)} batch gets of 100, 8 at once), the cellar held | ${p(reread, 50)} | ${p(reread, 95)} |`,
    `| cold: a new instance (the cellar and every valuation read) | ${p(cold, 50)} | ${p(cold, 95)} |`,
    '',
    `Budget: warm p95 ≤ ${BUDGET.warmP95Ms} ms — ${p95 <= BUDGET.warmP95Ms ? 'within budget' : 'OVER BUDGET'}.`,
  ];
  return {
    title: 'market value',
    lines,
    failures,
    figures: {
      warmP50: percentile(warm, 50),
      warmP95: p95,
      coldP50: percentile(cold, 50),
      rereadP50: percentile(reread, 50),
      computedP50: percentile(computed, 50),
    },
  };
}

export async function benchMarketValueAlone(): Promise<BenchSection> {
  return withApiOrigin((base) => benchMarketValue(base));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchMarketValueAlone();
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
