/**
 * Cellar reads at scale (docs/cellar-reads.md): a 5,000-wine cellar listed with two filters and a sort
 * through the route (`GET /api/wine-cellars/users/{id}/own-wines`), and its dashboard, warm (the
 * instance holds the cellar: one version read) and cold (a new instance; the first read after a change,
 * which reads only the wines changed; the whole cellar read as before), against a single-item GetItem and a 50-item Query in the same run on the
 * same stack. Also the read units each costs and the memory a held cellar takes.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/cellar-listing.ts`.
 */

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  type AttributeValue,
  GetItemCommand,
  QueryCommand,
  type QueryCommandOutput,
} from '@aws-sdk/client-dynamodb';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { CHANGE_SLACK_MS } from '@kork/functions/cellar/kernel/cellar-changes';
import { heldSnapshots, resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import type { CellarWineInput, LoginResult, MainCategory } from '@kork/shared';
import { withApiOrigin } from './api-origin';
import type { BenchSection } from './catalog-search';
import { percentile, timeOnce } from './timing';

const WINES = 5_000;
const RUNS = 200;
const WARM_UP = 20;
const COLD_RUNS = 15;
const BUDGET = { warmP95Ms: 30, coldP50Ms: 150 };
const STYLES: MainCategory[] = ['red', 'white', 'rose', 'sparkling', 'dessert'];
const COUNTRIES = ['Frankrike', 'Italia', 'Spania', 'Tyskland', 'Portugal', 'Østerrike', 'USA', 'Chile'];

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

function wine(i: number): CellarWineInput {
  return {
    source: 'CUSTOM',
    wineName: `Cuvée ${i}`,
    producerName: `Domaine ${i % 400}`,
    vintage: 1990 + (i % 34),
    bottleSize: i % 20 === 0 ? 1.5 : 0.75,
    quantity: i % 30,
    mainCategoryId: STYLES[i % STYLES.length],
    country: COUNTRIES[i % COUNTRIES.length],
    purchasePriceWovat: 10_000 + ((i * 7919) % 90_000),
    sellingPrice: 30_000 + ((i * 104_729) % 250_000),
    purchaseNote: 'Bought from the importer at the spring tasting',
  };
}

/** A forced collection: `global.gc` under --expose-gc, else exposed through V8 flags at run time. */
function garbageCollector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

export async function benchCellarListing(base: string): Promise<BenchSection> {
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
  const path = `${base}/api/wine-cellars/users/${userId}/own-wines`;
  const pk: AttributeValue = { S: `$kork#ownerid_${userId}` };

  const fillStart = performance.now();
  for (let start = 0; start < WINES; start += 500) {
    const res = await fetch(`${path}/bulk_create`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ ownWines: Array.from({ length: 500 }, (_, k) => wine(start + k)) }),
    });
    if (res.status !== 201) throw new Error(`bulk_create answered ${res.status}: ${await res.text()}`);
  }
  const fillMs = performance.now() - fillStart;
  const filledAt = Date.now();

  const query =
    'mainCategoryId=red,white&country=Frankrike,Italia&sortColumn=sellingPrice&sortDirection=desc&resultsPerPage=50';
  let count = 0;
  const listing = async () => {
    const res = await fetch(`${path}?${query}`, { headers: auth });
    if (res.status !== 200) throw new Error(`own-wines answered ${res.status}`);
    count = ((await res.json()) as { payload: { count: number } }).payload.count;
  };
  let wines = 0;
  const dashboard = async () => {
    const res = await fetch(`${base}/api/wine-cellars/users/${userId}/dashboard`, {
      headers: { ...auth, 'x-currency': 'EUR' },
    });
    if (res.status !== 200) throw new Error(`dashboard answered ${res.status}`);
    wines = ((await res.json()) as { payload: { totals: { wines: number } } }).payload.totals.wines;
  };
  const getItem = () =>
    dynamoClient().send(
      new GetItemCommand({
        TableName: 'kork',
        Key: { pk, sk: { S: '$cellarversion_1' } },
        ConsistentRead: true,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
  let fifty = 0;
  const query50 = async () => {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: 'kork',
        KeyConditionExpression: 'pk = :pk and begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': pk, ':sk': { S: '$cellarwine_1' } },
        ConsistentRead: true,
        Limit: 50,
      }),
    );
    fifty = page.Count ?? 0;
  };
  /** The whole inventory, every page, strongly consistent: what a cold read of the cellar fetches. */
  const wholeInventory = async () => {
    let key: QueryCommandOutput['LastEvaluatedKey'];
    let items = 0;
    let units = 0;
    do {
      const page: QueryCommandOutput = await dynamoClient().send(
        new QueryCommand({
          TableName: 'kork',
          KeyConditionExpression: 'pk = :pk and begins_with(sk, :sk)',
          ExpressionAttributeValues: { ':pk': pk, ':sk': { S: '$cellarwine_1' } },
          ConsistentRead: true,
          ReturnConsumedCapacity: 'TOTAL',
          ExclusiveStartKey: key,
        }),
      );
      items += page.Count ?? 0;
      units += page.ConsumedCapacity?.CapacityUnits ?? 0;
      key = page.LastEvaluatedKey;
    } while (key);
    return { items, units };
  };

  // Read units, as DynamoDB reports them for every command a call sends (sessions check included).
  let units: number | undefined;
  dynamoClient().middlewareStack.add(
    (next) => async (args) => {
      if (units === undefined) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } }).ConsumedCapacity;
      units += consumed?.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchReadUnits' },
  );
  const unitsOf = async (fn: () => Promise<unknown>) => {
    units = 0;
    await fn();
    const spent = units;
    units = undefined;
    return spent;
  };

  // Warm: alternated, so no call gets the warmer caches or the quieter garbage collector.
  const samples = {
    listing: [] as number[],
    dashboard: [] as number[],
    get: [] as number[],
    q50: [] as number[],
  };
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const round = {
      listing: await timeOnce(listing),
      dashboard: await timeOnce(dashboard),
      get: await timeOnce(getItem),
      q50: await timeOnce(query50),
    };
    if (i < WARM_UP) continue;
    for (const key of Object.keys(round) as (keyof typeof round)[]) samples[key].push(round[key]);
  }
  if (count === 0 || wines !== WINES || fifty !== 50) throw new Error('the cellar did not answer as filled');

  // A change as the till or a person makes one: one wine's quantity through the route.
  const firstWine = await fetch(`${path}?resultsPerPage=1`, { headers: auth }).then(
    async (res) => ((await res.json()) as { payload: { rows: { id: string }[] } }).payload.rows[0]?.id,
  );
  let step = 0;
  const change = async () => {
    const res = await fetch(`${path}/${firstWine}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ quantity: 1 + (step++ % 50) }),
    });
    if (res.status !== 200) throw new Error(`the change answered ${res.status}`);
  };
  /** The listing read as before the copies: a new instance that reads the whole cellar. */
  const wholeListing = async () => {
    const bucket = process.env.CELLAR_SNAPSHOTS_BUCKET;
    process.env.CELLAR_SNAPSHOTS_BUCKET = '';
    resetCellarSnapshots();
    try {
      await listing();
    } finally {
      process.env.CELLAR_SNAPSHOTS_BUCKET = bucket;
    }
  };
  // The fill's own changes count for a copy read within a minute of them (cellar-changes.ts): past that.
  const settled = filledAt + CHANGE_SLACK_MS + 1_000 - Date.now();
  if (settled > 0) await new Promise((done) => setTimeout(done, settled));
  // The copies held and shared were read during that minute: read the cellar whole once more (past the
  // maximum age), which stores the shared copy again, so every copy below was read after it.
  process.env.CELLAR_SNAPSHOT_MAX_AGE_MS = '0';
  await listing();
  delete process.env.CELLAR_SNAPSHOT_MAX_AGE_MS;

  // Cold: a new instance each time with the cellar unchanged (the copy another instance stored at this
  // version); the first read after a change in the instance that held the cellar and in a new one (the
  // wines changed read by id); the whole cellar read as before the copies.
  const cold = {
    listing: [] as number[],
    dashboard: [] as number[],
    changedHeld: [] as number[],
    changedNew: [] as number[],
    whole: [] as number[],
    raw: [] as number[],
  };
  for (let i = 0; i < COLD_RUNS; i++) {
    resetCellarSnapshots();
    cold.listing.push(await timeOnce(listing));
    resetCellarSnapshots();
    cold.dashboard.push(await timeOnce(dashboard));
    await change();
    cold.changedHeld.push(await timeOnce(listing));
    await change();
    resetCellarSnapshots();
    cold.changedNew.push(await timeOnce(listing));
    cold.whole.push(await timeOnce(wholeListing));
    cold.raw.push(await timeOnce(wholeInventory));
  }
  const inventory = await wholeInventory();
  if (inventory.items !== WINES) throw new Error(`the inventory query read ${inventory.items} wines`);
  const versionUnits = (await getItem()).ConsumedCapacity?.CapacityUnits ?? 0;
  const coldly = (fn: () => Promise<unknown>) => {
    resetCellarSnapshots();
    return unitsOf(fn);
  };
  const spent = {
    warmListing: await unitsOf(listing),
    warmDashboard: await unitsOf(dashboard),
    coldListing: await coldly(listing),
    coldDashboard: await coldly(dashboard),
    changedHeld: await (async () => {
      await listing();
      await change();
      return unitsOf(listing);
    })(),
    changedNew: await (async () => {
      await change();
      return coldly(listing);
    })(),
    whole: await unitsOf(wholeListing),
  };

  // Memory: what one held 5,000-wine cellar (rows, search texts, the orders asked for) adds to the heap.
  const collect = garbageCollector();
  resetCellarSnapshots();
  collect?.();
  const empty = process.memoryUsage().heapUsed;
  await listing();
  await dashboard();
  await fetch(`${path}?search=cuvee&sortColumn=quantity`, { headers: auth }).then((r) => r.arrayBuffer());
  collect?.();
  const held = process.memoryUsage().heapUsed - empty;
  const records = heldSnapshots().records;

  const p = (values: number[], n: number) => ms(percentile(values, n));
  const warmListingP95 = percentile(samples.listing, 95);
  const warmDashboardP95 = percentile(samples.dashboard, 95);
  const failures: string[] = [];
  if (warmListingP95 > BUDGET.warmP95Ms) failures.push('warm cellar listing');
  if (warmDashboardP95 > BUDGET.warmP95Ms) failures.push('warm cellar dashboard');
  const coldListingP50 = percentile(cold.listing, 50);
  if (coldListingP50 > BUDGET.coldP50Ms) failures.push('cold cellar listing (shared copy)');
  const changedNewP50 = percentile(cold.changedNew, 50);
  if (changedNewP50 > BUDGET.coldP50Ms) failures.push('cold cellar listing after a change');
  const within = (value: number) => (value <= BUDGET.warmP95Ms ? 'within budget' : 'OVER BUDGET');

  const lines = [
    '## Cellar listing and dashboard (5,000 wines)',
    '',
    `A cellar of ${WINES.toLocaleString('en')} wines (filled through \`bulk_create\`, 500 a call: ${ms(fillMs)} in all), listed with`,
    `\`${query}\` (${count} matches) and its dashboard in EUR. Warm: ${RUNS} rounds of the four calls in turn after ${WARM_UP} warm-up rounds;`,
    `cold: ${COLD_RUNS} reads each in a new instance (the snapshot forgotten first) of the unchanged cellar, which takes the copy another instance stored`,
    "at its version (one S3 GET, docs/cellar-reads.md); the first read after a change (one wine's quantity through the route) in the instance that held the cellar and",
    'in a new one, each reading the change items since its copy and the wine changed by id (the new one storing the copy again); and the whole cellar read as before.',
    '',
    '| call | p50 | p95 | read units |',
    '|---|---:|---:|---:|',
    `| listing through the local origin, warm | ${p(samples.listing, 50)} | ${p(samples.listing, 95)} | ${spent.warmListing} |`,
    `| dashboard through the local origin, warm | ${p(samples.dashboard, 50)} | ${p(samples.dashboard, 95)} | ${spent.warmDashboard} |`,
    `| raw GetItem of one item (the version item, strongly consistent) | ${p(samples.get, 50)} | ${p(samples.get, 95)} | ${versionUnits} |`,
    `| raw Query of 50 wines (strongly consistent) | ${p(samples.q50, 50)} | ${p(samples.q50, 95)} | — |`,
    `| listing, cold: a new instance, the shared copy | ${p(cold.listing, 50)} | ${p(cold.listing, 95)} | ${spent.coldListing.toFixed(1)} |`,
    `| dashboard, cold: a new instance, the shared copy | ${p(cold.dashboard, 50)} | ${p(cold.dashboard, 95)} | ${spent.coldDashboard.toFixed(1)} |`,
    `| listing, the first read after a change, the instance that held the cellar | ${p(cold.changedHeld, 50)} | ${p(cold.changedHeld, 95)} | ${spent.changedHeld.toFixed(1)} |`,
    `| listing, the first read after a change, a new instance (shared copy brought up to date, stored again) | ${p(cold.changedNew, 50)} | ${p(cold.changedNew, 95)} | ${spent.changedNew.toFixed(1)} |`,
    `| listing, cold, the whole cellar read (as before the copies) | ${p(cold.whole, 50)} | ${p(cold.whole, 95)} | ${spent.whole.toFixed(1)} |`,
    `| raw Query of the whole inventory, every page (what a cold read fetches) | ${p(cold.raw, 50)} | ${p(cold.raw, 95)} | ${inventory.units.toFixed(1)} |`,
    '',
    `Budget: warm p95 ≤ ${BUDGET.warmP95Ms} ms — listing ${within(warmListingP95)}, dashboard ${within(warmDashboardP95)}; cold listing p50 ≤ ${BUDGET.coldP50Ms} ms — from the shared copy ${coldListingP50 <= BUDGET.coldP50Ms ? 'within budget' : 'SLIPPED'}, a new instance after a change ${changedNewP50 <= BUDGET.coldP50Ms ? 'within budget' : 'SLIPPED'}.`,
    'Read units: what DynamoDB Local reports for every command of the call, the session check (0.5, eventually consistent) included;',
    `the dashboard's exchange rates are read once per instance and 5 minutes. One held ${WINES.toLocaleString('en')}-wine cellar (${records.toLocaleString('en')} records,`,
    `with search texts and two sort orders) adds ${mb(held)} to the heap${collect ? '' : ' (no forced gc: includes garbage)'}.`,
  ];
  return {
    title: 'cellar listing',
    lines,
    failures,
    figures: {
      warmListingP50: percentile(samples.listing, 50),
      warmListingP95,
      warmDashboardP95,
      getItemP50: percentile(samples.get, 50),
      query50P50: percentile(samples.q50, 50),
      coldListingP50,
      changedHeldP50: percentile(cold.changedHeld, 50),
      changedNewP50,
      wholeListingP50: percentile(cold.whole, 50),
      heldBytes: held,
    },
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await withApiOrigin((base) => benchCellarListing(base));
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
