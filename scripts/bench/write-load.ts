/**
 * Load on the write paths (the till, marketplace checkout, stock-count entries) at four times today's rate
 * for 60 s each, on the local origin as the bench starts it (infra/local, DynamoDB Local). Every request is
 * a distinct write that does the route's real work:
 *
 * - the till: signed sale events, each with a transaction id of its own, from 32 POS keys of 4 restaurants
 *   (8 keys each, so no key meets its 600-a-minute limit) over 50 wines each; autocannon at a fixed
 *   overall rate in a worker thread (the request builder is scripts/bench/write-load-requests.cjs).
 * - stock-count entries: `PUT …/entries` of 90 distinct (wine, location) pairs, round-robin over the open
 *   counts of 4 restaurants (1,650 wines in 4 locations each, every pair entered once); autocannon as above.
 * - checkout: 16 restaurants each filling its own 60-line cart (12 suppliers × 5 wines, as the checkout
 *   bench) through `POST …/cart-items`, then placing it; paced loops in this process, one per buyer.
 *
 * An error is any non-2xx answer, connection error or timeout; no path of this bench answers a 409 replay
 * (every request is new), so a 409 counts as an error too. SLIPPED (and a non-zero exit when run alone)
 * when there is an error or the achieved rate is under 95 % of the target.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/write-load.ts [till|count|checkout…]`.
 */

import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '@kork/functions/accounts/passwords';
import { cellarOf } from '@kork/functions/cellar/cellar-service';
import { transaction } from '@kork/functions/data/tables';
import { commitTransaction } from '@kork/functions/data/transactions';
import { type CellarWine, directoryOf, type LoginResult, type PosKeyCreated } from '@kork/shared';
import autocannon, { type Result } from 'autocannon';
import { ulid } from 'ulid';
import { withApiOrigin } from './api-origin';
import { callerOf, countSheetWines, writeCellarWines } from './bench-cellar';
import type { BenchSection } from './catalog-search';
import { countDynamoCalls, perEvent } from './dynamo-calls';
import { billing, cartLines, delivery } from './marketplace-checkout';

/**
 * `KORK_LOAD_SECONDS` and `KORK_LOAD_FACTOR` shorten or scale a run while looking for a limit;
 * `KORK_LOAD_CALLS=1` prints the till's DynamoDB calls an event and its transactions cancelled (dynamo-calls.ts).
 */
const DURATION_S = Number(process.env.KORK_LOAD_SECONDS ?? 60);
const FACTOR = Number(process.env.KORK_LOAD_FACTOR ?? 4);
const HELD = 0.95;
/** Today's rates, from docs/benchmarks.md (the till, checkout and stock-count sections). */
export const TODAY = {
  /** 1,000 events in 20.0 s, four senders. */
  tillEventsPerSecond: 50,
  /** One 60-line cart filled (p50 2,586 ms) and placed (p50 96 ms) after another: 1 / 2.68 s. */
  checkoutsPerSecond: 0.37,
  /** 56 calls of 90 entries in 45.84 s. */
  countCallsPerSecond: 1.22,
} as const;
const TILL = { restaurants: 4, keysEach: 8, winesEach: 50 };
const COUNT = { restaurants: 4, winesEach: 1_650, locationsEach: 4, batch: 90 };
const CHECKOUT = { buyers: 16 };

const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

interface Restaurant {
  ownerId: string;
  token: string;
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}

/** Restaurant accounts written as the demo seed writes them, each signed in through the origin. */
export async function restaurants(base: string, prefix: string, n: number): Promise<Restaurant[]> {
  const passwordHash = await hashPassword('Restaurant1');
  const out: Restaurant[] = [];
  for (let i = 0; i < n; i++) {
    const id = `load-${prefix}-${i}-${ulid().toLowerCase()}`;
    const email = `${id}@kork.local`;
    const now = new Date().toISOString();
    await commitTransaction(() =>
      transaction('accounts').write(({ accountEmail, user }) => [
        accountEmail.create({ email, ownerId: id }).commit(),
        user
          .create({
            id,
            ownerId: id,
            email,
            passwordHash,
            firstName: 'Last',
            lastName: `Restaurant ${i + 1}`,
            userType: 'RESTAURANT',
            role: 'business',
            isExpert: false,
            directory: directoryOf({ isExpert: false, userType: 'RESTAURANT' }),
            emailVerified: true,
            tastingLocationName: `Lastkjøkken ${i + 1}`,
            organizationNumber: '987654325',
            viewCurrency: 'NOK',
            country: 'NO',
            createdAt: now,
            updatedAt: now,
          })
          .commit(),
      ]),
    );
    const headers = {
      'x-api-key': 'kork-local-web',
      'content-type': 'application/json',
      'x-currency': 'NOK',
    };
    const login = await fetch(`${base}/api/auth/log-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'Restaurant1' }),
    });
    if (login.status !== 200) throw new Error(`${email} could not log in: ${login.status}`);
    const token = ((await login.json()) as { payload: LoginResult }).payload.access_token;
    const auth = { ...headers, authorization: `Bearer ${token}` };
    const call = callerOf(auth, (path) => `${base}${path.replace('~', `/api/wine-cellars/users/${id}`)}`);
    await cellarOf(id);
    out.push({ ownerId: id, token, call });
  }
  return out;
}

interface Outcome {
  name: string;
  unit: string;
  target: number;
  today: number;
  achieved: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  /** Status codes other than 2xx, with their counts, and connection errors and timeouts. */
  errorKinds: string[];
  slipped: boolean;
  /** The machine's one-minute load average as the run ended. */
  load: number;
}

function outcome(
  name: string,
  unit: string,
  today: number,
  fields: Omit<Outcome, 'name' | 'unit' | 'today' | 'target' | 'slipped' | 'load'>,
): Outcome {
  const target = today * FACTOR;
  const slipped = fields.errors > 0 || fields.achieved < target * HELD;
  return { ...fields, name, unit, today, target, slipped, load: loadavg()[0] ?? 0 };
}

function fromAutocannon(name: string, unit: string, today: number, result: Result): Outcome {
  const errorKinds = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} × ${code}`);
  // autocannon counts a timeout among its errors as well.
  if (result.errors > result.timeouts)
    errorKinds.push(`${result.errors - result.timeouts} connection errors`);
  if (result.timeouts > 0) errorKinds.push(`${result.timeouts} timeouts (no answer in 10 s)`);
  return outcome(name, unit, today, {
    achieved: result['2xx'] / result.duration,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    errorKinds,
  });
}

const REQUESTS = fileURLToPath(new URL('./write-load-requests.cjs', import.meta.url));

async function fixedRate(base: string, plan: object, rate: number, connections: number): Promise<Result> {
  process.env.KORK_WRITE_LOAD = JSON.stringify(plan);
  try {
    return await autocannon({
      url: base,
      connections,
      overallRate: rate,
      duration: DURATION_S,
      workers: 1,
      timeout: 10,
      requests: [{ method: 'POST', path: '/api/pos/sales', setupRequest: REQUESTS }],
    });
  } finally {
    delete process.env.KORK_WRITE_LOAD;
  }
}

export async function benchTillLoad(base: string): Promise<Outcome> {
  const owners = await restaurants(base, 'till', TILL.restaurants);
  const keys: { id: string; secret: string; wineIds: string[] }[] = [];
  for (const owner of owners) {
    const wineIds: string[] = [];
    for (let i = 0; i < TILL.winesEach; i++) {
      const wine = await owner.call<CellarWine>('POST', '~/own-wines', {
        source: 'CUSTOM',
        wineName: `Lastvin ${i + 1}`,
        producerName: 'Benk',
        vintage: 2021,
        bottleSize: 0.75,
        mainCategoryId: 'red',
        quantity: 5_000,
        glassSize: 12.5,
        purchasePriceWovat: 10_000,
      });
      wineIds.push(wine.id);
    }
    for (let i = 0; i < TILL.keysEach; i++) {
      const key = await owner.call<PosKeyCreated>('POST', '~/pos-keys', { name: `Kasse ${i + 1}` });
      keys.push({ id: key.id, secret: key.secret, wineIds });
    }
  }
  const target = TODAY.tillEventsPerSecond * FACTOR;
  const counts = process.env.KORK_LOAD_CALLS === '1' ? countDynamoCalls() : undefined;
  const result = await fixedRate(base, { kind: 'till', run: `load-${Date.now()}`, keys }, target, 64);
  counts?.stop();
  if (counts) console.error(`till: ${perEvent(counts, result['2xx'])}`);
  console.error(
    `till: ${JSON.stringify({ ...result.latency, rps: result.requests.average, codes: result.statusCodeStats, errors: result.errors, timeouts: result.timeouts })}`,
  );
  return fromAutocannon('the till: `POST /api/pos/sales`', 'events/s', TODAY.tillEventsPerSecond, result);
}

export async function benchCountLoad(base: string): Promise<Outcome> {
  const owners = await restaurants(base, 'count', COUNT.restaurants);
  const counts: {
    ownerId: string;
    token: string;
    countId: string;
    wineIds: string[];
    locationIds: string[];
  }[] = [];
  for (const owner of owners) {
    const locationIds: string[] = [];
    for (let i = 0; i < COUNT.locationsEach; i++)
      locationIds.push(
        (await owner.call<{ id: string }>('POST', '~/locations', { name: `Rom ${i + 1}` })).id,
      );
    const cellar = await cellarOf(owner.ownerId);
    const wines = countSheetWines(owner.ownerId, cellar.id, locationIds, COUNT.winesEach, () => 10_000);
    await writeCellarWines(owner.ownerId, wines);
    await new Promise((r) => setTimeout(r, 5)); // the count's moment after every ADDED entry
    const count = await owner.call<{ id: string }>('POST', '~/stock-counts', { name: 'Last' });
    counts.push({
      ownerId: owner.ownerId,
      token: owner.token,
      countId: count.id,
      wineIds: wines.map((w) => w.id),
      locationIds,
    });
  }
  const target = TODAY.countCallsPerSecond * FACTOR;
  const result = await fixedRate(base, { kind: 'count', batch: COUNT.batch, counts }, target, 16);
  console.error(
    `count: ${JSON.stringify({ ...result.latency, rps: result.requests.average, codes: result.statusCodeStats, errors: result.errors, timeouts: result.timeouts })}`,
  );
  return fromAutocannon(
    `stock-count entries: \`PUT …/stock-counts/{countId}/entries\` (${COUNT.batch} a call)`,
    'calls/s',
    TODAY.countCallsPerSecond,
    result,
  );
}

/**
 * Buyers each fill their own cart and place it, over and over, paced so that together they start checkouts
 * at the target rate (a buyer behind its schedule goes on at once, so a slow origin shows as a rate missed).
 */
export async function benchCheckoutLoad(base: string, settle: () => Promise<void>): Promise<Outcome> {
  const buyers = await restaurants(base, 'buyer', CHECKOUT.buyers);
  const first = buyers[0] as Restaurant;
  const lines = await cartLines(<T>(method: string, path: string) => first.call<T>(method, path));
  const carts: string[] = [];
  for (const buyer of buyers) {
    const rows = await buyer.call<{ rows: { id: string }[] }>('GET', '~/cellars');
    carts.push(`/api/wine-cellars/cellars/${rows.rows[0]?.id}/nbs`);
  }
  await settle();
  const target = TODAY.checkoutsPerSecond * FACTOR;
  const checkouts: number[] = [];
  const adds: number[] = [];
  const errors = new Map<string, number>();
  const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
  const started = performance.now();
  const until = started + DURATION_S * 1000;
  const headers = (buyer: Restaurant, extra: Record<string, string> = {}) => ({
    'x-api-key': 'kork-local-web',
    'content-type': 'application/json',
    'x-currency': 'NOK',
    authorization: `Bearer ${buyer.token}`,
    ...extra,
  });
  const send = async (buyer: Restaurant, path: string, body: unknown, into: number[], extra = {}) => {
    const t = performance.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: headers(buyer, extra),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      into.push(performance.now() - t);
      if (res.status >= 300) {
        fail(`${res.status} ${path.endsWith('checkout') ? 'checkout' : 'cart-items'}: ${text.slice(0, 160)}`);
        return undefined;
      }
      return (JSON.parse(text) as { payload: { version?: number; orders?: unknown[] } }).payload;
    } catch (error) {
      into.push(performance.now() - t);
      fail(`${error instanceof Error ? error.name : 'error'}`);
      return undefined;
    }
  };
  let placed = 0;
  await Promise.all(
    buyers.map(async (buyer, b) => {
      const nbs = carts[b] as string;
      // Buyer b starts its k-th checkout at started + (k * buyers + b) / target seconds, or late.
      for (let k = 0; ; k++) {
        const due = started + ((k * buyers.length + b) / target) * 1000;
        if (due >= until) break;
        let version: number | undefined;
        for (const line of lines) version = (await send(buyer, `${nbs}/cart-items`, line, adds))?.version;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const result = await send(buyer, `${nbs}/checkout`, { billing, delivery, version }, checkouts, {
          'idempotency-key': `load-${buyer.ownerId}-${k}`,
        });
        if (result?.orders) placed++;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  await settle();
  const all = [...checkouts, ...adds];
  return {
    ...outcome(
      `marketplace checkout: \`POST …/nbs/checkout\` of a ${lines.length}-line cart filled through \`POST …/nbs/cart-items\``,
      'checkouts/s',
      TODAY.checkoutsPerSecond,
      {
        achieved: placed / wall,
        total: checkouts.length + adds.length,
        p50: percentile(checkouts, 50),
        p99: percentile(checkouts, 99),
        errors: [...errors.values()].reduce((a, b) => a + b, 0),
        errorKinds: [...errors].map(([kind, n]) => `${n} × ${kind}`),
      },
    ),
    extra: `cart adds alongside: ${adds.length.toLocaleString('en')} (${(adds.length / wall).toFixed(0)}/s), p50 ${ms(percentile(adds, 50))}, p99 ${ms(percentile(adds, 99))}; ${all.length} requests in all`,
  } as Outcome & { extra: string };
}

export function writeLoadLines(outcomes: (Outcome & { extra?: string })[]): BenchSection {
  const failures = outcomes.filter((o) => o.slipped).map((o) => `write load: ${o.name}`);
  const lines = [
    '## Load on the write paths (4× today, 60 s each)',
    '',
    `Each path alone for ${DURATION_S} s at ${FACTOR}× today's rate on the local origin (infra/local as the bench starts it, DynamoDB Local),`,
    'every request a distinct write (docs/benchmarks.md of today for the rates): see scripts/bench/write-load.ts.',
    'An error is any non-2xx answer, connection error or timeout; every request is new, so no 409 is an idempotent replay here.',
    '',
    '| path | today | target (4×) | achieved | requests | p50 | p99 | errors | held | load average |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:---:|---:|',
    ...outcomes.map(
      (o) =>
        `| ${o.name} | ${o.today} ${o.unit} | ${o.target.toFixed(2)} ${o.unit} | ${o.achieved.toFixed(2)} ${o.unit} | ${o.total.toLocaleString('en')} | ${ms(o.p50)} | ${ms(o.p99)} | ${o.errors} | ${o.slipped ? 'SLIPPED' : 'yes'} | ${o.load.toFixed(1)} |`,
    ),
    '',
    ...outcomes.flatMap((o) => [
      ...(o.extra ? [`${o.name}: ${o.extra}.`] : []),
      ...(o.errorKinds.length > 0 ? [`${o.name} errors: ${o.errorKinds.join('; ')}.`] : []),
    ]),
    '',
    ...outcomes
      .filter((o) => o.slipped)
      .map(
        (o) =>
          `SLIPPED: ${o.name} (${o.errors} errors, ${o.achieved.toFixed(2)} of ${o.target.toFixed(2)} ${o.unit}).`,
      ),
  ];
  const figures = Object.fromEntries(
    outcomes.flatMap((o, i) => [
      [`rate${i}`, o.achieved],
      [`p99Ms${i}`, o.p99],
      [`errors${i}`, o.errors],
    ]),
  );
  return { title: 'Load on the write paths', lines, failures, figures };
}

/** The section on a stack of its own: the demo accounts, the catalogue and its suppliers. */
export async function benchWriteLoadAlone(only?: readonly string[]): Promise<BenchSection> {
  const { applySeeds } = await import('@kork/functions/data/seed-runner');
  const { accountsSeed } = await import('@kork/functions/accounts/seed');
  const { catalogSeed } = await import('@kork/functions/catalog/seed');
  const { marketplaceSeed } = await import('@kork/functions/marketplace/seed');
  const wants = (name: string) => !only || only.length === 0 || only.includes(name);
  return withApiOrigin(
    async (base, stack) => {
      const outcomes: Outcome[] = [];
      if (wants('till')) outcomes.push(await benchTillLoad(base));
      if (wants('count')) outcomes.push(await benchCountLoad(base));
      if (wants('checkout')) {
        await applySeeds([accountsSeed, catalogSeed, marketplaceSeed]);
        outcomes.push(await benchCheckoutLoad(base, () => stack.broker.idle()));
      }
      return writeLoadLines(outcomes);
    },
    // Requests the load left in flight finish their handlers (10 s at most) before the table goes away.
    { silent: true, drainMs: 11_000 },
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchWriteLoadAlone(process.argv.slice(2));
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) {
    console.error(`SLIPPED: ${section.failures.join(', ')}`);
    process.exitCode = 1;
  }
}
