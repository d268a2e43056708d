/**
 * Matching wine lines to the catalogue, against one index instance (pure: no I/O; the bench and the
 * tests build their own index).
 *
 * 1. A Vinmonopolet number is looked up exactly (the numbers of every wine, merges included).
 * 2. Otherwise the index's typo-tolerant search finds candidates for the line's producer and name: all
 *    its distinctive words together, then pairs and single words, so that one misspelt or extra word
 *    does not lose the wine.
 * 3. Each candidate is scored: how much of the line's words the wine has and how much of the wine's
 *    name the line has, each word weighted by how rare it is in the catalogue (a producer's name says
 *    more than "Riesling"), typos counting a little less than exact words; then the vintage, the bottle
 *    size and the category. A candidate as good as a different wine is a guess: its confidence drops
 *    below the auto-confirm level.
 */
import { IMPORT_LIMITS, type MatchCandidate, type MatchStatus, type ParsedWineLine } from '@kork/shared';
import type { CatalogIndex } from '../search/catalog-index';
import type { IndexQuery, SearchDoc } from '../search/types';
import { canonicalWord, GENERIC, isYear, matchWords } from './text';

export interface WineMatch {
  status: MatchStatus;
  candidates: MatchCandidate[];
  /**
   * The line names no vintage and its wine comes in several: every vintage the catalogue has of it (NV
   * first, then the newest first). Such a line is never `matched`: the user picks the vintage.
   */
  vintages?: MatchCandidate[];
}

/** Below this a candidate is not offered. */
export const MIN_CONFIDENCE = 0.3;
/** Candidates scored per line at most. */
const POOL = 60;
/** Vintages offered for a line that names none, at most. */
export const VINTAGES_OFFERED = 30;
/** How often `onProgress` is told. */
const PROGRESS_EVERY = 100;
/** A producer word the wine's name does not repeat counts this much of a name word (lists often leave the producer out). */
const PRODUCER_ONLY_WEIGHT = 0.35;
/** Generic words ("Ch.", "de", "Weing.") count this much of their rarity. */
const GENERIC_WEIGHT = 0.3;
/** What each word only one side has costs (a factor). */
const UNMATCHED_WORD = 0.9;

interface DocText {
  /** Distinct words of the producer and the name. */
  words: string[];
  /** Each word's weight when the line should have it (producer-only words count less). */
  need: number[];
  /** The first `nameWords` of `words` are the name's; the rest the producer's alone. */
  nameWords: number;
  /** The wine apart from its vintage: folded producer and name words, and the size. */
  product: string;
  /** The wine apart from its vintage and size. */
  family: string;
}

interface Prepared {
  byNumber: Map<string, SearchDoc>;
  documentFrequency: Map<string, number>;
  total: number;
  maxWeight: number;
  texts: Map<string, DocText>;
  /** Wines of one product (all vintages), by `DocText.product`. */
  products: Map<string, SearchDoc[]>;
  /** Sizes a family comes in, by `DocText.family`. */
  familySizes: Map<string, Set<number>>;
  /** Wines of one family (all vintages and sizes), by `DocText.family`. */
  families: Map<string, SearchDoc[]>;
}

const prepared = new WeakMap<CatalogIndex, Prepared>();

function distinct(words: readonly string[]): string[] {
  return [...new Set(words)];
}

/** The number → wine map, word rarities and product groups of an index, built once per index. */
function prepare(index: CatalogIndex): Prepared {
  const known = prepared.get(index);
  if (known) return known;
  const byNumber = new Map<string, SearchDoc>();
  const documentFrequency = new Map<string, number>();
  const raw = new Map<string, { name: string[]; producer: string[] }>();
  let total = 0;
  for (const doc of index.docs()) {
    total++;
    for (const number of doc.numbers ?? []) if (!byNumber.has(number)) byNumber.set(number, doc);
    const name = distinct(matchWords(doc.name)).filter(
      (word) => !(isYear(word) && Number(word) === doc.vintage),
    );
    const producer = distinct(matchWords(doc.producer ?? ''));
    raw.set(doc.id, { name, producer });
    for (const word of distinct([...name, ...producer])) {
      documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
  }
  const state: Prepared = {
    byNumber,
    documentFrequency,
    total,
    maxWeight: Math.log(1 + total),
    texts: new Map(),
    products: new Map(),
    familySizes: new Map(),
    families: new Map(),
  };
  for (const doc of index.docs()) {
    const { name, producer } = raw.get(doc.id) as { name: string[]; producer: string[] };
    const nameSet = new Set(name);
    const producerOnly = producer.filter((word) => !nameSet.has(word));
    const words = [...name, ...producerOnly];
    const need = words.map((word, i) => weightOf(state, word) * (i < name.length ? 1 : PRODUCER_ONLY_WEIGHT));
    const family = `${[...producer].sort().join(' ')}|${[...name].sort().join(' ')}`;
    const product = `${family}|${doc.bottleSize}`;
    state.texts.set(doc.id, { words, need, nameWords: name.length, product, family });
    const group = state.products.get(product);
    if (group) group.push(doc);
    else state.products.set(product, [doc]);
    const relatives = state.families.get(family);
    if (relatives) relatives.push(doc);
    else state.families.set(family, [doc]);
    const sizes = state.familySizes.get(family);
    if (sizes) sizes.add(doc.bottleSize);
    else state.familySizes.set(family, new Set([doc.bottleSize]));
  }
  prepared.set(index, state);
  return state;
}

/** How much a word says: its inverse document frequency, generic words damped. Unknown words count as rare. */
function weightOf(state: Prepared, word: string): number {
  const frequency = state.documentFrequency.get(word);
  const rarity = frequency === undefined ? state.maxWeight : Math.log(1 + state.total / frequency);
  return GENERIC.has(word) ? rarity * GENERIC_WEIGHT : rarity;
}

// — Word similarity ——————————————————————————————————————————————————————————————————————

const scratch = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment distance of two short words, or `k + 1` when over `k`. */
function distance(a: string, b: string, k: number): number {
  if (Math.abs(a.length - b.length) > k) return k + 1;
  const width = b.length + 1;
  if (width > 64) return a === b ? 0 : k + 1;
  let [before, previous, current] = scratch as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > k) return k + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length] as number, k + 1);
}

/** How alike a line's word and a wine's word are: 1 equal, less for an abbreviation or a typo, 0 not. */
export function wordSimilarity(line: string, wine: string): number {
  if (line === wine) return 1;
  const shorter = Math.min(line.length, wine.length);
  if (shorter >= 3 && (wine.startsWith(line) || line.startsWith(wine))) return 0.85;
  const longer = Math.max(line.length, wine.length);
  if (shorter < 4 || isNumeric(line) || isNumeric(wine)) return 0;
  const k = longer >= 8 ? 2 : 1;
  const d = distance(line, wine, k);
  return d > k ? 0 : d === 1 ? 0.85 : 0.65;
}

function isNumeric(word: string): boolean {
  const c = word.charCodeAt(0);
  return c >= 48 && c <= 57;
}

// — One line ————————————————————————————————————————————————————————————————————————————

interface LineText {
  words: string[];
  /** The weight of each word when nothing matches it. */
  weights: number[];
  vintage: number | null | undefined;
  /** Memo: a wine word → its similarity to each line word. */
  memo: Map<string, Float32Array>;
}

function lineText(state: Prepared, line: ParsedWineLine): LineText {
  const all = distinct(matchWords(`${line.producer ?? ''} ${line.wineName}`)).map((word) =>
    // A word the catalogue does not know may be a misspelt "Château".
    state.documentFrequency.has(word) ? word : canonicalWord(word),
  );
  // A year in the name is the vintage when no column gave one (the last, as in "Crianza 2009/2011").
  const vintage = line.vintage !== undefined ? line.vintage : lastYear(all);
  const words = distinct(all).filter((word) => !(isYear(word) && Number(word) === vintage));
  return { words, weights: words.map((word) => weightOf(state, word)), vintage, memo: new Map() };
}

function lastYear(words: readonly string[]): number | undefined {
  for (let i = words.length - 1; i >= 0; i--) if (isYear(words[i] as string)) return Number(words[i]);
  return undefined;
}

function similarities(text: LineText, wineWord: string): Float32Array {
  let found = text.memo.get(wineWord);
  if (!found) {
    found = new Float32Array(text.words.length);
    for (let i = 0; i < text.words.length; i++) {
      found[i] = wordSimilarity(text.words[i] as string, wineWord);
    }
    text.memo.set(wineWord, found);
  }
  return found;
}

/** How well the words agree, 0–1: the share of the line's weight the wine has and of the wine's the line has. */
function textScore(state: Prepared, text: LineText, doc: DocText): number {
  const n = text.words.length;
  if (n === 0 || doc.words.length === 0) return 0;
  const lineBest = new Float32Array(n);
  const lineWeight = Float32Array.from(text.weights);
  let wineHave = 0;
  let wineNeed = 0;
  let missing = 0;
  for (let w = 0; w < doc.words.length; w++) {
    const word = doc.words[w] as string;
    const need = doc.need[w] as number;
    const sims = similarities(text, word);
    let best = 0;
    for (let i = 0; i < n; i++) {
      const s = sims[i] as number;
      if (s > best) best = s;
      if (s > (lineBest[i] as number)) {
        lineBest[i] = s;
        // A matched line word weighs what the wine's word weighs (a typo has no rarity of its own).
        lineWeight[i] = Math.min(text.weights[i] as number, weightOf(state, word));
      }
    }
    wineHave += need * best;
    wineNeed += need;
    if (best === 0 && w < doc.nameWords && !GENERIC.has(word)) missing++;
  }
  let lineHave = 0;
  let lineNeed = 0;
  for (let i = 0; i < n; i++) {
    lineHave += (lineWeight[i] as number) * (lineBest[i] as number);
    lineNeed += lineWeight[i] as number;
    if (lineBest[i] === 0 && !GENERIC.has(text.words[i] as string)) missing++;
  }
  const precision = lineNeed > 0 ? lineHave / lineNeed : 0;
  const recall = wineNeed > 0 ? wineHave / wineNeed : 0;
  if (precision + recall === 0) return 0;
  // A word one side has and the other lacks is often all that tells two wines apart ("Riserva",
  // "Blanc", "Batch 17"), however common the word: each costs the same.
  return ((2 * precision * recall) / (precision + recall)) * UNMATCHED_WORD ** missing;
}

function vintageFactor(state: Prepared, line: LineText, doc: SearchDoc, text: DocText): number {
  const wanted = line.vintage;
  if (wanted === undefined) {
    // Any vintage may be meant: NV, else the newest is the guess (shown first; the user picks).
    const siblings = state.products.get(text.product) ?? [doc];
    if (siblings.length <= 1) return 1;
    const age = (wine: SearchDoc) => wine.vintage ?? Number.POSITIVE_INFINITY;
    const newer = siblings.filter((other) => age(other) > age(doc)).length;
    return Math.max(0.8, 1 - 0.02 * (siblings.length - 1)) - 0.01 * newer;
  }
  if (wanted === doc.vintage) return 1;
  if (wanted === null) return 0.85;
  // The catalogue leaves many vintages out; a different year is another wine.
  return doc.vintage === null ? 0.9 : 0.75;
}

function sizeFactor(state: Prepared, line: ParsedWineLine, doc: SearchDoc, text: DocText): number {
  if (line.bottleSize !== undefined) return Math.abs(line.bottleSize - doc.bottleSize) < 0.001 ? 1 : 0.8;
  if (doc.bottleSize === 0.75) return 1;
  // No size given: a standard bottle when the wine comes in one.
  return state.familySizes.get(text.family)?.has(0.75) ? 0.93 : 1;
}

function candidate(doc: SearchDoc, confidence: number, via: MatchCandidate['via']): MatchCandidate {
  const found: MatchCandidate = {
    wineId: doc.id,
    name: doc.name,
    vintage: doc.vintage,
    bottleSize: doc.bottleSize,
    mainCategoryId: doc.mainCategoryId,
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
    via,
  };
  if (doc.producer) found.producer = doc.producer;
  const number = doc.numbers?.[0];
  if (number) found.vinmonopoletNumber = number;
  if (doc.imageUrl) found.imageUrl = doc.imageUrl;
  return found;
}

const QUERY: Omit<IndexQuery, 'text' | 'limit'> = {
  sortColumn: 'rating',
  sortDirection: 'desc',
  offset: 0,
  facets: false,
};

/** Candidate wines for the line's words: all distinctive words, then pairs and single words. */
function candidatesFor(index: CatalogIndex, text: LineText): SearchDoc[] {
  const found = new Map<string, SearchDoc>();
  const search = (words: readonly string[], limit: number) => {
    if (found.size >= POOL) return 0;
    const { rows, count } = index.search({ ...QUERY, text: words.join(' '), limit });
    for (const doc of rows) if (found.size < POOL) found.set(doc.id, doc);
    return count;
  };
  const distinctive = text.words
    .map((word, i) => ({ word, weight: text.weights[i] as number }))
    .filter(({ word }) => !GENERIC.has(word) && word.length > 1 && !isYear(word))
    .sort((a, b) => b.weight - a.weight)
    .map(({ word }) => word);
  const query = distinctive.length > 0 ? distinctive : text.words.filter((word) => word.length > 1);
  if (query.length === 0) return [];
  const all = search(query.slice(0, 8), 30);
  if (all > 0 && all <= 30 && query.length >= 2) return [...found.values()];
  const top = query.slice(0, 3);
  for (let i = 0; i < top.length; i++) {
    for (let j = i + 1; j < top.length; j++) search([top[i] as string, top[j] as string], 20);
  }
  if (found.size < 10) for (const word of top) search([word], 15);
  return [...found.values()];
}

interface Scored {
  doc: SearchDoc;
  text: DocText;
  score: number;
  /** How well the words alone agree (before the vintage, size and category). */
  words: number;
}

/** Another row whose words agree this nearly as well as the best's is the same wine as far as the words tell. */
const SAME_WORDS = 0.08;

function matchLine(index: CatalogIndex, state: Prepared, line: ParsedWineLine): WineMatch {
  const numbered = line.vinmonopoletNumber ? state.byNumber.get(line.vinmonopoletNumber.trim()) : undefined;
  const text = lineText(state, line);
  if (numbered) {
    const docText = state.texts.get(numbered.id) as DocText;
    const vintageAgrees = text.vintage === undefined || text.vintage === numbered.vintage;
    const nameAgrees = text.words.length === 0 || textScore(state, text, docText) >= 0.4;
    const confidence = vintageAgrees && nameAgrees ? 1 : 0.97;
    return { status: 'matched', candidates: [candidate(numbered, confidence, 'vinmonopoletNumber')] };
  }
  if (text.words.length === 0) return { status: 'none', candidates: [] };

  const scored: Scored[] = [];
  for (const doc of candidatesFor(index, text)) {
    const docText = state.texts.get(doc.id) as DocText;
    const words = textScore(state, text, docText);
    let score = words;
    if (score === 0) continue;
    score *= vintageFactor(state, text, doc, docText);
    score *= sizeFactor(state, line, doc, docText);
    if (line.mainCategoryId && line.mainCategoryId !== doc.mainCategoryId) score *= 0.9;
    scored.push({ doc, text: docText, score, words });
  }
  scored.sort((a, b) => b.score - a.score || compareDocs(a.doc, b.doc));
  const best = scored[0];
  if (!best) return { status: 'none', candidates: [] };

  // The nearest other wine: another vintage counts only when the line named one.
  const rival = scored.find(
    (other) =>
      other !== best &&
      (text.vintage !== undefined ? other.doc.id !== best.doc.id : other.text.product !== best.text.product),
  );
  const gap = rival ? best.score - rival.score : 1;
  const doubt = gap < 0.1 ? (0.1 - gap) * 1.5 : 0;
  const confidences = scored.slice(0, IMPORT_LIMITS.candidates).map((entry, i) => {
    const base = i === 0 ? entry.score - doubt : Math.min(entry.score, best.score - doubt - 0.01 * i);
    return candidate(entry.doc, base, 'text');
  });
  const offered = confidences.filter((c) => c.confidence >= MIN_CONFIDENCE);
  const top = offered[0];
  if (!top) return { status: 'none', candidates: [] };
  // No vintage on the line and several of the wine in the catalogue: which one is not a guess to make.
  const vintages =
    text.vintage === undefined ? vintagesOf(state, line, best, scored, top.confidence) : undefined;
  if (vintages) return { status: 'suggested', candidates: offered, vintages };
  // No size on the line, and the words fit the wine in more than one size with none the standard bottle
  // (a spirit of 0.7 l and 1 l): which size is not a guess to make either, so the person picks.
  if (line.bottleSize === undefined && sizesTied(scored, best))
    return { status: 'suggested', candidates: offered };
  const status: MatchStatus = top.confidence >= IMPORT_LIMITS.autoConfirmConfidence ? 'matched' : 'suggested';
  return { status, candidates: offered };
}

/**
 * The catalogue's rows of the best wine when they are of more than one vintage: its rows of the line's
 * size (of any size when the line names none), and the rows the line's words cannot tell from it (the
 * catalogue spells a producer or a name a little differently from one vintage to the next). NV first,
 * then the newest first; each as sure as the best, the wine being the same.
 */
function vintagesOf(
  state: Prepared,
  line: ParsedWineLine,
  best: Scored,
  scored: readonly Scored[],
  confidence: number,
): MatchCandidate[] | undefined {
  const size = line.bottleSize;
  const fits = (doc: SearchDoc) => size === undefined || Math.abs(doc.bottleSize - size) < 0.001;
  const rows = new Map<string, SearchDoc>();
  for (const doc of state.families.get(best.text.family) ?? [best.doc]) if (fits(doc)) rows.set(doc.id, doc);
  rows.set(best.doc.id, best.doc);
  for (const other of scored) {
    if (other.words >= best.words - SAME_WORDS && fits(other.doc)) rows.set(other.doc.id, other.doc);
  }
  if (new Set([...rows.values()].map((doc) => doc.vintage ?? null)).size < 2) return undefined;
  return [...rows.values()]
    .sort(
      (a, b) =>
        Number(a.vintage !== null) - Number(b.vintage !== null) ||
        (b.vintage ?? 0) - (a.vintage ?? 0) ||
        Math.abs(a.bottleSize - best.doc.bottleSize) - Math.abs(b.bottleSize - best.doc.bottleSize) ||
        compareDocs(a, b),
    )
    .slice(0, VINTAGES_OFFERED)
    .map((doc) => candidate(doc, confidence, 'text'));
}

/** Whether another row scores as well as the best in another bottle size (the words, vintage and all). */
function sizesTied(scored: readonly Scored[], best: Scored): boolean {
  return scored.some(
    (other) =>
      other !== best && other.score >= best.score - 1e-9 && other.doc.bottleSize !== best.doc.bottleSize,
  );
}

/** Equal scores: the newer vintage, then the one on sale, then the id (a stable answer). */
function compareDocs(a: SearchDoc, b: SearchDoc): number {
  return (
    (b.vintage ?? 0) - (a.vintage ?? 0) ||
    Number(b.isAvailable) - Number(a.isAvailable) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * Each line's best catalogue wines (up to `IMPORT_LIMITS.candidates`, best first) and whether the best
 * is sure enough to confirm. `onProgress` hears the number of lines done every hundred lines and at the end.
 */
export function matchWinesIn(
  index: CatalogIndex,
  lines: readonly ParsedWineLine[],
  onProgress?: (done: number) => void,
): WineMatch[] {
  const state = prepare(index);
  const answers: WineMatch[] = [];
  for (const line of lines) {
    answers.push(matchLine(index, state, line));
    if (onProgress && answers.length % PROGRESS_EVERY === 0) onProgress(answers.length);
  }
  if (onProgress && answers.length % PROGRESS_EVERY !== 0) onProgress(answers.length);
  return answers;
}
