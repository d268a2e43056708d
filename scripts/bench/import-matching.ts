/**
 * Import matching: 3,000 spreadsheet lines made from real catalogue wines (Vinmonopolet's 2014 product
 * list, `../shared/data/vinmonopolet-2014.csv` beside the repository or `KORK_CATALOG_FILE`), with the
 * noise people's lists have — typos, accents left out, "Château" for the catalogue's "Ch.", no vintage,
 * no producer or the producer in the name, no size, now and then a Vinmonopolet number — matched
 * against the whole list. Reports the time, the precision and recall of the matches confirmed without
 * the user (confidence ≥ 0.85), and top-1 and top-3 accuracy.
 *
 * A line that leaves out the vintage (or the size) is right for any vintage (or size) of its wine: those
 * lines cannot tell them apart, and a pick among them counts as correct. So does a pick of a catalogue
 * row that is the same wine in every field the line has (the list holds some wines twice).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toSearchDoc, type WineRecord } from '@kork/functions/catalog/catalog-store';
import { readCatalogRows } from '@kork/functions/catalog/load/parse-catalog';
import { matchWinesIn } from '@kork/functions/catalog/matching/match-lines';
import { matchWords } from '@kork/functions/catalog/matching/text';
import { buildCatalogIndex } from '@kork/functions/catalog/search/catalog-index';
import type { SearchDoc } from '@kork/functions/catalog/search/types';
import { foldText, IMPORT_LIMITS, type ParsedWineLine } from '@kork/shared';
import type { BenchSection } from './catalog-search';

const root = resolve(import.meta.dirname, '..', '..');
const LINES = 3_000;
const ABSENT = 300;
const BUDGET = { top1: 0.95, autoPrecision: 0.98, seconds: 5 };

/** A seeded generator (mulberry32): the same lines on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function catalogueDocs(file: string): Promise<SearchDoc[]> {
  const docs: SearchDoc[] = [];
  const createdAt = '2014-12-18T00:00:00.000Z';
  for await (const result of readCatalogRows(readFileSync(file), { now: new Date(createdAt) })) {
    if (!('wine' in result)) continue;
    const wine = result.wine;
    const record = {
      ...wine,
      vintage: wine.vintage ?? undefined,
      id: `vm${wine.vinmonopoletNumber}`,
      status: 'active',
      expertCount: 0,
      expertSum: 0,
      communityCount: 0,
      communitySum: 0,
      createdAt,
      updatedAt: createdAt,
      changeSeq: createdAt,
    } as WineRecord;
    docs.push(toSearchDoc(record));
  }
  return docs;
}

/** The catalogue's abbreviations as a list writes them out. */
const WRITTEN_OUT: Record<string, string> = {
  'Ch.': 'Château',
  'Dom.': 'Domaine',
  'Bod.': 'Bodegas',
  'Weing.': 'Weingut',
  'Ten.': 'Tenuta',
  'Cant.': 'Cantina',
  'March.': 'Marchesi',
  'Az.': 'Azienda',
  'Agr.': 'Agricola',
  'St.': 'Saint',
  'Cast.': 'Castello',
  'Fatt.': 'Fattoria',
  'Marq.': 'Marqués',
};

function writeOut(text: string): string {
  return text.replace(
    /\b(Ch|Dom|Bod|Weing|Ten|Cant|March|Az|Agr|St|Cast|Fatt|Marq)\./g,
    (m) => WRITTEN_OUT[m] ?? m,
  );
}

/** One typo in a word of four letters or more: two letters swapped, one dropped or one doubled. */
function typo(text: string, next: () => number): string {
  const words = text.split(' ');
  const long = words.map((w, i) => ({ w, i })).filter(({ w }) => /^\p{L}{4,}$/u.test(w));
  const pick = long[Math.floor(next() * long.length)];
  if (!pick) return text;
  const { w, i } = pick;
  const at = 1 + Math.floor(next() * (w.length - 2));
  const kind = next();
  const changed =
    kind < 0.34
      ? w.slice(0, at) + (w[at + 1] ?? '') + (w[at] ?? '') + w.slice(at + 2)
      : kind < 0.67
        ? w.slice(0, at) + w.slice(at + 1)
        : w.slice(0, at) + (w[at] ?? '') + w.slice(at);
  words[i] = changed;
  return words.join(' ');
}

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

interface Case {
  line: ParsedWineLine;
  truth: SearchDoc;
}

function makeLines(docs: readonly SearchDoc[], count: number): Case[] {
  const next = random(2015);
  const cases: Case[] = [];
  for (let n = 0; n < count; n++) {
    const truth = docs[Math.floor(next() * docs.length)] as SearchDoc;
    let name = truth.name;
    let producer = truth.producer;
    if (next() < 0.5) {
      name = writeOut(name);
      if (producer) producer = writeOut(producer);
    }
    const producerRoll = next();
    if (producerRoll < 0.1) producer = undefined;
    else if (producerRoll < 0.2 && producer) {
      // A list with a producer column names the wine without it ("William Fèvre" · "Chablis").
      const own = new Set(matchWords(producer));
      const words = name.split(' ');
      while (words.length > 1 && matchWords(words[0] as string).every((w) => own.has(w))) words.shift();
      name = words.join(' ');
    } else if (producerRoll < 0.3 && producer) {
      if (!foldText(name).startsWith(foldText(producer))) name = `${producer} ${name}`;
      producer = undefined;
    }
    if (next() < 0.4) {
      name = typo(name, next);
      if (next() < 0.3) name = typo(name, next);
      if (next() < 0.5) name = stripAccents(name);
    }
    const line: ParsedWineLine = { wineName: name, quantity: 1 + Math.floor(next() * 12) };
    if (producer) line.producer = producer;
    if (next() >= 0.3) line.vintage = truth.vintage;
    if (next() >= 0.5) line.bottleSize = truth.bottleSize;
    if (next() < 0.05 && truth.numbers?.[0]) line.vinmonopoletNumber = truth.numbers[0];
    cases.push({ line, truth });
  }
  return cases;
}

/** The same wine as far as the line can tell: its words, and its vintage and size when the line has them. */
function sameAsFarAsTold(line: ParsedWineLine, a: SearchDoc, b: SearchDoc): boolean {
  if (a.id === b.id) return true;
  const words = (doc: SearchDoc) =>
    [...new Set(matchWords(`${doc.producer ?? ''} ${doc.name}`))]
      .filter((w) => !(/^\d{4}$/.test(w) && Number(w) === doc.vintage))
      .sort()
      .join(' ');
  if (words(a) !== words(b)) return false;
  if (line.vintage !== undefined && a.vintage !== b.vintage) return false;
  if (line.bottleSize !== undefined && a.bottleSize !== b.bottleSize) return false;
  return true;
}

export async function benchImportMatching(): Promise<BenchSection> {
  const file =
    process.env.KORK_CATALOG_FILE ?? resolve(root, '..', 'shared', 'data', 'vinmonopolet-2014.csv');
  const everything = await catalogueDocs(file);
  const byId = new Map(everything.map((doc) => [doc.id, doc]));
  // Wines left out of the catalogue: a list has wines the catalogue does not, and those must not be confirmed.
  const pick = random(7);
  const absent = new Set<string>();
  while (absent.size < ABSENT)
    absent.add((everything[Math.floor(pick() * everything.length)] as SearchDoc).id);
  const docs = everything.filter((doc) => !absent.has(doc.id));
  const cases = makeLines(docs, LINES);
  const strangers = makeLines(
    everything.filter((doc) => absent.has(doc.id)),
    ABSENT,
  );

  const index = buildCatalogIndex(docs);
  let t = performance.now();
  matchWinesIn(index, []);
  const prepareMs = performance.now() - t;
  t = performance.now();
  let progressCalls = 0;
  const answers = matchWinesIn(
    index,
    cases.map((c) => c.line),
    () => progressCalls++,
  );
  const matchMs = performance.now() - t;
  const strangerAnswers = matchWinesIn(
    index,
    strangers.map((c) => c.line),
  );
  let strangersConfirmed = 0;
  strangers.forEach(({ line, truth }, i) => {
    const first = strangerAnswers[i]?.candidates[0];
    if (
      first &&
      strangerAnswers[i]?.status === 'matched' &&
      !sameAsFarAsTold(line, byId.get(first.wineId) as SearchDoc, truth)
    ) {
      strangersConfirmed++;
      if (process.env.KORK_BENCH_MISSES)
        console.error(
          `absent: ${JSON.stringify(line)} → ${first.producer} | ${first.name} ${first.vintage} ${first.bottleSize} (${first.confidence})`,
        );
    }
  });

  // Lines without a vintage: how many the matcher confirms by itself, and with a vintage the line's wine is not.
  let noVintage = 0;
  let noVintageAuto = 0;
  let noVintageWrong = 0;
  let noVintageChoices = 0;
  cases.forEach(({ line, truth }, i) => {
    if (line.vintage !== undefined) return;
    noVintage++;
    const { candidates, status, vintages } = answers[i] as (typeof answers)[number];
    if (vintages) noVintageChoices++;
    const first = candidates[0];
    if (status !== 'matched' || !first) return;
    noVintageAuto++;
    if (first.vintage !== truth.vintage) {
      noVintageWrong++;
      if (process.env.KORK_BENCH_MISSES)
        console.error(
          `wrong vintage: ${JSON.stringify(line)} → ${first.producer} | ${first.name} ${first.vintage} ${first.bottleSize}; was ${truth.producer} | ${truth.name} ${truth.vintage} ${truth.bottleSize}`,
        );
    }
  });
  let strangersNoVintageWrong = 0;
  strangers.forEach(({ line, truth }, i) => {
    const answer = strangerAnswers[i];
    const first = answer?.candidates[0];
    if (
      line.vintage === undefined &&
      answer?.status === 'matched' &&
      first &&
      first.vintage !== truth.vintage
    )
      strangersNoVintageWrong++;
  });

  let top1 = 0;
  let top1Strict = 0;
  let top3 = 0;
  let auto = 0;
  let autoRight = 0;
  let none = 0;
  const misses: string[] = [];
  cases.forEach(({ line, truth }, i) => {
    const { candidates, status } = answers[i] as (typeof answers)[number];
    const right = (wineId: string) => sameAsFarAsTold(line, byId.get(wineId) as SearchDoc, truth);
    const first = candidates[0];
    if (status === 'none') none++;
    if (first && first.wineId === truth.id) top1Strict++;
    if (first && right(first.wineId)) top1++;
    else if (misses.length < 25)
      misses.push(
        `${JSON.stringify(line)} → ${first ? `${first.producer} | ${first.name} ${first.vintage} ${first.bottleSize} (${first.confidence})` : 'none'}; was ${truth.producer} | ${truth.name} ${truth.vintage} ${truth.bottleSize}`,
      );
    if (candidates.some((c) => right(c.wineId))) top3++;
    if (first && status === 'matched') {
      auto++;
      if (right(first.wineId)) autoRight++;
    }
  });
  const share = (n: number) => n / cases.length;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const precision = auto > 0 ? autoRight / auto : 1;
  const failures: string[] = [];
  if (share(top1) < BUDGET.top1) failures.push('import matching top-1');
  if (precision < BUDGET.autoPrecision) failures.push('import matching auto-confirm precision');
  if (matchMs / 1000 > BUDGET.seconds) failures.push('import matching time');
  if (noVintageWrong > 0)
    failures.push('import matching: a line without a vintage confirmed with a wrong one');
  if (process.env.KORK_BENCH_MISSES) console.error(misses.join('\n'));

  const lines = [
    `## Import matching (${LINES.toLocaleString('en')} lines against ${docs.length.toLocaleString('en')} wines)`,
    '',
    `Lines made from random wines of the real product list (seeded), as a cellar list writes them: "Château" for "Ch." in half, 1–2 typos in about 40 % (a letter swapped, dropped or doubled; accents left out in half of those), no vintage in 30 %, no producer in 10 %, the producer in the name in 10 %, the name without the producer’s words (a producer column beside it) in 10 %, no size in 50 %, a Vinmonopolet number in 5 %. ${ABSENT} wines of the list are left out of the catalogue, and lines made from them show how often a wine the catalogue lacks is confirmed as another. A line without a vintage or size counts as right for any vintage or size of its wine, and a pick of a row that is the same wine in every field the line gives (the list holds some wines twice) counts as right.`,
    '',
    '| figure | value |',
    '|---|---:|',
    `| preparing the index (numbers, word rarities, products; once per index) | ${prepareMs.toFixed(0)} ms |`,
    `| matching ${LINES.toLocaleString('en')} lines, one core | ${(matchMs / 1000).toFixed(2)} s (${(matchMs / LINES).toFixed(2)} ms a line) |`,
    `| top-1 right | ${pct(share(top1))} |`,
    `| top-1 the very row the line was made from | ${pct(share(top1Strict))} |`,
    `| right wine among the candidates (top-3) | ${pct(share(top3))} |`,
    `| confirmed without the user (\`matched\`: ≥ ${IMPORT_LIMITS.autoConfirmConfidence} and no vintage left to pick) | ${pct(share(auto))} of lines |`,
    `| precision of those | ${pct(precision)} |`,
    `| recall (lines whose right wine is confirmed without the user) | ${pct(share(autoRight))} |`,
    `| no candidate | ${pct(share(none))} |`,
    `| lines of ${ABSENT} wines left out of the catalogue confirmed as another wine | ${pct(strangersConfirmed / ABSENT)} |`,
    `| lines without a vintage | ${noVintage.toLocaleString('en')} |`,
    `| of those, sent to review with the wine's vintages to pick from | ${noVintageChoices.toLocaleString('en')} |`,
    `| of those, confirmed without the user (their wine has one vintage in the catalogue) | ${noVintageAuto.toLocaleString('en')} |`,
    `| **auto-confirmed lines without a vintage with a wrong vintage** | **${noVintageWrong}** |`,
    `| the same, lines of wines left out of the catalogue | ${strangersNoVintageWrong} |`,
    '',
    `Budgets: top-1 ≥ ${pct(BUDGET.top1)}, auto-confirm precision ≥ ${pct(BUDGET.autoPrecision)}, no line without a vintage confirmed with a wrong one, ${LINES.toLocaleString('en')} lines ≤ ${BUDGET.seconds} s — ${failures.length === 0 ? 'within' : `missed: ${failures.join(', ')}`}.`,
  ];
  return {
    title: 'Import matching',
    lines,
    failures,
    figures: {
      wines: docs.length,
      lines: LINES,
      prepareMs: Math.round(prepareMs),
      matchMs: Math.round(matchMs),
      top1: share(top1),
      top1Strict: share(top1Strict),
      top3: share(top3),
      autoShare: share(auto),
      autoPrecision: precision,
      autoRecall: share(autoRight),
      none: share(none),
      absentConfirmed: strangersConfirmed / ABSENT,
      noVintage,
      noVintageChoices,
      noVintageAuto,
      noVintageWrong,
      strangersNoVintageWrong,
      progressCalls,
    },
  };
}

// `npx tsx scripts/bench/import-matching.ts`: this section alone, printed; docs/benchmarks.md is left as is.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchImportMatching();
  const when = `Measured alone (\`npx tsx scripts/bench/import-matching.ts\`) on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end.`;
  section.lines.splice(3, 0, '', when);
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
