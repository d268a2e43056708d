/**
 * Load on the local origin with the demo data: autocannon keeps a fixed number of connections busy for a
 * bounded time over loopback, cycling through a few real queries of each route. The load generator runs in
 * a worker thread, so it does not share the event loop of the origin it measures (both live in the bench
 * process); DynamoDB Local is a process of its own.
 *
 * - `GET /api/wines`: the catalogue as the feed asks for it, with filters, a text search and price range.
 * - `GET /api/wine-cellars/users/{id}/own-wines`: the demo restaurant's cellar (about 300 wines), signed in.
 *
 * Every answer must be a 2xx and no connection may fail or time out.
 */
import type { LoginResult } from '@kork/shared';
import autocannon, { type Result } from 'autocannon';
import type { BenchSection } from './catalog-search';

const DURATION_S = 10;
const WARM_UP_S = 2;
const CONNECTIONS = 10;
export const LOAD_BUDGET = { winesRps: 500 };

const WINE_QUERIES = [
  '',
  'mainCategoryId=red&sortColumn=price&sortDirection=asc',
  'mainCategoryId=white,sparkling&origins=frankrike&isRatedByExpert=false',
  'search=chianti&isRatedByExpert=false',
  'minPrice=200&maxPrice=500&isRatedByExpert=false&sortColumn=name&sortDirection=asc',
];

const CELLAR_QUERIES = [
  '',
  'mainCategoryId=red&sortColumn=sellingPrice&sortDirection=desc',
  'search=riesling&resultsPerPage=50',
  'inStock=true&mainCategoryId=white,sparkling&page=2&resultsPerPage=20',
];

interface Scenario {
  name: string;
  paths: string[];
  headers: Record<string, string>;
}

interface Outcome {
  scenario: Scenario;
  result: Result;
  failed: number;
}

/** One answer of each path first: each must succeed and find something, or the load says nothing. */
async function check(base: string, scenario: Scenario): Promise<void> {
  for (const path of scenario.paths) {
    const res = await fetch(`${base}${path}`, { headers: scenario.headers });
    const body = (await res.json()) as { payload?: { count?: number } };
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    if (!body.payload?.count) throw new Error(`${path} found nothing: the demo data is missing`);
  }
}

async function load(base: string, scenario: Scenario): Promise<Outcome> {
  await check(base, scenario);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    warmup: { connections: CONNECTIONS, duration: WARM_UP_S },
    workers: 1,
    timeout: 10,
    headers: scenario.headers,
    requests: scenario.paths.map((path) => ({ method: 'GET', path })),
  });
  return { scenario, result, failed: result.errors + result.timeouts + result.non2xx };
}

export async function benchLoad(base: string): Promise<BenchSection> {
  const apiKey = { 'x-api-key': 'kork-local-web' };
  const login = await fetch(`${base}/api/auth/log-in`, {
    method: 'POST',
    headers: { ...apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'restaurant@kork.local', password: 'Restaurant1' }),
  });
  if (login.status !== 200) throw new Error(`the demo restaurant could not log in: ${login.status}`);
  const { payload } = (await login.json()) as { payload: LoginResult };
  const cellarPath = `/api/wine-cellars/users/${payload.user.id}/own-wines`;
  const withQuery = (path: string) => (query: string) => (query ? `${path}?${query}` : path);

  const wines = await load(base, {
    name: '`GET /api/wines`',
    paths: WINE_QUERIES.map(withQuery('/api/wines')),
    headers: apiKey,
  });
  const cellar = await load(base, {
    name: '`GET /api/wine-cellars/users/{id}/own-wines` (signed in)',
    paths: CELLAR_QUERIES.map(withQuery(cellarPath)),
    headers: { ...apiKey, authorization: `Bearer ${payload.access_token}` },
  });

  const outcomes = [wines, cellar];
  const failures: string[] = [];
  for (const { scenario, failed } of outcomes) if (failed > 0) failures.push(`load ${scenario.name}`);
  const winesRps = wines.result.requests.average;
  if (winesRps < LOAD_BUDGET.winesRps) failures.push('load /api/wines req/s');

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const lines = [
    '## Load on the local origin (autocannon 8)',
    '',
    `${CONNECTIONS} connections for ${DURATION_S} s after a ${WARM_UP_S} s warm-up, over loopback, against the origin with the`,
    'demo data (the full catalogue, expert ratings, the demo cellars); each connection cycles through the queries below.',
    'The load generator runs in a worker thread beside the origin, on the same cores.',
    '',
    '| route | requests | req/s (mean) | p50 | p90 | p99 | max | failed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...outcomes.map(
      ({ scenario, result, failed }) =>
        `| ${scenario.name} | ${result.requests.total.toLocaleString('en')} | ${Math.round(result.requests.average)} | ${ms(result.latency.p50)} | ${ms(result.latency.p90)} | ${ms(result.latency.p99)} | ${ms(result.latency.max)} | ${failed} |`,
    ),
    '',
    `Queries of \`/api/wines\`: ${WINE_QUERIES.map((q) => `\`${q || '(the feed default)'}\``).join(', ')}.`,
    `Queries of the cellar: ${CELLAR_QUERIES.map((q) => `\`${q || '(default)'}\``).join(', ')}.`,
    '',
    `Budgets: no failed request (non-2xx, error or timeout); \`/api/wines\` ≥ ${LOAD_BUDGET.winesRps} req/s — ${winesRps >= LOAD_BUDGET.winesRps ? 'within budget' : 'OVER BUDGET'}.`,
  ];
  return {
    title: 'Load',
    lines,
    failures,
    figures: {
      winesRps,
      winesP99Ms: wines.result.latency.p99,
      cellarRps: cellar.result.requests.average,
      cellarP99Ms: cellar.result.latency.p99,
    },
  };
}
