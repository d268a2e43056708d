/**
 * Catalogue search (D14): the in-memory columnar index against Orama and MiniSearch on the same
 * 100,000-wine catalogue and the same queries — text with typos, category, country, price range,
 * availability, facet counts and the default sort (best matches first, then rating). Build time,
 * memory and p50/p95 latency for each; then the index alone on the navbar's queries (text only, the
 * whole catalogue, a few wines) and on deeper pages of text alone.
 *
 * The catalogue is Vinmonopolet's 2014 product list (`../shared/data/vinmonopolet-2014.csv` beside the
 * repository, or `KORK_CATALOG_FILE`), replicated with other vintages, prices and ids up to 100,000 wines,
 * a share of them with expert ratings.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { IndexQuery } from '@kork/functions/catalog/search/types';
import {
  benchQueries,
  growCatalog,
  KORK_ROUNDS,
  PAGE,
  QUERY_COUNT,
  readCatalog,
  TEXT_ONLY,
  textOnlyQueries,
} from './catalog-search-data';
import { buildKork, buildMiniSearch, buildOrama, type Engine } from './catalog-search-engines';

/** A part of `npm run bench`: markdown lines for docs/benchmarks.md and the budgets it missed. */
export interface BenchSection {
  title: string;
  lines: string[];
  failures: string[];
  figures: Record<string, number | string>;
}

const root = resolve(import.meta.dirname, '..', '..');
const CATALOG_SIZE = 100_000;
const BUDGET = { p95Ms: 10, speedup: 5 };

const ms = (n: number) => `${n.toFixed(2)} ms`;
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

// ---------------------------------------------------------------------------------------------------
// Measuring

type Collect = () => void;

/** A forced collection: `global.gc` under --expose-gc, else exposed through V8 flags at run time. */
function garbageCollector(): { collect: Collect | undefined; how: string } {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === 'function') return { collect: exposed, how: 'global.gc' };
  try {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as Collect;
    return { collect, how: 'gc exposed through v8 flags' };
  } catch {
    return { collect: undefined, how: 'no forced gc: figures include garbage' };
  }
}

interface Measured {
  name: string;
  buildMs: number;
  /** Growth of the JS heap and of array buffers (typed arrays live outside the heap) from building. */
  heap: number;
  buffers: number;
  p50: number;
  p95: number;
  /** Matches per query, in query order. */
  counts: number[];
}

async function measure(
  name: string,
  build: () => Promise<Engine>,
  queries: IndexQuery[],
  collect: Collect | undefined,
  { rounds, warmUp }: { rounds: number; warmUp: number },
): Promise<Measured> {
  // Array buffers are released after a collection, off the main thread: collect, let that run, collect.
  const used = async () => {
    collect?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
    collect?.();
    return process.memoryUsage();
  };
  const before = await used();
  const started = performance.now();
  const engine = await build();
  const buildMs = performance.now() - started;
  const after = await used();
  for (const query of queries.slice(0, warmUp)) await engine.search(query);
  const samples: number[] = [];
  const counts: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const t = performance.now();
      const result = await engine.search(query);
      samples.push(performance.now() - t);
      if (round === 0) counts.push(result.count);
    }
  }
  return {
    name,
    buildMs,
    heap: after.heapUsed - before.heapUsed,
    buffers: after.arrayBuffers - before.arrayBuffers,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    counts,
  };
}

function version(pkg: string): string {
  const file = resolve(root, 'node_modules', pkg, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export async function benchCatalogSearch(): Promise<BenchSection> {
  const file =
    process.env.KORK_CATALOG_FILE ?? resolve(root, '..', 'shared', 'data', 'vinmonopolet-2014.csv');
  const source = readCatalog(file);
  const docs = growCatalog(source, CATALOG_SIZE);
  const queries = benchQueries();
  const { collect, how } = garbageCollector();

  let vocabulary = 0;
  const kork = await measure(
    'Kork columnar index',
    async () => {
      const engine = await buildKork(docs);
      vocabulary = engine.vocabulary;
      return engine;
    },
    queries,
    collect,
    { rounds: KORK_ROUNDS, warmUp: QUERY_COUNT },
  );
  const mini = await measure(
    `MiniSearch ${version('minisearch')} + facets and sort in JS`,
    () => buildMiniSearch(docs),
    queries,
    collect,
    { rounds: 1, warmUp: 10 },
  );
  const orama = await measure(`Orama ${version('@orama/orama')}`, () => buildOrama(docs), queries, collect, {
    rounds: 1,
    warmUp: 10,
  });
  const textOnly = textOnlyQueries();
  const korkAgain = () => buildKork(docs);
  const navbar = await measure('navbar', korkAgain, textOnly.navbar, collect, {
    rounds: KORK_ROUNDS * 4,
    warmUp: textOnly.navbar.length,
  });
  const pages = await measure('pages', korkAgain, textOnly.pages, collect, {
    rounds: KORK_ROUNDS,
    warmUp: textOnly.pages.length,
  });

  const lines: string[] = [];
  const failures: string[] = [];
  const say = (line = '') => lines.push(line);
  say();
  say('## Catalogue search (D14)');
  say();
  say(
    `${docs.length.toLocaleString('en')} wines (${source.length.toLocaleString('en')} Vinmonopolet rows and copies with other vintages and prices; ${vocabulary.toLocaleString('en')} search terms). ${queries.length} queries, each text (some with typos) + category + country + price range + available, facet counts and the default sort (the best matches first: exact words, then prefixes, then typos, each with the words found in the name or producer before those found only in grapes, origin or style; then rating), ${PAGE} per page; the Kork index answers them ${KORK_ROUNDS} times after a warm-up round, the others once after 10 warm-up queries. Memory: what building added to the JS heap and to array buffers, after a forced collection (${how}); the catalogue itself is not counted.`,
  );
  say();
  say('| engine | build | heap | array buffers | p50 | p95 | × Kork p50 | × Kork p95 | mean matches |');
  say('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of [kork, orama, mini]) {
    const times = (a: number, b: number) => (m === kork ? '—' : `${(a / b).toFixed(0)}×`);
    say(
      `| ${m.name} | ${ms(m.buildMs)} | ${mb(m.heap)} | ${mb(m.buffers)} | ${ms(m.p50)} | ${ms(m.p95)} | ${times(m.p50, kork.p50)} | ${times(m.p95, kork.p95)} | ${mean(m.counts).toFixed(0)} |`,
    );
  }
  const agree = kork.counts.filter((count, i) => count === mini.counts[i]).length;
  say();
  say(
    `The MiniSearch setup applies the same rules (every word, prefixes from two letters, 1 typo from 4 letters and 2 from 8) and computes the same disjunctive facet counts and the same ranking over its hits in JS; it reads the same text as the index (names, producers, grapes, and origins and styles in Norwegian and English, every abbreviation under all its forms, split into words alike) and finds as many wines as the Kork index for ${agree} of ${queries.length} queries. Orama uses tolerance 1 for every word, counts facets over its hits only (a selected country hides the others) and sorts by rating alone, so its work per query is lighter and its counts differ.`,
  );
  say();
  say(
    `The Kork index alone on text with no filter (${TEXT_ONLY.length} texts: the words above, "glana", "ch marg" and first letters such as "ch", "pi", "bar"), the default sort: the navbar's global search (5 wines, no facet counts; ${KORK_ROUNDS * 4} rounds) and the feed's pages 1, 2 and 10 with facet counts (${KORK_ROUNDS} rounds).`,
  );
  say();
  say('| queries | p50 | p95 | mean matches |');
  say('|---|---:|---:|---:|');
  say(
    `| navbar: text alone, 5 wines | ${ms(navbar.p50)} | ${ms(navbar.p95)} | ${mean(navbar.counts).toFixed(0)} |`,
  );
  say(
    `| feed: text alone, pages 1, 2 and 10 with facets | ${ms(pages.p50)} | ${ms(pages.p95)} | ${mean(pages.counts).toFixed(0)} |`,
  );
  const fast = kork.p95 <= BUDGET.p95Ms;
  const ahead = orama.p95 >= BUDGET.speedup * kork.p95 && mini.p95 >= BUDGET.speedup * kork.p95;
  if (!fast) failures.push('catalogue search p95');
  if (!ahead) failures.push('catalogue search speed-up');
  say();
  say(
    `Budgets: p95 ≤ ${BUDGET.p95Ms} ms — ${fast ? 'within budget' : 'OVER BUDGET'}; ≥ ${BUDGET.speedup}× faster than both at p95 — ${ahead ? 'yes' : 'NO'}.`,
  );
  return {
    title: 'Catalogue search (D14)',
    lines,
    failures,
    figures: {
      wines: docs.length,
      vocabulary,
      queries: queries.length,
      gc: how,
      textOnlyNavbarP50Ms: Number(navbar.p50.toFixed(3)),
      textOnlyNavbarP95Ms: Number(navbar.p95.toFixed(3)),
      textOnlyPagesP50Ms: Number(pages.p50.toFixed(3)),
      textOnlyPagesP95Ms: Number(pages.p95.toFixed(3)),
      ...Object.fromEntries(
        (
          [
            ['kork', kork],
            ['orama', orama],
            ['minisearch', mini],
          ] as const
        ).flatMap(([key, m]) => [
          [`${key}BuildMs`, Math.round(m.buildMs)],
          [`${key}HeapMB`, Number((m.heap / 2 ** 20).toFixed(1))],
          [`${key}ArrayBuffersMB`, Number((m.buffers / 2 ** 20).toFixed(1))],
          [`${key}P50Ms`, Number(m.p50.toFixed(3))],
          [`${key}P95Ms`, Number(m.p95.toFixed(3))],
          [`${key}MeanMatches`, Math.round(mean(m.counts))],
        ]),
      ),
    },
  };
}

// `npx tsx scripts/bench/catalog-search.ts`: this section alone, printed; docs/benchmarks.md is left as is.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchCatalogSearch();
  const when = `Measured alone (\`npx tsx scripts/bench/catalog-search.ts\`) on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end.`;
  section.lines.splice(3, 0, when, '');
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
