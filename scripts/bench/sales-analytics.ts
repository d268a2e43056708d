/**
 * Sales analytics at scale (docs/sales-analytics.md): a 5,000-wine cellar with a year of 50,000 sale
 * lines, asked through the route (`GET /api/wine-cellars/users/{id}/sales-analytics`) with varied
 * periods and groupings, and its wine-list engineering (`…/sales-analytics/menu-engineering`) warm.
 * The sales are written in bulk and their day rollups built by the backfill (timed, and run twice).
 * Warm: the instance holds the cellar and the period's rollups (one version read, one query of the
 * finished counts, the sums); cold: a new instance, which takes the cellar and the year's rollups from
 * the copies an earlier instance stored at the same version (the bucket keeps its objects as the table
 * keeps its items); the first request anywhere at a version (nothing shared yet), and the first request
 * after a sale: the wine sold read again by id, the year's rollups read again and stored. Beside them, today's path
 * before rollups (every sale read into columns) timed in-process on the same data. A missed target prints SLIPPED and fails the run.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/sales-analytics.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { CHANGE_SLACK_MS } from '@kork/functions/cellar/kernel/cellar-changes';
import { cellarSnapshot, resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { bumpCellarVersion, cellarVersionOf } from '@kork/functions/cellar/kernel/cellar-version';
import { readSharedDerived } from '@kork/functions/cellar/kernel/shared-derived';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { rebuildRollups } from '@kork/functions/sales/sale-rollup-rebuild';
import { rollupsBetween } from '@kork/functions/sales/sale-rollups';
import { type RollupColumns, rollupRowsFromColumns } from '@kork/functions/sales-analytics/rollup-columns';
import { periodOf } from '@kork/functions/sales-analytics/sales-analytics-service';
import { forgetKeptSales, salesLinesOf } from '@kork/functions/sales-analytics/sales-lines';
import { SHARED_ROLLUPS } from '@kork/functions/sales-analytics/sales-rollups-held';
import {
  aggregateSales,
  type CellarWine,
  type CellarWineInput,
  dayNumber,
  isoOfDay,
  type LoginResult,
  type MainCategory,
  type MenuEngineering,
  type SaleLine,
  type SalesAnalytics,
  todayIso,
} from '@kork/shared';
import { ulid } from 'ulid';
import type { BenchSection } from './catalog-search';
import { copySizes } from './sales-analytics-copy';
import { percentile, timeQueries, timeRuns } from './timing';

const WINES = 5_000;
const LINES = 50_000;
const RUNS = 300;
const WARM_UP = 20;
const COLD_RUNS = 5;
const BUDGET = { warmP95Ms: 150, coldP95Ms: 1_000 };
/** Cold requests of today's path (every sale read), measured in-process beside the rollups. */
const RAW_COLD_RUNS = 3;
const STYLES: MainCategory[] = ['red', 'white', 'rose', 'sparkling', 'dessert'];
const COUNTRIES = ['Frankrike', 'Italia', 'Spania', 'Tyskland', 'Portugal', 'Østerrike', 'USA', 'Chile'];

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** What a new function instance starts without: the cellar snapshot and the sales or rollups held. */
function newInstance(): void {
  resetCellarSnapshots();
  forgetKeptSales();
}

function wine(i: number): CellarWineInput {
  return {
    source: 'CUSTOM',
    wineName: `Cuvée ${i}`,
    producerName: `Domaine ${i % 400}`,
    vintage: 1990 + (i % 34),
    bottleSize: 0.75,
    quantity: 1 + (i % 30),
    mainCategoryId: STYLES[i % STYLES.length],
    country: COUNTRIES[i % COUNTRIES.length],
    purchasePriceWovat: 10_000 + ((i * 7919) % 90_000),
    sellingPrice: 30_000 + ((i * 104_729) % 250_000),
  };
}

/** The cellar's wines, made through `bulk_create` unless the cellar already holds as many. */
async function cellarWines(path: string, auth: Record<string, string>): Promise<CellarWine[]> {
  const page = async () => {
    const res = await fetch(`${path}?resultsPerPage=1`, { headers: auth });
    return ((await res.json()) as { payload: { count: number } }).payload.count;
  };
  if ((await page()) < WINES) {
    for (let start = 0; start < WINES; start += 500) {
      const res = await fetch(`${path}/bulk_create`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ownWines: Array.from({ length: 500 }, (_, k) => wine(start + k)) }),
      });
      if (res.status !== 201) throw new Error(`bulk_create answered ${res.status}: ${await res.text()}`);
    }
  }
  const wines: CellarWine[] = [];
  for (let p = 1; wines.length < WINES; p++) {
    const res = await fetch(`${path}?resultsPerPage=500&page=${p}`, { headers: auth });
    const rows = ((await res.json()) as { payload: { rows: CellarWine[] } }).payload.rows;
    if (rows.length === 0) break;
    wines.push(...rows);
  }
  return wines.slice(0, WINES);
}

let seed = 42;

/** Sales over the last year of 1 to 6 lines (3.5 on average), written 25 items a batch, eight batches at once. */
async function writeSales(
  ownerId: string,
  wines: CellarWine[],
  total: number,
): Promise<{ sales: number; ms: number }> {
  const started = performance.now();
  const today = dayNumber(todayIso());
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const sales: Record<string, unknown>[] = [];
  for (let lines = 0; lines < total; ) {
    const count = Math.min(total - lines, 1 + Math.floor(random() * 6));
    const day = today - Math.floor(random() * 365);
    const ms = day * 86_400_000 + 12 * 3_600_000 + Math.floor(random() * 10 * 3_600_000);
    const products: SaleLine[] = Array.from({ length: count }, () => {
      const w = wines[Math.floor(random() ** 2 * wines.length)] as CellarWine;
      const units = 1 + Math.floor(random() * 3);
      const unitPrice = w.sellingPrice ?? 30_000;
      return {
        ownWineId: w.id,
        wineDisplayName: w.wineDisplayName,
        mainCategoryId: w.mainCategoryId,
        country: w.country,
        units,
        unitPrice,
        byGlass: random() < 0.2,
        locationId: null,
        unitCost: w.purchasePriceWovat,
        vatPercentage: 25,
        total: units * unitPrice,
      };
    });
    lines += count;
    sales.push({
      ownerId,
      // A sale's id is a ULID of the moment it was recorded.
      id: ulid(ms),
      date: isoOfDay(day),
      customer: {},
      contactPerson: {},
      products,
      units: products.reduce((sum, line) => sum + line.units, 0),
      totalPrice: products.reduce((sum, line) => sum + line.total, 0),
      createdBy: ownerId,
      createdByName: 'Bench',
      createdAt: new Date(ms).toISOString(),
    });
  }
  // The batch form of put (the entity's types pick the single-item form for a typed-away array).
  const batch = db().entities.sale as unknown as {
    put(items: unknown[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
  };
  const { unprocessed } = await batch.put(sales).go({ concurrent: 8 });
  if (unprocessed.length > 0) throw new Error(`${unprocessed.length} sales were not written`);
  await bumpCellarVersion(ownerId);
  return { sales: sales.length, ms: performance.now() - started };
}

export async function benchSalesAnalytics(base: string): Promise<BenchSection> {
  const headers = { 'x-api-key': 'kork-local-web', 'content-type': 'application/json' };
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
  const wines = await cellarWines(`${base}/api/wine-cellars/users/${userId}/own-wines`, auth);
  const filledAt = Date.now();
  const written = await writeSales(userId, wines, LINES);
  // The sales were written in bulk, without their transactions: the backfill builds their rollups.
  let started = performance.now();
  const backfill = await rebuildRollups(userId, { force: true });
  const backfillMs = performance.now() - started;
  started = performance.now();
  const again = await rebuildRollups(userId, { force: true });
  const againMs = performance.now() - started;
  const yearItems = (await rollupsBetween(userId, isoOfDay(dayNumber(todayIso()) - 364), todayIso())).length;

  const path = `${base}/api/wine-cellars/users/${userId}/sales-analytics`;
  const today = dayNumber(todayIso());
  let units = 0;
  const ask = async (query: string) => {
    const res = await fetch(`${path}${query}`, { headers: auth });
    if (res.status !== 200) throw new Error(`sales-analytics answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { payload: SalesAnalytics };
    units = body.payload.totals.units;
  };

  // The first request anywhere at this version: nothing shared yet, so the cellar and the year's rollups
  // are read and both copies stored.
  const first = await timeRuns(1, () => ask(''), newInstance);
  const cold = await timeRuns(COLD_RUNS, () => ask(''), newInstance);
  // The year's rollups alone, as an instance without the copy reads them: one Query.
  const rollupRead = await timeRuns(COLD_RUNS, () =>
    rollupsBetween(userId, isoOfDay(today - 364), isoOfDay(today)),
  );
  // The rollups' shared copy alone, as a new instance takes it: one GET, gunzip, parse, the rows.
  const version = await cellarVersionOf(userId);
  let copyRows = 0;
  const copyRead = await timeRuns(COLD_RUNS, async () => {
    const copy = await readSharedDerived<RollupColumns>(userId, SHARED_ROLLUPS, version);
    copyRows = rollupRowsFromColumns(copy?.value as RollupColumns)?.rows.length ?? -1;
  });
  const copySize = await copySizes(userId, today);
  // The fill's own changes (5,000 wines) count for a copy read within a minute of them, which then reads
  // the cellar whole (kernel/cellar-changes.ts): past that minute, and the cellar read whole once more.
  const settled = filledAt + CHANGE_SLACK_MS + 1_000 - Date.now();
  if (settled > 0) await new Promise((done) => setTimeout(done, settled));
  process.env.CELLAR_SNAPSHOT_MAX_AGE_MS = '0';
  await ask('');
  delete process.env.CELLAR_SNAPSHOT_MAX_AGE_MS;
  // The first request after a sale: the wine sold read again by id, the year's rollups read again.
  const afterSale = await timeRuns(
    COLD_RUNS,
    () => ask(''),
    async (i) => {
      // A sale through the route: its rollups are added in its transaction.
      const w = wines[WINES - 1 - i] as CellarWine;
      const sold = await fetch(`${base}/api/wine-cellars/users/${userId}/sales`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          products: [{ ownWineId: w.id, units: 1, unitPrice: w.sellingPrice ?? 30_000 }],
        }),
      });
      if (sold.status !== 201) throw new Error(`sales answered ${sold.status}: ${await sold.text()}`);
    },
  );
  const yearUnits = units;
  const groups = ['day', 'week', 'month'] as const;
  const queries = Array.from({ length: RUNS }, (_, i) => {
    const length = [7, 30, 90, 365][i % 4] as number;
    const to = today - (i % 60);
    return `?from=${isoOfDay(to - length + 1)}&to=${isoOfDay(to)}&groupBy=${groups[i % 3]}&top=${[5, 10, 25][i % 3]}`;
  });
  const warm = await timeQueries(queries, WARM_UP, ask);
  const yearWarm = await timeRuns(50, () => ask('?groupBy=day'));

  const raw = await benchRawLines(userId, queries);

  const engineering = await benchMenuEngineering(base, userId, auth, wines, today);

  const p95 = percentile(warm, 95);
  const failures = p95 > BUDGET.warmP95Ms ? ['warm sales analytics'] : [];
  if (percentile(cold, 95) > BUDGET.coldP95Ms) failures.push('cold sales analytics (new instance)');
  if (percentile(engineering.warm, 95) > BUDGET.warmP95Ms) failures.push('warm wine-list engineering');
  if (percentile(engineering.cold, 95) > BUDGET.coldP95Ms)
    failures.push('cold wine-list engineering (new instance)');
  const p = (values: number[], n: number) => ms(percentile(values, n));
  const lines = [
    '## Sales analytics (5,000 wines, 50,000 sale lines)',
    '',
    `A cellar of ${WINES.toLocaleString('en')} wines and a year of ${LINES.toLocaleString('en')} sale lines in ${written.sales.toLocaleString('en')} sales,`,
    `written with batch writes (25 a call, 8 at once) in ${ms(written.ms)}; ${yearUnits.toLocaleString('en')} bottles in the default year.`,
    `Warm: ${RUNS} requests after ${WARM_UP} warm-up, periods of 7, 30, 90 and 365 days by day, week and month in turn; cold: ${COLD_RUNS} requests`,
    'each in a new instance (the cellar snapshot and the rollups held forgotten; the bucket keeps the shared copies an earlier instance stored); after a sale: a sale recorded (and the version raised), then the request.',
    '',
    '| call | p50 | p95 |',
    '|---|---:|---:|',
    `| varied periods through the local origin, warm (rollups held) | ${p(warm, 50)} | ${p(warm, 95)} |`,
    `| the whole year by day (365 periods), warm (rollups held) | ${p(yearWarm, 50)} | ${p(yearWarm, 95)} |`,
    `| the default year, first request after a sale (the wine sold and the year's rollups read) | ${p(afterSale, 50)} | ${p(afterSale, 95)} |`,
    `| the default year, cold: a new instance (the cellar's and the year's rollups' shared copies taken) | ${p(cold, 50)} | ${p(cold, 95)} |`,
    `| of which the rollups' shared copy alone, in-process (${copyRows.toLocaleString('en')} rows: GET, gunzip, parse, rows) | ${p(copyRead, 50)} | ${p(copyRead, 95)} |`,
    `| the default year, the first request anywhere at this version (nothing shared: the cellar and the year's ${yearItems.toLocaleString('en')} rollup items read, both copies stored; 1 run) | ${p(first, 50)} | — |`,
    `| the year's ${yearItems.toLocaleString('en')} rollup items alone, in-process (one Query, all pages) | ${p(rollupRead, 50)} | ${p(rollupRead, 95)} |`,
    `| before rollups, in-process: the default year, cold (the cellar and every sale read, ${RAW_COLD_RUNS} runs) | ${p(raw.cold, 50)} | ${p(raw.cold, 95)} |`,
    `| before rollups, in-process: varied periods over the sale lines held, warm | ${p(raw.warm, 50)} | ${p(raw.warm, 95)} |`,
    `| wine-list engineering (\`…/sales-analytics/menu-engineering\`), ${engineering.listed} listed wines, varied periods, warm | ${p(engineering.warm, 50)} | ${p(engineering.warm, 95)} |`,
    `| wine-list engineering, the default year, cold: a new instance (the cellar and its rollups from the first sale day read) | ${p(engineering.cold, 50)} | ${p(engineering.cold, 95)} |`,
    '',
    `Budget: warm p95 ≤ ${BUDGET.warmP95Ms} ms and cold p95 ≤ ${BUDGET.coldP95Ms} ms in a new instance (sales analytics and wine-list engineering each) — ${failures.length === 0 ? 'within budget' : 'OVER BUDGET'}.`,
    ...failures.map((failure) => `SLIPPED: ${failure}`),
    `Rollups: the backfill built ${backfill.written.toLocaleString('en')} rollup items from ${backfill.sales.toLocaleString('en')} sales in ${ms(backfillMs)}; run again it wrote ${again.written} items (${ms(againMs)}). The default year is ${yearItems.toLocaleString('en')} items (days × wines sold) against ${LINES.toLocaleString('en')} sale lines. The rows "before rollups" time today's path (every sale read into columns, then summed) in the bench's process, without HTTP, on the same data.`,
    `The rollups' shared copy (docs/sales-analytics.md "Shared between instances"): ${copySize.columnsJson} of JSON by column (the rows as objects: ${copySize.rowsJson}), ${copySize.columnsGzip} gzipped at level 1 (the rows as objects: ${copySize.rowsGzip}); in-process, stringify and gzip ${ms(copySize.columnsWriteMs)} (as objects ${ms(copySize.rowsWriteMs)}), gunzip, parse and rows ${ms(copySize.columnsReadMs)} (as objects ${ms(copySize.rowsReadMs)}), medians of 10.`,
    `Wine-list engineering: ${engineering.runs} requests after ${WARM_UP} warm-up over the day rollups of the same 50,000 lines (held with the cellar snapshot, shared with sales analytics; never the sales), a list of ${engineering.listed} wines, every wine of the cellar checked for dead stock.`,
  ];
  return {
    title: 'sales analytics',
    lines,
    failures,
    figures: {
      warmP50: percentile(warm, 50),
      warmP95: p95,
      coldP50: percentile(cold, 50),
      coldP95: percentile(cold, 95),
      firstMs: percentile(first, 50),
      copyReadP50: percentile(copyRead, 50),
      rawColdP50: percentile(raw.cold, 50),
      rollupReadP50: percentile(rollupRead, 50),
      engineeringColdP95: percentile(engineering.cold, 95),
      writeMs: written.ms,
    },
  };
}

/** Today's path before rollups, in-process: every sale read into columns (cold), then summed (warm). */
async function benchRawLines(userId: string, queries: string[]): Promise<{ cold: number[]; warm: number[] }> {
  const sum = async (query: string) => {
    const snapshot = await cellarSnapshot(userId);
    const { lines, wines } = await salesLinesOf(snapshot);
    const q = new URLSearchParams(query);
    const period = periodOf({
      ...(q.get('from') ? { from: q.get('from') as string } : {}),
      ...(q.get('to') ? { to: q.get('to') as string } : {}),
      ...(q.get('groupBy') ? { groupBy: q.get('groupBy') as 'day' | 'week' | 'month' } : {}),
      ...(q.get('top') ? { top: Number(q.get('top')) } : {}),
    });
    aggregateSales(lines, wines, period);
  };
  const cold = await timeRuns(RAW_COLD_RUNS, () => sum(''), newInstance);
  const warm = await timeQueries(queries, 0, sum);
  return { cold, warm };
}

const ENGINEERING_RUNS = 200;
const LISTED = 400;

/** Wine-list engineering on the same cellar and sales: a list of the first wines, asked warm for varied periods. */
async function benchMenuEngineering(
  base: string,
  userId: string,
  auth: Record<string, string>,
  wines: CellarWine[],
  today: number,
): Promise<{ warm: number[]; cold: number[]; listed: number; runs: number }> {
  const lists = `${base}/api/wine-cellars/users/${userId}/wine-lists`;
  const made = await fetch(lists, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Bench list', ownWineIds: wines.slice(0, LISTED).map((w) => w.id) }),
  });
  if (made.status !== 201) throw new Error(`wine-lists answered ${made.status}: ${await made.text()}`);
  const path = `${base}/api/wine-cellars/users/${userId}/sales-analytics/menu-engineering`;
  let listed = 0;
  const ask = async (query: string) => {
    const res = await fetch(`${path}${query}`, { headers: auth });
    if (res.status !== 200) throw new Error(`menu-engineering answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { payload: MenuEngineering };
    listed = body.payload.rows.length + body.payload.unpriced.length;
  };
  const queries = Array.from({ length: ENGINEERING_RUNS }, (_, i) => {
    const length = [30, 90, 365][i % 3] as number;
    const to = today - (i % 45);
    return `?from=${isoOfDay(to - length + 1)}&to=${isoOfDay(to)}&deadDays=${[30, 90, 180][i % 3]}`;
  });
  // Cold: a new instance (the cellar snapshot and the rollups held forgotten) asks the default year.
  const cold = await timeRuns(COLD_RUNS, () => ask(''), newInstance);
  const warm = await timeQueries(queries, WARM_UP, ask);
  return { warm, cold, listed, runs: ENGINEERING_RUNS };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { startLocalStack } = await import('../../infra/local/stack');
  const { startLocalServer } = await import('../../infra/local/server');
  // The origin needs a web root; this part of the bench asks only the API.
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-bench-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title>');
  const stack = await startLocalStack({});
  const server = await startLocalServer({ stack, port: 0, webRoot });
  try {
    const section = await benchSalesAnalytics(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    console.log(section.lines.join('\n'));
    if (section.failures.length > 0) {
      console.error(`SLIPPED: ${section.failures.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await new Promise((r) => server.close(r));
    await stack.stop();
  }
}
