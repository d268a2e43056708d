/**
 * The measured basis of the cold-listing design (docs/cellar-reads.md, "Cold reads"): how large a
 * compact listing index of a 5,000-wine cellar is — one row per wine with only what the listing's
 * filters, sorts, search and totals need, as columns — and how long a new instance takes to decode it.
 * No stack: the wines are the cellar-listing bench's 5,000 (scripts/bench/cellar-listing.ts), with a
 * location, a list category and a drinking window each. The page's 50 rows themselves are read by id.
 *
 * Runs alone: `npx tsx scripts/bench/cellar-compact.ts`.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ulid } from 'ulid';
import type { BenchSection } from './catalog-search';

const WINES = 5_000;
const RUNS = 30;
const STYLES = ['red', 'white', 'rose', 'sparkling', 'dessert'];
const COUNTRIES = ['Frankrike', 'Italia', 'Spania', 'Tyskland', 'Portugal', 'Østerrike', 'USA', 'Chile'];

/** The columns a listing works from; the strings (names, producers, countries) as a dictionary. */
interface CompactIndex {
  version: number;
  dictionary: string[];
  id: string[];
  name: number[];
  producer: number[];
  country: number[];
  category: number[];
  vintage: number[];
  quantity: number[];
  purchasePrice: number[];
  sellingPrice: number[];
  rating: number[];
  drinkFrom: number[];
  drinkTo: number[];
  location: number[];
  listCategory: number[];
  createdAt: number[];
  updatedAt: number[];
}

function build(): CompactIndex {
  const dictionary: string[] = [];
  const codes = new Map<string, number>();
  const code = (text: string) => {
    let found = codes.get(text);
    if (found === undefined) {
      found = dictionary.push(text) - 1;
      codes.set(text, found);
    }
    return found;
  };
  const index: CompactIndex = {
    version: 1,
    dictionary,
    id: [],
    name: [],
    producer: [],
    country: [],
    category: [],
    vintage: [],
    quantity: [],
    purchasePrice: [],
    sellingPrice: [],
    rating: [],
    drinkFrom: [],
    drinkTo: [],
    location: [],
    listCategory: [],
    createdAt: [],
    updatedAt: [],
  };
  const start = Date.parse('2024-01-01T00:00:00Z');
  for (let i = 0; i < WINES; i++) {
    index.id.push(ulid(start + i * 60_000));
    index.name.push(code(`Cuvée ${i}`));
    index.producer.push(code(`Domaine ${i % 400}`));
    index.country.push(code(COUNTRIES[i % COUNTRIES.length] as string));
    index.category.push(code(STYLES[i % STYLES.length] as string));
    index.vintage.push(1990 + (i % 34));
    index.quantity.push(i % 30);
    index.purchasePrice.push(10_000 + ((i * 7919) % 90_000));
    index.sellingPrice.push(30_000 + ((i * 104_729) % 250_000));
    index.rating.push(i % 7 === 0 ? 0 : 80 + (i % 20));
    index.drinkFrom.push(2020 + (i % 8));
    index.drinkTo.push(2030 + (i % 15));
    index.location.push(code(`loc-${i % 12}`));
    index.listCategory.push(code(`cat-${i % 9}`));
    // Seconds after the cellar's first wine: deltas stay small numbers.
    index.createdAt.push(i * 60);
    index.updatedAt.push(i * 60 + (i % 100));
  }
  return index;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function benchCellarCompact(): BenchSection {
  const index = build();
  const json = Buffer.from(JSON.stringify(index));
  const gzip = gzipSync(json);
  const decode: number[] = [];
  const decodeAndOrder: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    const decoded = JSON.parse(gunzipSync(gzip).toString('utf8')) as CompactIndex;
    decode.push(performance.now() - t);
    t = performance.now();
    // The listing's work on it: filter two columns, sort by selling price, take a page of 50, sum totals.
    const red = decoded.dictionary.indexOf('red');
    const white = decoded.dictionary.indexOf('white');
    const rows: number[] = [];
    let bottles = 0;
    for (let i = 0; i < decoded.id.length; i++) {
      const category = decoded.category[i];
      if (category !== red && category !== white) continue;
      rows.push(i);
      bottles += decoded.quantity[i] as number;
    }
    rows.sort((a, b) => (decoded.sellingPrice[b] as number) - (decoded.sellingPrice[a] as number));
    const page = rows.slice(0, 50).map((i) => decoded.id[i]);
    if (page.length !== 50 || bottles === 0) throw new Error('the compact index answered no page');
    decodeAndOrder.push(decode[run] as number);
    decodeAndOrder[run] = (decodeAndOrder[run] as number) + performance.now() - t;
  }
  // DynamoDB bills a read unit per 4 KB (strongly consistent), per 8 KB (eventually consistent).
  const itemUnits = Math.ceil(gzip.length / 4096);
  return {
    title: 'Compact listing index',
    lines: [
      `### A compact listing index of ${WINES.toLocaleString('en')} wines (\`npx tsx scripts/bench/cellar-compact.ts\`)`,
      '',
      'One row per wine with only what the filters, sorts, search and totals read, as columns (strings in a dictionary); measured without a stack.',
      '',
      '| figure | value |',
      '|---|---:|',
      `| JSON | ${kb(json.length)} |`,
      `| gzip (what is stored) | **${kb(gzip.length)}** |`,
      `| in one DynamoDB item (400 KB at most): read units, strongly consistent | ${itemUnits} |`,
      `| decode in a new instance (gunzip + JSON.parse), median of ${RUNS} | ${ms(median(decode))} |`,
      `| decode + filter two categories + sort by price + page of 50 + totals, median | ${ms(median(decodeAndOrder))} |`,
    ],
    failures: [],
    figures: { jsonBytes: json.length, gzipBytes: gzip.length, decodeMs: median(decode) },
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(benchCellarCompact().lines.join('\n'));
}
