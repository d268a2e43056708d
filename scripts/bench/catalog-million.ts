/**
 * A million wines: the catalogue index as one search function holds it, at 100,000 and at 1,000,000
 * wines grown from the real product list as the catalogue search bench does it (catalog-search-data.ts).
 * For each size: the search snapshot as stored (gzipped bytes: the built index, version 4), what writing
 * it costs the writer (the build included), its load as a cold function does it (gunzip and views over
 * the buffer, no build), what the loaded index holds in memory, and the bench's 200 filtered queries. Targets at a million: load ≤ 1.5 s, p95 ≤ 5 ms, and the
 * whole fits one function's memory.
 *
 * `npx tsx scripts/bench/catalog-million.ts` runs it alone and exits non-zero when a target is missed.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SearchDoc } from '@kork/functions/catalog/search/types';
import { parseSnapshotBody, SNAPSHOT_VERSION, snapshotBody } from '@kork/functions/catalog/search-snapshot';
import type { BenchSection } from './catalog-search';
import { benchQueries, growCatalog, readCatalog } from './catalog-search-data';

const root = resolve(import.meta.dirname, '..', '..');
const SIZES = [100_000, 1_000_000];
export const MILLION_TARGET = { loadMs: 1500, p95Ms: 5, lambdaMB: 3008 };

type Collect = () => void;
function collector(): Collect {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === 'function') return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Collect;
}

interface SizeFigures {
  wines: number;
  gzipBytes: number;
  /** The writer's side: build the index, write its arrays, gzip. */
  writeMs: number;
  loadMs: number;
  heapBytes: number;
  buffersBytes: number;
  p50: number;
  p95: number;
  meanMatches: number;
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

async function measureSize(source: SearchDoc[], size: number, collect: Collect): Promise<SizeFigures> {
  const used = async () => {
    collect();
    await new Promise((done) => setTimeout(done, 100));
    collect();
    return process.memoryUsage();
  };
  let grown: SearchDoc[] | undefined = growCatalog(source, size);
  const w0 = performance.now();
  const body = await snapshotBody({
    version: SNAPSHOT_VERSION,
    createdAt: new Date().toISOString(),
    lastSeq: '',
    docs: grown,
  });
  const writeMs = performance.now() - w0;
  grown = undefined;
  const before = await used();
  const t0 = performance.now();
  const snapshot = await parseSnapshotBody(body);
  if (!snapshot) throw new Error('The snapshot just written could not be read back');
  const loadMs = performance.now() - t0;
  const index = snapshot.index;

  const queries = benchQueries();
  for (const query of queries) index.search(query);
  const samples: number[] = [];
  let matches = 0;
  const rounds = size >= 1_000_000 ? 2 : 4;
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const t = performance.now();
      const result = index.search(query);
      samples.push(performance.now() - t);
      if (round === 0) matches += result.count;
    }
  }
  // After the queries: the wines their pages made are held too.
  const after = await used();
  return {
    wines: index.size,
    gzipBytes: body.length,
    writeMs,
    loadMs,
    heapBytes: after.heapUsed - before.heapUsed,
    buffersBytes: after.arrayBuffers - before.arrayBuffers,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    meanMatches: matches / queries.length,
  };
}

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(2)} ms`);
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

export async function benchCatalogMillion(): Promise<BenchSection> {
  const file =
    process.env.KORK_CATALOG_FILE ?? resolve(root, '..', 'shared', 'data', 'vinmonopolet-2014.csv');
  const source = readCatalog(file);
  const collect = collector();
  const figures: SizeFigures[] = [];
  for (const size of SIZES) figures.push(await measureSize(source, size, collect));
  const million = figures[figures.length - 1] as SizeFigures;
  const memory = million.heapBytes + million.buffersBytes;

  const lines: string[] = [];
  const failures: string[] = [];
  const say = (line = '') => lines.push(line);
  say();
  say('## A million wines (catalogue index in one function)');
  say();
  say(
    `The real product list (${source.length.toLocaleString('en')} rows) grown to each size as the catalogue search bench grows it. Snapshot: the stored object (version ${SNAPSHOT_VERSION}: the built index's arrays and the documents as columns, gzipped; search-snapshot.ts). Write: what the writer (an import, the snapshot refresh) spends building the index and writing it. Load: gunzip and views over the buffer, as a cold function does; no build. Memory: what the loaded index (documents included, and the wines the queries' pages made) adds to the JS heap and to array buffers after a forced collection. Queries: the catalogue search bench's 200 (text with typos + category + country + price range + available, facet counts, best matches first), each answered ${'2–4'} times after a warm-up round.`,
  );
  say();
  say(
    '| wines | snapshot (gzip) | write (build + gzip) | load | heap | array buffers | p50 | p95 | mean matches |',
  );
  say('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    say(
      `| ${f.wines.toLocaleString('en')} | ${mb(f.gzipBytes)} | ${ms(f.writeMs)} | ${ms(f.loadMs)} | ${mb(f.heapBytes)} | ${mb(f.buffersBytes)} | ${ms(f.p50)} | ${ms(f.p95)} | ${f.meanMatches.toFixed(0)} |`,
    );
  }
  const loads = million.loadMs <= MILLION_TARGET.loadMs;
  const answers = million.p95 <= MILLION_TARGET.p95Ms;
  const fits = memory <= MILLION_TARGET.lambdaMB * 2 ** 20 * 0.5;
  say();
  say(
    `Memory at a million: ${mb(memory)} of heap and buffers — ${((100 * memory) / (3008 * 2 ** 20)).toFixed(0)}% of a 3,008 MB function, ${((100 * memory) / (10_240 * 2 ** 20)).toFixed(0)}% of a 10,240 MB one (the target: at most half of 3,008 MB, so a rebuild after a change fits beside the live index).`,
  );
  const verdict = (ok: boolean) => (ok ? 'met' : 'SLIPPED');
  say(
    `Targets at 1,000,000 wines: load ≤ ${ms(MILLION_TARGET.loadMs)} — ${ms(million.loadMs)}, ${verdict(loads)}; p95 ≤ ${MILLION_TARGET.p95Ms} ms — ${ms(million.p95)}, ${verdict(answers)}; fits one function — ${verdict(fits)}.`,
  );
  if (!loads) failures.push('a million wines: snapshot load');
  if (!answers) failures.push('a million wines: p95');
  if (!fits) failures.push('a million wines: memory');
  if (failures.length > 0) say(`SLIPPED: ${failures.join(', ')}.`);
  return {
    title: 'A million wines',
    lines,
    failures,
    figures: Object.fromEntries(
      figures.flatMap((f) => {
        const k = f.wines >= 1_000_000 ? 'million' : 'hundredK';
        return [
          [`${k}SnapshotGzipBytes`, f.gzipBytes],
          [`${k}LoadMs`, Math.round(f.loadMs)],
          [`${k}WriteMs`, Math.round(f.writeMs)],
          [`${k}HeapMB`, Number(((f.heapBytes + f.buffersBytes) / 2 ** 20).toFixed(1))],
          [`${k}P95Ms`, Number(f.p95.toFixed(3))],
        ];
      }),
    ),
  };
}

// `npx tsx scripts/bench/catalog-million.ts`: this section alone, printed; non-zero exit when a target slips.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const startLoad = loadavg()[0]?.toFixed(1);
  const section = await benchCatalogMillion();
  const when = `Measured alone (\`npx tsx scripts/bench/catalog-million.ts\`) on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} cores, load average ${startLoad} at the start and ${loadavg()[0]?.toFixed(1)} at the end.`;
  section.lines.splice(3, 0, when, '');
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) {
    console.error(`SLIPPED: ${section.failures.join(', ')}`);
    process.exitCode = 1;
  }
}
