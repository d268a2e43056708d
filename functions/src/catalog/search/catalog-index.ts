import {
  FACETS,
  type FacetName,
  type FacetValue,
  facetId,
  foldText,
  originId,
  supplierIdOf,
  type WineFacets,
} from '@kork/shared';
import { withAbbreviations } from './abbreviations';
import { readQuery } from './query-text';
import type { IndexQuery, IndexResult, SearchDoc, SearchDocStats } from './types';
import { namesOf } from './vocabulary-names';

/**
 * The in-memory catalogue index (D14): typed-array columns over the catalogue, answering free text,
 * facet filters, disjunctive facet counts and sorting in one pass over the candidate rows.
 *
 * - Single-valued facets are dictionary codes per row (code 0: the wine has no value); grapes and food
 *   are CSR lists (offsets + codes); expert ids are start/end ranges into a growable code array so a
 *   tasting note can change them in place. The only per-wine objects are the `SearchDoc`s themselves.
 * - Each sort column has a precomputed permutation and its inverse. A page is read by walking the
 *   permutation over the rows the pass stamped or, for few matches, by sorting the matches' places.
 *   A rating change moves one row within the rating permutation; nothing is re-sorted.
 * - Text is a sorted vocabulary of folded terms with posting lists. A query token matches a term when
 *   `termMatches` says so: prefixes are a range of the sorted vocabulary; for typos the terms of a
 *   close length whose letters differ little are checked with a bit-parallel edit distance.
 *   Rows are intersected across tokens (a per-row counter) and united within a token's terms.
 * - With text and the default sort (rating, descending) the best matches come first (`matchRank`): a
 *   token's terms are walked exact, then prefixes, then typos, so the first term that reaches a row is
 *   its best. A page is then read per rank, each in the rating order.
 */

/** Facet lists hold at most this many values (plus the values the query selected). */
export const FACET_LIMIT = 200;

const collator = new Intl.Collator('nb');

/** Facet value order: most frequent first, then by name ('nb' collation), then by id. */
export function compareFacetValues(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || collator.compare(a.name, b.name) || compareIds(a.id, b.id);
}

/** Code-unit order of ids: the tie-break of every sort. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Printable ASCII folds by lower-casing alone. */
const PRINTABLE_ASCII = /^[ -~]*$/;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * Folded search terms of a text: runs of letters and digits, "Château Løiten" → ["chateau", "loiten"].
 * (Hand-rolled rather than a Unicode-aware split: the index tokenises every wine at build.)
 */
export function textTokens(text: string): string[] {
  const folded = PRINTABLE_ASCII.test(text) ? text.toLowerCase() : foldText(text);
  const tokens: string[] = [];
  let start = -1;
  let i = 0;
  while (i <= folded.length) {
    const c = i < folded.length ? folded.charCodeAt(i) : 32;
    let width = 1;
    let word: boolean;
    if (c < 128) {
      word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
    } else {
      const point = folded.codePointAt(i) as number;
      width = point > 0xffff ? 2 : 1;
      word = WORD_CHARACTER.test(String.fromCodePoint(point));
    }
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      tokens.push(folded.slice(start, i));
      start = -1;
    }
    i += width;
  }
  return tokens;
}

/** The typos a query token may carry: none up to 3 characters, 1 up to 7, 2 from 8. */
export function maxEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions) is ≤ k. */
export function editDistanceAtMost(a: string, b: string, k: number): boolean {
  if (Math.abs(a.length - b.length) > k) return false;
  const width = b.length + 1;
  let before = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < width; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > k) return false;
    [before, previous, current] = [previous, current, before];
  }
  return (previous[b.length] as number) <= k;
}

/** How a query token matched a term, best first; `NO_MATCH` when it did not. */
export const EXACT = 0;
export const PREFIX = 1;
export const TYPO = 2;
export const NO_MATCH = -1;

/**
 * How a folded query token matches a folded term: `EXACT`ly; as a `PREFIX` of it (tokens of two
 * characters or more: typing as you go); within `maxEdits` typos (`TYPO`); or not at all (`NO_MATCH`).
 */
export function matchTier(token: string, term: string): number {
  if (token === term) return EXACT;
  if (token.length >= 2 && term.startsWith(token)) return PREFIX;
  const k = maxEdits(token.length);
  return k > 0 && editDistanceAtMost(token, term, k) ? TYPO : NO_MATCH;
}

/** Whether a folded query token matches a folded term (`matchTier`). */
export function termMatches(token: string, term: string): boolean {
  return matchTier(token, term) !== NO_MATCH;
}

/**
 * Whether a query ranks its matches by how well they match: it has text and the default sort, rating
 * descending (SPEC §3). Any other sort (price, name, vintage, newest, or rating ascending) is the
 * visitor's own choice and orders by its column alone.
 */
export function ranksByMatch(
  query: Pick<IndexQuery, 'sortColumn' | 'sortDirection'>,
  tokens: number,
): boolean {
  return tokens > 0 && query.sortColumn === 'rating' && query.sortDirection === 'desc';
}

/**
 * A wine's match rank for a query of `tokens` distinct words, from how each word matched it at best:
 * fewer words matched only through a typo first, then fewer matched only as a prefix; the rest are
 * exact. Within that, fewer words found only in what describes the wine (its grapes, origin, style)
 * rather than in its name or producer. (With B = tokens + 1, a typo costs B², a prefix B and a word
 * outside the name 1, so the rank is the triple (typos, prefixes, words outside the name) in one
 * number.) This keeps the order of the worst word's tier (exact, prefix, typo) and splits each tier
 * by how many words sit in it: "ch marg" lists "Ch. Margaux" (exact and prefix) above "Margan
 * Chardonnay" (two prefixes), and "chateau margaux" lists Ch. Margaux above the other châteaux of
 * Margaux. A plain sum of tiers would rank one typo beside two prefixes.
 */
export function rankCost(tier: number, tokens: number, inName = true): number {
  const b = tokens + 1;
  return (tier === TYPO ? b * b : tier === PREFIX ? b : 0) + (inName ? 0 : 1);
}

/** How many of `searchableText`'s first fields name the wine (its name and producer). */
export function namingFields(doc: SearchDoc): number {
  return (doc.name ? 1 : 0) + (doc.producer ? 1 : 0);
}

/**
 * The text a wine is found by: its name, producer, grapes, and its country, region, sub-region and
 * style under every name they have (as stored, in English and in Bokmål: `namesOf`).
 */
export function searchableText(doc: SearchDoc): string[] {
  const fields = [doc.name, doc.producer, ...doc.grapes];
  if (doc.country) fields.push(...namesOf('country', doc.country));
  if (doc.region) fields.push(...namesOf('region', doc.region));
  if (doc.subRegion) fields.push(...namesOf('region', doc.subRegion));
  if (doc.style) fields.push(...namesOf('style', doc.style));
  return fields.filter((field): field is string => typeof field === 'string' && field !== '');
}

/** The terms a field of a wine is filed under: its words and the other forms of its abbreviations. */
export function fieldTerms(field: string): readonly string[] {
  return withAbbreviations(textTokens(field));
}

/** Facet ids of origin ids (`frankrike.bordeaux`) by depth: 1 country, 2 region, 3 sub-region. */
export function originDepth(id: string): number {
  let depth = 1;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) === 46) depth++;
  return depth;
}

export function bottleSizeId(litres: number): string {
  return String(litres);
}

export function vintageId(vintage: number | null): string {
  return vintage === null ? 'NV' : String(vintage);
}

/** A sort key that is missing (no rating, no price, non-vintage) sorts last in both directions. */
function isMissing(value: number): boolean {
  return Number.isNaN(value);
}

type Codes = Uint8Array | Uint16Array | Uint32Array;

function narrow(codes: Uint32Array, dictionarySize: number): Codes {
  if (dictionarySize <= 0x100) return Uint8Array.from(codes);
  if (dictionarySize <= 0x10000) return Uint16Array.from(codes);
  return codes;
}

/** Facet values of one facet: code 0 is "no value". Names are the first spelling seen. */
class Dictionary {
  readonly ids: string[] = [''];
  readonly names: string[] = [''];
  private readonly codes = new Map<string, number>();
  private readonly byName = new Map<string, number>();
  private readonly byParent = new Map<number, Map<string, number>>();
  private sorted: { rank: Uint32Array; byRank: Uint32Array } | undefined;

  get size(): number {
    return this.ids.length;
  }

  code(id: string, name: string): number {
    let code = this.codes.get(id);
    if (code === undefined) {
      code = this.ids.length;
      this.ids.push(id);
      this.names.push(name);
      this.codes.set(id, code);
      this.sorted = undefined;
    }
    return code;
  }

  /** The code of a raw value, named by it: its id is made once per spelling (ids fold text, which is slow). */
  codeOf(name: string, toId: (name: string) => string): number {
    let code = this.byName.get(name);
    if (code === undefined) {
      code = this.code(toId(name), name);
      this.byName.set(name, code);
    }
    return code;
  }

  /** The code of a raw value under a parent value (a region in a country), its id made once. */
  codeUnder(parent: number, name: string, toId: () => string): number {
    let children = this.byParent.get(parent);
    if (children === undefined) {
      children = new Map();
      this.byParent.set(parent, children);
    }
    let code = children.get(name);
    if (code === undefined) {
      code = this.code(toId(), name);
      children.set(name, code);
    }
    return code;
  }

  lookup(id: string): number | undefined {
    return this.codes.get(id);
  }

  /** Each code's place in (name, id) order and the code at each place: facet lists are sorted by it. */
  order(): { rank: Uint32Array; byRank: Uint32Array } {
    if (this.sorted === undefined) {
      const byName = Array.from({ length: this.ids.length - 1 }, (_, i) => i + 1);
      byName.sort(
        (a, b) =>
          collator.compare(this.names[a] as string, this.names[b] as string) ||
          compareIds(this.ids[a] as string, this.ids[b] as string),
      );
      const rank = new Uint32Array(this.ids.length);
      byName.forEach((code, place) => {
        rank[code] = place;
      });
      this.sorted = { rank, byRank: Uint32Array.from(byName) };
    }
    return this.sorted;
  }
}

/** Rows in ascending (key, id) order with missing keys last, and each row's place in it. */
interface SortOrder {
  perm: Uint32Array;
  place: Uint32Array;
  /** Rows with a key: the first `valued` entries of `perm`. */
  valued: number;
}

function compareKeys(keys: Float64Array, idRank: Uint32Array, a: number, b: number): number {
  const x = keys[a] as number;
  const y = keys[b] as number;
  const xMissing = isMissing(x);
  if (xMissing !== isMissing(y)) return xMissing ? 1 : -1;
  if (!xMissing && x !== y) return x < y ? -1 : 1;
  return (idRank[a] as number) - (idRank[b] as number);
}

/**
 * Sorts without a comparator: each row's key becomes its rank among the distinct keys (missing keys
 * rank last), then a counting sort over the ranks, fed in id order, keeps ties in id order.
 */
function buildOrder(keys: Float64Array, idOrder: Uint32Array): SortOrder {
  const n = keys.length;
  const present = new Float64Array(n);
  let count = 0;
  for (let row = 0; row < n; row++) {
    const key = keys[row] as number;
    if (!isMissing(key)) present[count++] = key;
  }
  const sorted = present.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i] as number;
  }
  const ranks = new Uint32Array(n);
  const starts = new Uint32Array(distinct + 2);
  for (let row = 0; row < n; row++) {
    const key = keys[row] as number;
    let rank = distinct;
    if (!isMissing(key)) {
      let lo = 0;
      let hi = distinct - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((sorted[mid] as number) < key) lo = mid + 1;
        else hi = mid;
      }
      rank = lo;
    }
    ranks[row] = rank;
    starts[rank + 1] = (starts[rank + 1] as number) + 1;
  }
  for (let rank = 1; rank <= distinct + 1; rank++) {
    starts[rank] = (starts[rank] as number) + (starts[rank - 1] as number);
  }
  const perm = new Uint32Array(n);
  const place = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const row = idOrder[i] as number;
    const rank = ranks[row] as number;
    const at = starts[rank] as number;
    starts[rank] = at + 1;
    perm[at] = row;
    place[row] = at;
  }
  return { perm, place, valued: count };
}

const SORT_KEYS = ['rating', 'price', 'name', 'vintage', 'newest'] as const;

const G_CATEGORY = 0;
const G_ORIGIN = 1;
const G_GRAPE = 2;
const G_FOOD = 3;
const G_MANUFACTURER = 4;
const G_BOTTLE = 5;
const G_STORE = 6;
const G_VINTAGE = 7;
const G_EXPERT = 8;
const G_SUPPLIER = 9;

const F_AVAILABLE = 1;
const F_HORECA = 2;
const F_EXPERT = 4;

/**
 * A page is read either by walking the sort order until it holds its matches (`walk` steps: about
 * end × n / matches, at most n) or by sorting the places of the matches (typed-array sort: a fraction
 * of matches × log2 matches); the cheaper is taken.
 */
function sortIsCheaper(matched: number, walk: number): boolean {
  return matched * Math.log2(matched + 1) * 0.25 < walk;
}

/**
 * How pages are read: the cheaper way each time, or always one way, or (ranked pages) even ranks
 * sorted and odd ranks walked. Tests hold every way to the same answers.
 */
export type Paging = 'cheaper' | 'sort' | 'walk' | 'alternate';

interface Counts {
  categories: Uint32Array;
  countries: Uint32Array;
  regions: Uint32Array;
  subRegions: Uint32Array;
  grapes: Uint32Array;
  food: Uint32Array;
  manufacturers: Uint32Array;
  bottleSizes: Uint32Array;
  stores: Uint32Array;
  vintages: Uint32Array;
  experts: Uint32Array;
  nbsSuppliers: Uint32Array;
}

function emptyFacets(): WineFacets {
  return Object.fromEntries(FACETS.map((facet) => [facet, []])) as unknown as WineFacets;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class CatalogIndex {
  private readonly rows: SearchDoc[];
  private readonly n: number;

  /** Rows in id order, and each row's place in it (the tie-break of every sort). */
  private readonly idOrder: Uint32Array;
  private readonly idRank: Uint32Array;

  private readonly dict: Record<FacetName, Dictionary>;
  private readonly category: Codes;
  private readonly country: Codes;
  private readonly region: Codes;
  private readonly subRegion: Codes;
  private readonly manufacturer: Codes;
  private readonly bottle: Codes;
  private readonly store: Codes;
  private readonly vintage: Codes;
  /** The wholesaler's supplier (`supplierIdOf`). */
  private readonly supplier: Codes;
  private readonly grapeOffsets: Uint32Array;
  private readonly grapeCodes: Codes;
  private readonly foodOffsets: Uint32Array;
  private readonly foodCodes: Codes;
  private readonly expertStart: Uint32Array;
  private readonly expertEnd: Uint32Array;
  private expertCodes: Uint32Array;
  private expertUsed: number;
  private expertGarbage = 0;

  /** NOK minor units; NaN: no price. */
  private readonly price: Float64Array;
  /** NaN: not rated. */
  private readonly rating: Float64Array;
  private readonly flags: Uint8Array;

  private readonly orders: Record<(typeof SORT_KEYS)[number], SortOrder>;

  /** Folded terms in code-unit order and their posting lists (rows, ascending). */
  private readonly vocabulary: string[];
  private readonly postingOffsets: Uint32Array;
  private readonly postings: Uint32Array;
  /** Per posting: 1 when the term is in the row's name or producer, 0 when only in what describes it. */
  private readonly postingInName: Uint8Array;
  /** Vocabulary positions grouped by term length (`byLength[lengthOffsets[len]…]`), and letter sets. */
  private readonly lengthOffsets: Uint32Array;
  private readonly byLength: Uint32Array;
  private readonly signatures: Uint32Array;

  /** Scratch space reused by every query. */
  private readonly tokenHits: Uint16Array;
  /** One bit per row: the rows the last query token reached, read back in row order. */
  private readonly textRows: Int32Array;
  /** Each matched row's `rankCost` summed over the query's tokens (valid where `tokenHits` is full). */
  private readonly matchRank: Uint32Array;
  /** The cost of the current query token's best match so far, per row reached. */
  private readonly tokenCost: Uint32Array;
  private readonly candidates: Uint32Array;
  /** The rows the last query matched, in candidate order. */
  private readonly matches: Uint32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;

  private readonly paging: Paging;

  constructor(docs: readonly SearchDoc[], options: { paging?: Paging } = {}) {
    this.paging = options.paging ?? 'cheaper';
    const n = docs.length;
    this.rows = [...docs];
    this.n = n;

    const idOrder = new Uint32Array(n);
    for (let i = 0; i < n; i++) idOrder[i] = i;
    idOrder.sort((a, b) => compareIds((docs[a] as SearchDoc).id, (docs[b] as SearchDoc).id));
    const idRank = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const row = idOrder[i] as number;
      idRank[row] = i;
      if (i > 0 && (docs[idOrder[i - 1] as number] as SearchDoc).id === (docs[row] as SearchDoc).id) {
        throw new Error(`Duplicate wine id in the catalogue: ${(docs[row] as SearchDoc).id}`);
      }
    }
    this.idOrder = idOrder;
    this.idRank = idRank;

    const dict = Object.fromEntries(FACETS.map((facet) => [facet, new Dictionary()])) as unknown as Record<
      FacetName,
      Dictionary
    >;
    this.dict = dict;
    const category = new Uint32Array(n);
    const country = new Uint32Array(n);
    const region = new Uint32Array(n);
    const subRegion = new Uint32Array(n);
    const manufacturer = new Uint32Array(n);
    const bottle = new Uint32Array(n);
    const store = new Uint32Array(n);
    const vintage = new Uint32Array(n);
    const supplier = new Uint32Array(n);
    const grapeOffsets = new Uint32Array(n + 1);
    const foodOffsets = new Uint32Array(n + 1);
    const grapeList: number[] = [];
    const foodList: number[] = [];
    const expertList: number[] = [];
    const expertStart = new Uint32Array(n);
    const expertEnd = new Uint32Array(n);
    const price = new Float64Array(n);
    const rating = new Float64Array(n);
    const flags = new Uint8Array(n);
    const vintageKey = new Float64Array(n);
    const newestKey = new Float64Array(n);

    // Terms get ids in order of appearance; each row lists its distinct terms once.
    const termIds = new Map<string, number>();
    const termStrings: string[] = [];
    const termRows: number[] = [];
    const lastRow: number[] = [];
    const fieldIds = new Map<string, number[]>();
    let rowTerms = new Uint32Array(Math.max(64, n * 8));
    let rowTermInName = new Uint8Array(rowTerms.length);
    /** Where a term's entry for `lastRow` sits in `rowTerms`. */
    const lastPlace: number[] = [];
    let rowTermCount = 0;
    const rowTermOffsets = new Uint32Array(n + 1);
    const termId = (token: string): number => {
      let id = termIds.get(token);
      if (id === undefined) {
        id = termStrings.length;
        termIds.set(token, id);
        termStrings.push(token);
        termRows.push(0);
        lastRow.push(-1);
        lastPlace.push(0);
      }
      return id;
    };

    for (let row = 0; row < n; row++) {
      const doc = docs[row] as SearchDoc;
      category[row] = dict.categories.code(doc.mainCategoryId, doc.mainCategoryId);
      const { country: c, region: r, subRegion: sub } = doc;
      if (c) {
        const countryCode = dict.countries.codeOf(c, originId);
        country[row] = countryCode;
        if (r) {
          const regionCode = dict.regions.codeUnder(countryCode, r, () => originId(c, r));
          region[row] = regionCode;
          if (sub) subRegion[row] = dict.subRegions.codeUnder(regionCode, sub, () => originId(c, r, sub));
        }
      }
      if (doc.producer) manufacturer[row] = dict.manufacturers.codeOf(doc.producer, facetId);
      const size = bottleSizeId(doc.bottleSize);
      bottle[row] = dict.bottleSizes.code(size, size);
      if (doc.storeCategory) store[row] = dict.stores.codeOf(doc.storeCategory, facetId);
      const year = vintageId(doc.vintage);
      vintage[row] = dict.vintages.code(year, year);
      const wholesaler = doc.wholesaler?.trim();
      if (wholesaler) supplier[row] = dict.nbsSuppliers.codeOf(wholesaler, supplierIdOf);
      appendCodes(grapeList, doc.grapes, dict.grapes, facetId);
      grapeOffsets[row + 1] = grapeList.length;
      appendCodes(foodList, doc.food, dict.food, facetId);
      foodOffsets[row + 1] = foodList.length;
      expertStart[row] = expertList.length;
      appendCodes(expertList, doc.expertIds, dict.experts, sameId);
      expertEnd[row] = expertList.length;

      price[row] = typeof doc.priceMinor === 'number' ? doc.priceMinor : Number.NaN;
      rating[row] = doc.rating ?? Number.NaN;
      flags[row] = flagsOf(doc);
      vintageKey[row] = doc.vintage ?? Number.NaN;
      newestKey[row] = isoTime(doc.createdAt);

      const fields = searchableText(doc);
      const naming = namingFields(doc);
      for (let f = 0; f < fields.length; f++) {
        const field = fields[f] as string;
        const inName = f < naming ? 1 : 0;
        let ids = fieldIds.get(field);
        if (ids === undefined) {
          ids = fieldTerms(field).map(termId);
          fieldIds.set(field, ids);
        }
        for (const id of ids) {
          if (lastRow[id] === row) {
            if (inName === 1) rowTermInName[lastPlace[id] as number] = 1;
            continue;
          }
          lastRow[id] = row;
          lastPlace[id] = rowTermCount;
          termRows[id] = (termRows[id] as number) + 1;
          if (rowTermCount === rowTerms.length) {
            const grown = new Uint32Array(rowTerms.length * 2);
            grown.set(rowTerms);
            rowTerms = grown;
            const grownInName = new Uint8Array(grown.length);
            grownInName.set(rowTermInName);
            rowTermInName = grownInName;
          }
          rowTermInName[rowTermCount] = inName;
          rowTerms[rowTermCount++] = id;
        }
      }
      rowTermOffsets[row + 1] = rowTermCount;
    }

    this.category = narrow(category, dict.categories.size);
    this.country = narrow(country, dict.countries.size);
    this.region = narrow(region, dict.regions.size);
    this.subRegion = narrow(subRegion, dict.subRegions.size);
    this.manufacturer = narrow(manufacturer, dict.manufacturers.size);
    this.bottle = narrow(bottle, dict.bottleSizes.size);
    this.store = narrow(store, dict.stores.size);
    this.vintage = narrow(vintage, dict.vintages.size);
    this.supplier = narrow(supplier, dict.nbsSuppliers.size);
    this.grapeOffsets = grapeOffsets;
    this.grapeCodes = narrow(Uint32Array.from(grapeList), dict.grapes.size);
    this.foodOffsets = foodOffsets;
    this.foodCodes = narrow(Uint32Array.from(foodList), dict.food.size);
    this.expertStart = expertStart;
    this.expertEnd = expertEnd;
    this.expertCodes = Uint32Array.from(expertList);
    this.expertUsed = expertList.length;
    this.price = price;
    this.rating = rating;
    this.flags = flags;

    // Code-unit order first (native, fast) leaves long runs already in collation order, which the
    // collation sort (a merge sort that finds runs) then needs far fewer comparisons for.
    const names = [...new Set(docs.map((doc) => doc.name))].sort().sort(collator.compare);
    const nameRank = new Map<string, number>();
    let rank = 0;
    names.forEach((name, i) => {
      if (i > 0 && collator.compare(names[i - 1] as string, name) !== 0) rank++;
      nameRank.set(name, rank);
    });
    const nameKey = new Float64Array(n);
    for (let row = 0; row < n; row++) nameKey[row] = nameRank.get((docs[row] as SearchDoc).name) as number;
    this.orders = {
      rating: buildOrder(rating, idOrder),
      price: buildOrder(price, idOrder),
      name: buildOrder(nameKey, idOrder),
      vintage: buildOrder(vintageKey, idOrder),
      newest: buildOrder(newestKey, idOrder),
    };

    // The vocabulary in code-unit order (prefixes are ranges), posting lists in that order.
    const termCount = termStrings.length;
    const sorted = Array.from({ length: termCount }, (_, id) => id).sort((a, b) =>
      compareIds(termStrings[a] as string, termStrings[b] as string),
    );
    const place = new Uint32Array(termCount);
    const postingOffsets = new Uint32Array(termCount + 1);
    sorted.forEach((id, i) => {
      place[id] = i;
      postingOffsets[i + 1] = (postingOffsets[i] as number) + (termRows[id] as number);
    });
    const postings = new Uint32Array(postingOffsets[termCount] as number);
    const postingInName = new Uint8Array(postings.length);
    const cursor = postingOffsets.slice(0, termCount);
    for (let row = 0; row < n; row++) {
      const end = rowTermOffsets[row + 1] as number;
      for (let i = rowTermOffsets[row] as number; i < end; i++) {
        const at = place[rowTerms[i] as number] as number;
        postings[cursor[at] as number] = row;
        postingInName[cursor[at] as number] = rowTermInName[i] as number;
        cursor[at] = (cursor[at] as number) + 1;
      }
    }
    const vocabulary = sorted.map((id) => termStrings[id] as string);
    this.vocabulary = vocabulary;
    this.postingOffsets = postingOffsets;
    this.postings = postings;
    this.postingInName = postingInName;

    // For typos: terms grouped by length, and the set of letters each term uses.
    let longest = 0;
    for (const term of vocabulary) if (term.length > longest) longest = term.length;
    const lengthOffsets = new Uint32Array(longest + 2);
    for (const term of vocabulary)
      lengthOffsets[term.length + 1] = (lengthOffsets[term.length + 1] as number) + 1;
    for (let len = 1; len <= longest + 1; len++) {
      lengthOffsets[len] = (lengthOffsets[len] as number) + (lengthOffsets[len - 1] as number);
    }
    const byLength = new Uint32Array(termCount);
    const filled = lengthOffsets.slice(0, longest + 1);
    const signatures = new Uint32Array(termCount);
    vocabulary.forEach((term, i) => {
      byLength[filled[term.length] as number] = i;
      filled[term.length] = (filled[term.length] as number) + 1;
      signatures[i] = signature(term);
    });
    this.lengthOffsets = lengthOffsets;
    this.byLength = byLength;
    this.signatures = signatures;

    this.tokenHits = new Uint16Array(n);
    this.textRows = new Int32Array((n + 31) >>> 5);
    this.matchRank = new Uint32Array(n);
    this.tokenCost = new Uint32Array(n);
    this.candidates = new Uint32Array(n);
    this.matches = new Uint32Array(n);
    this.stamp = new Uint32Array(n);
  }

  get size(): number {
    return this.n;
  }

  /** Distinct search terms: the vocabulary typo tolerance looks through. */
  get vocabularySize(): number {
    return this.vocabulary.length;
  }

  docs(): IterableIterator<SearchDoc> {
    return this.rows.values();
  }

  get(id: string): SearchDoc | undefined {
    const row = this.rowOf(id);
    return row === undefined ? undefined : this.rows[row];
  }

  /** The stored name of an origin (`frankrike`, `frankrike.burgund`, …), as its facet names it. */
  originName(id: string): string | undefined {
    const depth = originDepth(id);
    const dictionary =
      depth === 1 ? this.dict.countries : depth === 2 ? this.dict.regions : this.dict.subRegions;
    const code = dictionary.lookup(id);
    return code === undefined ? undefined : dictionary.names[code];
  }

  /**
   * A tasting note changed a wine's ratings or experts: update the columns, the rating order and the
   * expert lists in place. False when the wine is not in the catalogue.
   */
  updateStats(id: string, stats: SearchDocStats): boolean {
    const row = this.rowOf(id);
    if (row === undefined) return false;
    const doc = this.rows[row] as SearchDoc;
    const updated: SearchDoc = {
      ...doc,
      expertIds: [...stats.expertIds],
      rating: stats.rating,
      expertRating: stats.expertRating,
      expertCount: stats.expertCount,
      communityRating: stats.communityRating,
      communityCount: stats.communityCount,
    };
    this.rows[row] = updated;
    this.flags[row] = flagsOf(updated);
    this.setExperts(row, updated.expertIds);
    const before = this.rating[row] as number;
    const after = updated.rating ?? Number.NaN;
    if (!Object.is(before, after)) this.moveInRatingOrder(row, after);
    return true;
  }

  search(query: IndexQuery): IndexResult {
    const n = this.n;
    const wantFacets = query.facets === true;

    // Candidates: the rows every query token matches, narrowed to `onlyIds`; null means every row.
    let candidates: Uint32Array | null = null;
    let candidateCount = n;
    // A year among the words is the vintage asked for when the catalogue has it (`readQuery`).
    const read = query.text
      ? readQuery(textTokens(query.text), (year) => this.dict.vintages.lookup(year) !== undefined)
      : { tokens: [] };
    const tokens = read.tokens;
    const textVintage = read.vintage === undefined ? -1 : (this.dict.vintages.lookup(read.vintage) as number);
    if (tokens.length > 0) {
      candidates = this.candidates;
      candidateCount = this.matchText(tokens);
    }
    if (query.onlyIds !== undefined) {
      const only: number[] = [];
      if (candidates === null || candidateCount > 0) {
        for (const id of query.onlyIds) {
          const row = this.rowOf(id);
          if (row !== undefined && (tokens.length === 0 || this.tokenHits[row] === tokens.length))
            only.push(row);
        }
      }
      candidates = Uint32Array.from(only);
      candidateCount = only.length;
    }

    // Filters outside the facet groups.
    let required = 0;
    if (query.isAvailable === true) required |= F_AVAILABLE;
    if (query.isHorecaAvailable === true) required |= F_HORECA;
    if (query.isRatedByExpert === true) required |= F_EXPERT;
    const minPrice = query.minPriceMinor ?? Number.NEGATIVE_INFINITY;
    const maxPrice = query.maxPriceMinor ?? Number.POSITIVE_INFINITY;
    const priceActive = query.minPriceMinor !== undefined || query.maxPriceMinor !== undefined;

    // Facet groups: a mark per dictionary code the query selected.
    const dict = this.dict;
    const categorySel = selection(dict.categories, query.categories);
    let countrySel: Uint8Array | null = null;
    let regionSel: Uint8Array | null = null;
    let subRegionSel: Uint8Array | null = null;
    const originActive = query.origins !== undefined && query.origins.length > 0;
    if (originActive) {
      countrySel = new Uint8Array(dict.countries.size);
      regionSel = new Uint8Array(dict.regions.size);
      subRegionSel = new Uint8Array(dict.subRegions.size);
      for (const id of query.origins as string[]) {
        const depth = originDepth(id);
        const [target, facet] =
          depth === 1
            ? [countrySel, dict.countries]
            : depth === 2
              ? [regionSel, dict.regions]
              : [subRegionSel, dict.subRegions];
        const code = facet.lookup(id);
        if (code !== undefined) target[code] = 1;
      }
    }
    const grapeSel = selection(dict.grapes, query.grapes);
    const foodSel = selection(dict.food, query.food);
    const manufacturerSel = selection(dict.manufacturers, query.manufacturers);
    const bottleSel = selection(dict.bottleSizes, query.bottleSizes);
    const storeSel = selection(dict.stores, query.stores);
    const vintageSel = selection(dict.vintages, query.vintages);
    const expertSel = selection(dict.experts, query.ratedById);
    const supplierSel = selection(dict.nbsSuppliers, query.nbsSuppliers);

    // Facet counts (code 0, "no value", is counted and ignored). Without facets a row fails at its first
    // failed group; with them it may fail one group and still count toward that group's facets.
    const counts: Counts | null = wantFacets
      ? {
          categories: new Uint32Array(dict.categories.size),
          countries: new Uint32Array(dict.countries.size),
          regions: new Uint32Array(dict.regions.size),
          subRegions: new Uint32Array(dict.subRegions.size),
          grapes: new Uint32Array(dict.grapes.size),
          food: new Uint32Array(dict.food.size),
          manufacturers: new Uint32Array(dict.manufacturers.size),
          bottleSizes: new Uint32Array(dict.bottleSizes.size),
          stores: new Uint32Array(dict.stores.size),
          vintages: new Uint32Array(dict.vintages.size),
          experts: new Uint32Array(dict.experts.size),
          nbsSuppliers: new Uint32Array(dict.nbsSuppliers.size),
        }
      : null;
    const none = new Uint32Array(0);
    const categoryCounts = counts?.categories ?? none;
    const countryCounts = counts?.countries ?? none;
    const regionCounts = counts?.regions ?? none;
    const subRegionCounts = counts?.subRegions ?? none;
    const grapeCounts = counts?.grapes ?? none;
    const foodCounts = counts?.food ?? none;
    const manufacturerCounts = counts?.manufacturers ?? none;
    const bottleCounts = counts?.bottleSizes ?? none;
    const storeCounts = counts?.stores ?? none;
    const vintageCounts = counts?.vintages ?? none;
    const expertCounts = counts?.experts ?? none;
    const supplierCounts = counts?.nbsSuppliers ?? none;
    const allowedFailures = wantFacets ? 1 : 0;

    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const generation = this.generation;
    const stamp = this.stamp;
    const matches = this.matches;
    const flags = this.flags;
    const price = this.price;
    const category = this.category;
    const country = this.country;
    const region = this.region;
    const subRegion = this.subRegion;
    const manufacturer = this.manufacturer;
    const bottle = this.bottle;
    const store = this.store;
    const vintage = this.vintage;
    const supplier = this.supplier;
    const grapeOffsets = this.grapeOffsets;
    const grapeCodes = this.grapeCodes;
    const foodOffsets = this.foodOffsets;
    const foodCodes = this.foodCodes;
    const expertStart = this.expertStart;
    const expertEnd = this.expertEnd;
    const expertCodes = this.expertCodes;
    const noMarks = new Uint8Array(0);
    const categoryMarks = categorySel ?? noMarks;
    const countryMarks = countrySel ?? noMarks;
    const regionMarks = regionSel ?? noMarks;
    const subRegionMarks = subRegionSel ?? noMarks;
    const grapeMarks = grapeSel ?? noMarks;
    const foodMarks = foodSel ?? noMarks;
    const manufacturerMarks = manufacturerSel ?? noMarks;
    const bottleMarks = bottleSel ?? noMarks;
    const storeMarks = storeSel ?? noMarks;
    const vintageMarks = vintageSel ?? noMarks;
    const expertMarks = expertSel ?? noMarks;
    const supplierMarks = supplierSel ?? noMarks;
    const categoryActive = categorySel !== null;
    const grapeActive = grapeSel !== null;
    const foodActive = foodSel !== null;
    const manufacturerActive = manufacturerSel !== null;
    const bottleActive = bottleSel !== null;
    const storeActive = storeSel !== null;
    const vintageActive = vintageSel !== null;
    const expertActive = expertSel !== null;
    const supplierActive = supplierSel !== null;

    let matched = 0;
    for (let c = 0; c < candidateCount; c++) {
      const row = candidates === null ? c : (candidates[c] as number);
      if (((flags[row] as number) & required) !== required) continue;
      if (textVintage >= 0 && vintage[row] !== textVintage) continue;
      if (priceActive) {
        const p = price[row] as number;
        if (!(p >= minPrice && p <= maxPrice)) continue;
      }
      const categoryCode = category[row] as number;
      const countryCode = country[row] as number;
      const regionCode = region[row] as number;
      const subRegionCode = subRegion[row] as number;
      const manufacturerCode = manufacturer[row] as number;
      const bottleCode = bottle[row] as number;
      const storeCode = store[row] as number;
      const vintageCode = vintage[row] as number;
      const supplierCode = supplier[row] as number;
      const grapeFrom = grapeOffsets[row] as number;
      const grapeTo = grapeOffsets[row + 1] as number;
      const foodFrom = foodOffsets[row] as number;
      const foodTo = foodOffsets[row + 1] as number;
      const expertFrom = expertStart[row] as number;
      const expertTo = expertEnd[row] as number;

      let failures = 0;
      let failed = -1;
      if (categoryActive && categoryMarks[categoryCode] === 0) {
        failed = G_CATEGORY;
        if (++failures > allowedFailures) continue;
      }
      if (
        originActive &&
        (countryMarks[countryCode] as number) +
          (regionMarks[regionCode] as number) +
          (subRegionMarks[subRegionCode] as number) ===
          0
      ) {
        failed = G_ORIGIN;
        if (++failures > allowedFailures) continue;
      }
      if (grapeActive && !anySelected(grapeMarks, grapeCodes, grapeFrom, grapeTo)) {
        failed = G_GRAPE;
        if (++failures > allowedFailures) continue;
      }
      if (foodActive && !anySelected(foodMarks, foodCodes, foodFrom, foodTo)) {
        failed = G_FOOD;
        if (++failures > allowedFailures) continue;
      }
      if (manufacturerActive && manufacturerMarks[manufacturerCode] === 0) {
        failed = G_MANUFACTURER;
        if (++failures > allowedFailures) continue;
      }
      if (bottleActive && bottleMarks[bottleCode] === 0) {
        failed = G_BOTTLE;
        if (++failures > allowedFailures) continue;
      }
      if (storeActive && storeMarks[storeCode] === 0) {
        failed = G_STORE;
        if (++failures > allowedFailures) continue;
      }
      if (vintageActive && vintageMarks[vintageCode] === 0) {
        failed = G_VINTAGE;
        if (++failures > allowedFailures) continue;
      }
      if (expertActive && !anySelected(expertMarks, expertCodes, expertFrom, expertTo)) {
        failed = G_EXPERT;
        if (++failures > allowedFailures) continue;
      }
      if (supplierActive && supplierMarks[supplierCode] === 0) {
        failed = G_SUPPLIER;
        if (++failures > allowedFailures) continue;
      }
      if (failures === 0) {
        stamp[row] = generation;
        matches[matched++] = row;
      }
      if (counts === null) continue;
      // A match counts toward every facet; a row failing one group toward that group's facets only.
      if (failed < 0 || failed === G_CATEGORY)
        categoryCounts[categoryCode] = (categoryCounts[categoryCode] as number) + 1;
      if (failed < 0 || failed === G_ORIGIN) {
        countryCounts[countryCode] = (countryCounts[countryCode] as number) + 1;
        regionCounts[regionCode] = (regionCounts[regionCode] as number) + 1;
        subRegionCounts[subRegionCode] = (subRegionCounts[subRegionCode] as number) + 1;
      }
      if (failed < 0 || failed === G_GRAPE) {
        for (let k = grapeFrom; k < grapeTo; k++) {
          const code = grapeCodes[k] as number;
          grapeCounts[code] = (grapeCounts[code] as number) + 1;
        }
      }
      if (failed < 0 || failed === G_FOOD) {
        for (let k = foodFrom; k < foodTo; k++) {
          const code = foodCodes[k] as number;
          foodCounts[code] = (foodCounts[code] as number) + 1;
        }
      }
      if (failed < 0 || failed === G_MANUFACTURER) {
        manufacturerCounts[manufacturerCode] = (manufacturerCounts[manufacturerCode] as number) + 1;
      }
      if (failed < 0 || failed === G_BOTTLE)
        bottleCounts[bottleCode] = (bottleCounts[bottleCode] as number) + 1;
      if (failed < 0 || failed === G_STORE) storeCounts[storeCode] = (storeCounts[storeCode] as number) + 1;
      if (failed < 0 || failed === G_VINTAGE)
        vintageCounts[vintageCode] = (vintageCounts[vintageCode] as number) + 1;
      if (failed < 0 || failed === G_EXPERT) {
        for (let k = expertFrom; k < expertTo; k++) {
          const code = expertCodes[k] as number;
          expertCounts[code] = (expertCounts[code] as number) + 1;
        }
      }
      if (failed < 0 || failed === G_SUPPLIER)
        supplierCounts[supplierCode] = (supplierCounts[supplierCode] as number) + 1;
    }

    const rows = this.page(query, matched, ranksByMatch(query, tokens.length));
    return {
      rows,
      count: matched,
      facets: counts === null ? emptyFacets() : this.facetLists(counts, query),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Text

  /**
   * Fills `candidates` with the rows every token matches, in row order (the pass then reads the
   * columns front to back); `tokenHits[row]` counts the tokens a row matched, and `matchRank[row]`
   * sums the cost of each token's best match (`rankCost`): a token's terms come exact, prefixes,
   * typos, so the first term to reach a row has its best tier, and a later term of that tier found
   * in the name replaces one found only outside it.
   */
  private matchText(tokens: string[]): number {
    const hits = this.tokenHits;
    hits.fill(0);
    const bits = this.textRows;
    bits.fill(0);
    const rank = this.matchRank;
    const offsets = this.postingOffsets;
    const postings = this.postings;
    const inName = this.postingInName;
    const tokenCost = this.tokenCost;
    const last = tokens.length - 1;
    const prefixCost = rankCost(PREFIX, tokens.length);
    const typoCost = rankCost(TYPO, tokens.length);
    for (let t = 0; t <= last; t++) {
      const { terms, exact, prefixed } = this.matchingTerms(tokens[t] as string);
      if (terms.length === 0) return 0;
      const next = t + 1;
      for (let i = 0; i < terms.length; i++) {
        const term = terms[i] as number;
        const tierCost = i < exact ? 0 : i < prefixed ? prefixCost : typoCost;
        const end = offsets[term + 1] as number;
        for (let p = offsets[term] as number; p < end; p++) {
          const row = postings[p] as number;
          // A word outside the name costs one more than in it (`rankCost`).
          const cost = tierCost + 1 - (inName[p] as number);
          const reached = hits[row] as number;
          if (reached === t) {
            hits[row] = next;
            tokenCost[row] = cost;
            rank[row] = t === 0 ? cost : (rank[row] as number) + cost;
            if (t === last) bits[row >>> 5] = (bits[row >>> 5] as number) | (1 << (row & 31));
          } else if (reached === next && cost < (tokenCost[row] as number)) {
            // Reached by a term of the same tier outside the name first, now by one in it.
            rank[row] = (rank[row] as number) - (tokenCost[row] as number) + cost;
            tokenCost[row] = cost;
          }
        }
      }
    }
    const candidates = this.candidates;
    let count = 0;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w] as number;
      while (word !== 0) {
        const lowest = word & -word;
        candidates[count++] = (w << 5) + (31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
    return count;
  }

  /**
   * Vocabulary positions of the terms a token matches (`termMatches`), best tier first: the equal term
   * (`terms[0, exact)`), the terms it is a prefix of (`[exact, prefixed)`), then the typos (a typo may
   * repeat a prefix's position).
   */
  private matchingTerms(token: string): { terms: number[]; exact: number; prefixed: number } {
    const vocabulary = this.vocabulary;
    const terms: number[] = [];
    let i = lowerBound(vocabulary, token);
    // The token itself sorts first among the terms it starts.
    const exact = vocabulary[i] === token ? 1 : 0;
    if (token.length >= 2) {
      while (i < vocabulary.length && (vocabulary[i] as string).startsWith(token)) terms.push(i++);
    } else if (exact === 1) {
      terms.push(i);
    }
    const prefixed = terms.length;
    const k = maxEdits(token.length);
    if (k > 0) this.matchTypos(token, k, terms);
    return { terms, exact, prefixed };
  }

  /**
   * The terms within `k` edits of the token (optimal string alignment). Only terms of length within
   * `k` of the token's are looked at, and of those only the ones whose letter set differs from the
   * token's by at most `k` letters each way (an edit adds or removes at most one letter) get the
   * edit-distance check.
   */
  private matchTypos(token: string, k: number, found: number[]): void {
    const length = token.length;
    const letters = signature(token);
    const masks = length <= 31 ? new TokenMasks(token) : undefined;
    const codes = new Int32Array(length);
    for (let j = 0; j < length; j++) codes[j] = token.charCodeAt(j);
    const scratch = new Int32Array(3 * (length + k + 1));
    const vocabulary = this.vocabulary;
    const lengthOffsets = this.lengthOffsets;
    const byLength = this.byLength;
    const signatures = this.signatures;
    const longest = lengthOffsets.length - 2;
    const from = lengthOffsets[Math.min(longest + 1, Math.max(1, length - k))] as number;
    const to = lengthOffsets[Math.min(longest + 1, length + k + 1)] as number;
    for (let i = from; i < to; i++) {
      const term = byLength[i] as number;
      const s = signatures[term] as number;
      if (bitCount(s & ~letters) > k || bitCount(letters & ~s) > k) continue;
      const text = vocabulary[term] as string;
      const near = masks !== undefined ? masks.distance(text) <= k : withinEdits(codes, text, k, scratch);
      if (near) found.push(term);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Facets

  private facetLists(counts: Counts, query: IndexQuery): WineFacets {
    const origins = query.origins ?? [];
    const selected: Record<FacetName, readonly string[] | undefined> = {
      categories: query.categories,
      countries: origins.filter((id) => originDepth(id) === 1),
      regions: origins.filter((id) => originDepth(id) === 2),
      subRegions: origins.filter((id) => originDepth(id) >= 3),
      grapes: query.grapes,
      food: query.food,
      manufacturers: query.manufacturers,
      bottleSizes: query.bottleSizes,
      stores: query.stores,
      vintages: query.vintages,
      experts: query.ratedById,
      nbsSuppliers: query.nbsSuppliers,
    };
    const facets = {} as WineFacets;
    for (const facet of FACETS) facets[facet] = facetList(this.dict[facet], counts[facet], selected[facet]);
    return facets;
  }

  // ---------------------------------------------------------------------------------------------
  // Sorting and paging

  /**
   * The page of the `matched` rows in `matches` (also stamped with this query's generation); `ranked`:
   * by `matchRank` first, the sort order within a rank.
   */
  private page(query: IndexQuery, matched: number, ranked: boolean): SearchDoc[] {
    const start = Math.max(0, Math.floor(query.offset));
    const end = Math.min(matched, start + Math.max(0, Math.floor(query.limit)));
    if (start >= end) return [];
    const order = this.orders[query.sortColumn];
    const n = this.n;
    const { perm, place, valued } = order;
    const descending = query.sortDirection === 'desc';
    const rows = this.rows;
    const out: SearchDoc[] = [];

    const matches = this.matches;
    if (matched === 1) return [rows[matches[0] as number] as SearchDoc];

    if (ranked) return this.rankedPage(order, descending, matched, start, end);

    const stamp = this.stamp;
    const generation = this.generation;
    if (this.sorts(matched, Math.min(n, (end * n) / matched))) {
      // Few matches: sort their places in the order.
      const places = new Uint32Array(matched);
      for (let m = 0; m < matched; m++) {
        const p = place[matches[m] as number] as number;
        places[m] = !descending ? p : p < valued ? valued - 1 - p : valued + (n - 1 - p);
      }
      places.sort();
      for (let i = start; i < end; i++) {
        const p = places[i] as number;
        const row = !descending ? perm[p] : p < valued ? perm[valued - 1 - p] : perm[n - 1 - (p - valued)];
        out.push(rows[row as number] as SearchDoc);
      }
      return out;
    }

    // Many matches: walk the order, skipping rows this query did not stamp.
    let seen = 0;
    for (let i = 0; i < n && seen < end; i++) {
      const row = (
        !descending ? perm[i] : i < valued ? perm[valued - 1 - i] : perm[n - 1 - (i - valued)]
      ) as number;
      if (stamp[row] !== generation) continue;
      if (seen >= start) out.push(rows[row] as SearchDoc);
      seen++;
    }
    return out;
  }

  /**
   * Positions [start, end) of the matches in (match rank, sort order) order. The matches are counted
   * per rank; each rank holds a run of the ranked list, so the page takes a known share of each rank's
   * best rows. Each rank the page spans reads its share the cheaper way: by sorting the (rank, place)
   * keys of its matches (a small rank), or from one walk of the sort order that fills every such
   * share at once (a large rank: its rows come soon; the rarest walked rank decides how far it goes).
   */
  private rankedPage(
    order: SortOrder,
    descending: boolean,
    matched: number,
    start: number,
    end: number,
  ): SearchDoc[] {
    const n = this.n;
    const { perm, place, valued } = order;
    const matches = this.matches;
    const rank = this.matchRank;
    const rows = this.rows;

    let worst = 0;
    for (let m = 0; m < matched; m++) {
      const r = rank[matches[m] as number] as number;
      if (r > worst) worst = r;
    }
    const sizes = new Uint32Array(worst + 1);
    for (let m = 0; m < matched; m++) {
      const r = rank[matches[m] as number] as number;
      sizes[r] = (sizes[r] as number) + 1;
    }
    // A rank's matches are positions [before, before + size) of the ranked list; the page wants the
    // rank's first `need` of them, from its `skip`th on, placed from `at` in the page.
    const skip = new Uint32Array(worst + 1);
    const need = new Uint32Array(worst + 1);
    const at = new Uint32Array(worst + 1);
    /** 1: the rank's share is read by sorting its matches; else by the walk. */
    const sorted = new Uint8Array(worst + 1);
    // The page spans ranks first…last; `toSort` matches of them are sorted, `shares` are walked.
    let first = -1;
    let last = -1;
    let toSort = 0;
    let shares = 0;
    let before = 0;
    for (let r = 0; r <= worst; r++) {
      const size = sizes[r] as number;
      const from = Math.max(start, before);
      const to = Math.min(end, before + size);
      if (from < to) {
        if (first < 0) first = r;
        last = r;
        skip[r] = from - before;
        need[r] = to - before;
        at[r] = from - start;
        if (this.sorts(size, Math.min(n, ((to - before) * n) / size), r)) {
          sorted[r] = 1;
          toSort += size;
        } else {
          shares++;
        }
      }
      before += size;
    }

    const out = new Array<SearchDoc>(end - start);
    const rowAt = (p: number): number =>
      (!descending ? perm[p] : p < valued ? perm[valued - 1 - p] : perm[n - 1 - (p - valued)]) as number;
    if (toSort > 0) {
      // (rank - first, place) in one number; 32 bits hold it at any realistic catalogue size.
      const keys = (last - first + 1) * n <= 0x100000000 ? new Uint32Array(toSort) : new Float64Array(toSort);
      let k = 0;
      for (let m = 0; m < matched; m++) {
        const row = matches[m] as number;
        const r = rank[row] as number;
        if (r < first || r > last || sorted[r] === 0) continue;
        const p = place[row] as number;
        keys[k++] = (r - first) * n + (!descending ? p : p < valued ? valued - 1 - p : valued + (n - 1 - p));
      }
      keys.sort();
      // The sorted ranks follow one another in the keys, each its whole size.
      for (let i = 0; i < toSort; ) {
        const r = first + Math.floor((keys[i] as number) / n);
        for (let j = skip[r] as number; j < (need[r] as number); j++) {
          const row = rowAt((keys[i + j] as number) % n);
          out[(at[r] as number) + j - (skip[r] as number)] = rows[row] as SearchDoc;
        }
        i += sizes[r] as number;
      }
    }

    const stamp = this.stamp;
    const generation = this.generation;
    const taken = new Uint32Array(worst + 1);
    for (let i = 0; i < n && shares > 0; i++) {
      const row = rowAt(i);
      if (stamp[row] !== generation) continue;
      const r = rank[row] as number;
      const got = taken[r] as number;
      if (sorted[r] === 1 || got >= (need[r] as number)) continue;
      if (got >= (skip[r] as number))
        out[(at[r] as number) + got - (skip[r] as number)] = rows[row] as SearchDoc;
      taken[r] = got + 1;
      if (got + 1 === need[r]) shares--;
    }
    return out;
  }

  /** Whether to sort `matched` rows (of match rank `rank`) rather than walk `walk` steps of the order. */
  private sorts(matched: number, walk: number, rank = 0): boolean {
    switch (this.paging) {
      case 'cheaper':
        return sortIsCheaper(matched, walk);
      case 'alternate':
        return rank % 2 === 0;
      default:
        return this.paging === 'sort';
    }
  }

  /** Moves a row to its new place in the rating order (one shift of the permutation, no re-sort). */
  private moveInRatingOrder(row: number, rating: number): void {
    const order = this.orders.rating;
    const { perm, place } = order;
    const n = this.n;
    const from = place[row] as number;
    if (!isMissing(this.rating[row] as number)) order.valued--;
    perm.copyWithin(from, from + 1, n);
    this.rating[row] = rating;
    if (!isMissing(rating)) order.valued++;
    // Binary search over the n - 1 remaining rows.
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(this.rating, this.idRank, perm[mid] as number, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    perm.copyWithin(lo + 1, lo, n - 1);
    perm[lo] = row;
    const first = Math.min(from, lo);
    const last = Math.max(from, lo);
    for (let i = first; i <= last; i++) place[perm[i] as number] = i;
  }

  // ---------------------------------------------------------------------------------------------
  // Rows

  private rowOf(id: string): number | undefined {
    const order = this.idOrder;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.rows[order[mid] as number] as SearchDoc).id < id) lo = mid + 1;
      else hi = mid;
    }
    const row = order[lo];
    return row !== undefined && (this.rows[row] as SearchDoc).id === id ? row : undefined;
  }

  private setExperts(row: number, ids: readonly string[]): void {
    const codes: number[] = [];
    appendCodes(codes, ids, this.dict.experts, sameId);
    const start = this.expertStart[row] as number;
    const capacity = (this.expertEnd[row] as number) - start;
    if (codes.length <= capacity) {
      this.expertCodes.set(codes, start);
      this.expertEnd[row] = start + codes.length;
      this.expertGarbage += capacity - codes.length;
      return;
    }
    this.expertGarbage += capacity;
    if (this.expertGarbage > this.n && this.expertGarbage * 2 > this.expertUsed) this.compactExperts();
    if (this.expertUsed + codes.length > this.expertCodes.length) {
      const grown = new Uint32Array(Math.max(16, (this.expertUsed + codes.length) * 2));
      grown.set(this.expertCodes.subarray(0, this.expertUsed));
      this.expertCodes = grown;
    }
    this.expertCodes.set(codes, this.expertUsed);
    this.expertStart[row] = this.expertUsed;
    this.expertUsed += codes.length;
    this.expertEnd[row] = this.expertUsed;
  }

  private compactExperts(): void {
    const compact = new Uint32Array(this.expertCodes.length);
    let used = 0;
    for (let row = 0; row < this.n; row++) {
      const start = this.expertStart[row] as number;
      const end = this.expertEnd[row] as number;
      compact.set(this.expertCodes.subarray(start, end), used);
      this.expertStart[row] = used;
      used += end - start;
      this.expertEnd[row] = used;
    }
    this.expertCodes = compact;
    this.expertUsed = used;
    this.expertGarbage = 0;
  }
}

export function buildCatalogIndex(docs: readonly SearchDoc[]): CatalogIndex {
  return new CatalogIndex(docs);
}

function flagsOf(doc: SearchDoc): number {
  return (
    (doc.isAvailable ? F_AVAILABLE : 0) |
    (doc.isHorecaAvailable ? F_HORECA : 0) |
    (doc.expertCount > 0 ? F_EXPERT : 0)
  );
}

function sameId(id: string): string {
  return id;
}

/** Appends the distinct codes of a wine's values (empty values left out). */
function appendCodes(
  list: number[],
  values: readonly string[],
  dictionary: Dictionary,
  toId: (name: string) => string,
): void {
  const start = list.length;
  for (const value of values) {
    if (!value) continue;
    const c = dictionary.codeOf(value, toId);
    let seen = false;
    for (let i = start; i < list.length; i++) {
      if (list[i] === c) {
        seen = true;
        break;
      }
    }
    if (!seen) list.push(c);
  }
}

function selection(dictionary: Dictionary, ids: readonly string[] | undefined): Uint8Array | null {
  if (ids === undefined || ids.length === 0) return null;
  const marks = new Uint8Array(dictionary.size);
  for (const id of ids) {
    const code = dictionary.lookup(id);
    if (code !== undefined) marks[code] = 1;
  }
  return marks;
}

function anySelected(marks: Uint8Array, codes: Codes | Uint32Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (marks[codes[i] as number] === 1) return true;
  return false;
}

function facetList(
  dictionary: Dictionary,
  counts: Uint32Array,
  selected: readonly string[] | undefined,
): FacetValue[] {
  const size = dictionary.size;
  const { rank, byRank } = dictionary.order();
  let top: number[] = [];
  for (let code = 1; code < size; code++) if ((counts[code] as number) > 0) top.push(code);
  if (top.length <= FACET_LIMIT) {
    top.sort(
      (a, b) => (counts[b] as number) - (counts[a] as number) || (rank[a] as number) - (rank[b] as number),
    );
  } else {
    // One number per value, larger first: the count, then the earlier name.
    const keys = new Float64Array(top.length);
    top.forEach((code, i) => {
      keys[i] = (counts[code] as number) * size + (size - 1 - (rank[code] as number));
    });
    keys.sort();
    top = [];
    for (let i = keys.length - 1; i >= keys.length - FACET_LIMIT; i--) {
      top.push(byRank[size - 1 - ((keys[i] as number) % size)] as number);
    }
  }
  const value = (code: number): FacetValue => ({
    id: dictionary.ids[code] as string,
    name: dictionary.names[code] as string,
    count: counts[code] as number,
  });
  if (selected === undefined || selected.length === 0) return top.map(value);

  // Values the query selected join the list in order (count, then name).
  const entries = top.map((code) => ({ code, value: value(code) }));
  const listed = new Set(top);
  const unknown = new Set<string>();
  for (const id of selected) {
    const code = dictionary.lookup(id);
    if (code === undefined) {
      if (!unknown.has(id)) entries.push({ code: 0, value: { id, name: id, count: 0 } });
      unknown.add(id);
    } else if (!listed.has(code)) {
      listed.add(code);
      entries.push({ code, value: value(code) });
    }
  }
  entries.sort(
    (a, b) =>
      b.value.count - a.value.count ||
      (a.code > 0 && b.code > 0
        ? (rank[a.code] as number) - (rank[b.code] as number)
        : compareFacetValues(a.value, b.value)),
  );
  return entries.map((entry) => entry.value);
}

/** The letters a term uses, one bit each (a–z; digits share a bit; other characters share five). */
function signature(term: string): number {
  let bits = 0;
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i);
    if (c >= 97 && c <= 122) bits |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) bits |= 1 << 26;
    else bits |= 1 << (27 + (c % 5));
  }
  return bits;
}

function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Optimal string alignment distance from a token of at most 31 characters, bit-parallel (Hyyrö's
 * extension of Myers' algorithm to transpositions): one pass over the term, a few word operations per
 * character. Bit i of a mask stands for the token's character i.
 */
class TokenMasks {
  private readonly ascii = new Int32Array(128);
  private readonly other = new Map<number, number>();
  private readonly length: number;

  constructor(token: string) {
    this.length = token.length;
    for (let i = 0; i < token.length; i++) {
      const c = token.charCodeAt(i);
      if (c < 128) this.ascii[c] = (this.ascii[c] as number) | (1 << i);
      else this.other.set(c, (this.other.get(c) ?? 0) | (1 << i));
    }
  }

  distance(term: string): number {
    const high = 1 << (this.length - 1);
    let vp = -1;
    let vn = 0;
    let d0 = 0;
    let previousMatch = 0;
    let distance = this.length;
    for (let j = 0; j < term.length; j++) {
      const c = term.charCodeAt(j);
      const match = c < 128 ? (this.ascii[c] as number) : (this.other.get(c) ?? 0);
      d0 = ((~d0 & match) << 1) & previousMatch;
      d0 = d0 | (((match & vp) + vp) ^ vp) | match | vn;
      let hp = vn | ~(d0 | vp);
      let hn = d0 & vp;
      if (hp & high) distance++;
      else if (hn & high) distance--;
      hp = (hp << 1) | 1;
      hn = hn << 1;
      vp = hn | ~(d0 | hp);
      vn = d0 & hp;
      previousMatch = match;
    }
    return distance;
  }
}

/**
 * Optimal string alignment distance between the token's codes and a term is ≤ k: the same rule as
 * `editDistanceAtMost`, over three reused rows, stopping once a whole row is over k.
 */
function withinEdits(q: Int32Array, term: string, k: number, rows: Int32Array): boolean {
  const m = term.length;
  const width = m + 1;
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j <= m; j++) rows[previous + j] = j;
  for (let i = 1; i <= q.length; i++) {
    const a = q[i - 1] as number;
    const a0 = i > 1 ? (q[i - 2] as number) : -1;
    rows[current] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const b = term.charCodeAt(j - 1);
      let value = (rows[previous + j - 1] as number) + (a === b ? 0 : 1);
      const deletion = (rows[previous + j] as number) + 1;
      if (deletion < value) value = deletion;
      const insertion = (rows[current + j - 1] as number) + 1;
      if (insertion < value) value = insertion;
      if (i > 1 && j > 1 && a === term.charCodeAt(j - 2) && a0 === b) {
        const transposition = (rows[before + j - 2] as number) + 1;
        if (transposition < value) value = transposition;
      }
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > k) return false;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  return (rows[previous + m] as number) <= k;
}

/** The number written at `text[from, from + count)`, or -1 if those are not all digits. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** `Date.parse`, with a fast path for the `toISOString` form ("2024-05-01T12:00:00.000Z") of stored times. */
export function isoTime(text: string): number {
  if (
    text.length !== 24 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== 'T' ||
    text[13] !== ':' ||
    text[16] !== ':' ||
    text[19] !== '.' ||
    text[23] !== 'Z'
  ) {
    return Date.parse(text);
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const milli = digits(text, 20, 3);
  // Anything unusual (and days past the 28th, which not every month has) goes the slow way.
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > 28 || hour < 0 || hour > 23) {
    return Date.parse(text);
  }
  if (minute < 0 || minute > 59 || second < 0 || second > 59 || milli < 0) return Date.parse(text);
  return Date.UTC(year, month - 1, day, hour, minute, second, milli);
}
