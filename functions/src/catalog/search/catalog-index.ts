import { FACETS, type FacetName, type FacetValue, facetId, foldText, originId } from '@kork/shared';
import type { IndexQuery, IndexResult, SearchDoc, SearchDocStats } from './types';

/**
 * The in-memory catalogue index (D14): typed-array columns over the catalogue, answering free text,
 * facet filters, disjunctive facet counts and sorting in one pass over the candidate rows.
 *
 * - Single-valued facets are dictionary codes per row (code 0: the wine has no value); grapes and food
 *   are CSR lists (offsets + codes); expert ids are start/end ranges into a growable code array so a
 *   tasting note can change them in place.
 * - Each sort column has a precomputed permutation (and its inverse); a page is read by walking the
 *   permutation over the rows the pass stamped, or, for few matches, by sorting their positions.
 * - Text is a sorted vocabulary of folded terms with posting lists. A query token matches a term when
 *   `termMatches` says so; prefixes are a range of the sorted vocabulary, typos are found by walking the
 *   vocabulary as a trie with an edit-distance row per character, pruning a branch once every cell of
 *   its row is over the allowed distance.
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

/**
 * Whether a folded query token matches a folded term: equal; a prefix of it (tokens of two characters
 * or more: typing as you go); or within `maxEdits` typos.
 */
export function termMatches(token: string, term: string): boolean {
  if (token === term) return true;
  if (token.length >= 2 && term.startsWith(token)) return true;
  const k = maxEdits(token.length);
  return k > 0 && editDistanceAtMost(token, term, k);
}

/** The text a wine is found by. */
export function searchableText(doc: SearchDoc): string[] {
  const fields = [doc.name, doc.producer, doc.country, doc.region, doc.subRegion, ...doc.grapes];
  return fields.filter((field): field is string => typeof field === 'string' && field !== '');
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
  private order: Uint32Array | undefined;

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
      this.order = undefined;
    }
    return code;
  }

  lookup(id: string): number | undefined {
    return this.codes.get(id);
  }

  /** Each code's place in (name, id) order, for picking the facet list's top values. */
  rank(): Uint32Array {
    if (this.order === undefined) {
      const byName = Array.from({ length: this.ids.length - 1 }, (_, i) => i + 1);
      byName.sort(
        (a, b) =>
          collator.compare(this.names[a] as string, this.names[b] as string) ||
          compareIds(this.ids[a] as string, this.ids[b] as string),
      );
      const order = new Uint32Array(this.ids.length);
      byName.forEach((code, place) => {
        order[code] = place;
      });
      this.order = order;
    }
    return this.order;
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

function buildOrder(keys: Float64Array, idRank: Uint32Array): SortOrder {
  const n = keys.length;
  const perm = new Uint32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  perm.sort((a, b) => compareKeys(keys, idRank, a, b));
  const place = new Uint32Array(n);
  let valued = 0;
  for (let i = 0; i < n; i++) {
    const row = perm[i] as number;
    place[row] = i;
    if (!isMissing(keys[row] as number)) valued++;
  }
  return { perm, place, valued };
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

const F_AVAILABLE = 1;
const F_HORECA = 2;
const F_EXPERT = 4;

/**
 * A page is read either by walking the sort order until it holds `end` matches (about end × n / matches
 * steps, at most n) or by sorting the places of the matches (typed-array sort: a fraction of
 * matches × log2 matches); the cheaper is taken.
 */
function sortIsCheaper(matched: number, end: number, n: number): boolean {
  return matched * Math.log2(matched + 1) * 0.25 < Math.min(n, (end * n) / matched);
}

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
}

function emptyFacets(): Record<FacetName, FacetValue[]> {
  return Object.fromEntries(FACETS.map((facet) => [facet, []])) as unknown as Record<FacetName, FacetValue[]>;
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

  /** Sorted folded terms, the common prefix length of each with the one before, and posting lists. */
  private readonly vocabulary: string[];
  private readonly commonPrefix: Uint16Array;
  private readonly postingOffsets: Uint32Array;
  private readonly postings: Uint32Array;

  /** Scratch space reused by every query. */
  private readonly tokenHits: Uint16Array;
  private readonly candidates: Uint32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;

  constructor(docs: readonly SearchDoc[]) {
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

    const terms = new Map<string, number[]>();
    const fieldTokens = new Map<string, string[]>();

    for (let row = 0; row < n; row++) {
      const doc = docs[row] as SearchDoc;
      category[row] = dict.categories.code(doc.mainCategoryId, doc.mainCategoryId);
      if (doc.country) {
        country[row] = dict.countries.code(originId(doc.country), doc.country);
        if (doc.region) {
          region[row] = dict.regions.code(originId(doc.country, doc.region), doc.region);
          if (doc.subRegion) {
            subRegion[row] = dict.subRegions.code(
              originId(doc.country, doc.region, doc.subRegion),
              doc.subRegion,
            );
          }
        }
      }
      if (doc.producer) manufacturer[row] = dict.manufacturers.code(facetId(doc.producer), doc.producer);
      const size = bottleSizeId(doc.bottleSize);
      bottle[row] = dict.bottleSizes.code(size, size);
      if (doc.storeCategory) store[row] = dict.stores.code(facetId(doc.storeCategory), doc.storeCategory);
      const year = vintageId(doc.vintage);
      vintage[row] = dict.vintages.code(year, year);
      appendCodes(grapeList, doc.grapes, (name) => dict.grapes.code(facetId(name), name));
      grapeOffsets[row + 1] = grapeList.length;
      appendCodes(foodList, doc.food, (name) => dict.food.code(facetId(name), name));
      foodOffsets[row + 1] = foodList.length;
      expertStart[row] = expertList.length;
      appendCodes(expertList, doc.expertIds, (id) => dict.experts.code(id, id));
      expertEnd[row] = expertList.length;

      price[row] = typeof doc.priceMinor === 'number' ? doc.priceMinor : Number.NaN;
      rating[row] = doc.rating ?? Number.NaN;
      flags[row] = flagsOf(doc);
      vintageKey[row] = doc.vintage ?? Number.NaN;
      newestKey[row] = Date.parse(doc.createdAt);

      for (const field of searchableText(doc)) {
        let tokens = fieldTokens.get(field);
        if (tokens === undefined) {
          tokens = textTokens(field);
          fieldTokens.set(field, tokens);
        }
        for (const token of tokens) {
          let posting = terms.get(token);
          if (posting === undefined) {
            posting = [];
            terms.set(token, posting);
          }
          if (posting[posting.length - 1] !== row) posting.push(row);
        }
      }
    }

    this.category = narrow(category, dict.categories.size);
    this.country = narrow(country, dict.countries.size);
    this.region = narrow(region, dict.regions.size);
    this.subRegion = narrow(subRegion, dict.subRegions.size);
    this.manufacturer = narrow(manufacturer, dict.manufacturers.size);
    this.bottle = narrow(bottle, dict.bottleSizes.size);
    this.store = narrow(store, dict.stores.size);
    this.vintage = narrow(vintage, dict.vintages.size);
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

    const names = [...new Set(docs.map((doc) => doc.name))].sort(collator.compare);
    const nameRank = new Map<string, number>();
    let rank = 0;
    names.forEach((name, i) => {
      if (i > 0 && collator.compare(names[i - 1] as string, name) !== 0) rank++;
      nameRank.set(name, rank);
    });
    const nameKey = new Float64Array(n);
    for (let row = 0; row < n; row++) nameKey[row] = nameRank.get((docs[row] as SearchDoc).name) as number;
    this.orders = {
      rating: buildOrder(rating, idRank),
      price: buildOrder(price, idRank),
      name: buildOrder(nameKey, idRank),
      vintage: buildOrder(vintageKey, idRank),
      newest: buildOrder(newestKey, idRank),
    };

    const vocabulary = [...terms.keys()].sort((a, b) => compareIds(a, b));
    const commonPrefix = new Uint16Array(vocabulary.length);
    const postingOffsets = new Uint32Array(vocabulary.length + 1);
    let total = 0;
    vocabulary.forEach((term, i) => {
      total += (terms.get(term) as number[]).length;
      postingOffsets[i + 1] = total;
      if (i > 0) {
        const before = vocabulary[i - 1] as string;
        const limit = Math.min(before.length, term.length, 0xffff);
        let common = 0;
        while (common < limit && before.charCodeAt(common) === term.charCodeAt(common)) common++;
        commonPrefix[i] = common;
      }
    });
    const postings = new Uint32Array(total);
    vocabulary.forEach((term, i) => {
      postings.set(terms.get(term) as number[], postingOffsets[i] as number);
    });
    this.vocabulary = vocabulary;
    this.commonPrefix = commonPrefix;
    this.postingOffsets = postingOffsets;
    this.postings = postings;

    this.tokenHits = new Uint16Array(n);
    this.candidates = new Uint32Array(n);
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
    const tokens = query.text ? [...new Set(textTokens(query.text))] : [];
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
        }
      : null;
    // A row may fail one facet group and still count toward that group's facet (disjunctive facets).
    const allowedFailures = wantFacets ? 1 : 0;

    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const generation = this.generation;
    const stamp = this.stamp;
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
    const grapeOffsets = this.grapeOffsets;
    const grapeCodes = this.grapeCodes;
    const foodOffsets = this.foodOffsets;
    const foodCodes = this.foodCodes;
    const expertStart = this.expertStart;
    const expertEnd = this.expertEnd;
    const expertCodes = this.expertCodes;

    let matched = 0;
    let lastMatch = 0;
    for (let c = 0; c < candidateCount; c++) {
      const row = candidates === null ? c : (candidates[c] as number);
      if (((flags[row] as number) & required) !== required) continue;
      if (priceActive) {
        const p = price[row] as number;
        if (!(p >= minPrice && p <= maxPrice)) continue;
      }
      let failures = 0;
      let failed = -1;
      if (categorySel !== null && categorySel[category[row] as number] === 0) {
        failures++;
        failed = G_CATEGORY;
        if (failures > allowedFailures) continue;
      }
      if (
        originActive &&
        ((countrySel as Uint8Array)[country[row] as number] as number) +
          ((regionSel as Uint8Array)[region[row] as number] as number) +
          ((subRegionSel as Uint8Array)[subRegion[row] as number] as number) ===
          0
      ) {
        failures++;
        failed = G_ORIGIN;
        if (failures > allowedFailures) continue;
      }
      if (
        grapeSel !== null &&
        !anySelected(grapeSel, grapeCodes, grapeOffsets[row] as number, grapeOffsets[row + 1] as number)
      ) {
        failures++;
        failed = G_GRAPE;
        if (failures > allowedFailures) continue;
      }
      if (
        foodSel !== null &&
        !anySelected(foodSel, foodCodes, foodOffsets[row] as number, foodOffsets[row + 1] as number)
      ) {
        failures++;
        failed = G_FOOD;
        if (failures > allowedFailures) continue;
      }
      if (manufacturerSel !== null && manufacturerSel[manufacturer[row] as number] === 0) {
        failures++;
        failed = G_MANUFACTURER;
        if (failures > allowedFailures) continue;
      }
      if (bottleSel !== null && bottleSel[bottle[row] as number] === 0) {
        failures++;
        failed = G_BOTTLE;
        if (failures > allowedFailures) continue;
      }
      if (storeSel !== null && storeSel[store[row] as number] === 0) {
        failures++;
        failed = G_STORE;
        if (failures > allowedFailures) continue;
      }
      if (vintageSel !== null && vintageSel[vintage[row] as number] === 0) {
        failures++;
        failed = G_VINTAGE;
        if (failures > allowedFailures) continue;
      }
      if (
        expertSel !== null &&
        !anySelected(expertSel, expertCodes, expertStart[row] as number, expertEnd[row] as number)
      ) {
        failures++;
        failed = G_EXPERT;
        if (failures > allowedFailures) continue;
      }
      if (failures === 0) {
        stamp[row] = generation;
        matched++;
        lastMatch = row;
        if (counts !== null) this.countAll(counts, row);
      } else if (counts !== null) {
        this.countGroup(counts, failed, row);
      }
    }

    const rows = this.page(query, candidates, candidateCount, matched, lastMatch);
    return {
      rows,
      count: matched,
      facets: counts === null ? emptyFacets() : this.facetLists(counts, query),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Text

  /** Fills `candidates` with the rows every token matches; `tokenHits[row]` counts the tokens matched. */
  private matchText(tokens: string[]): number {
    const hits = this.tokenHits;
    hits.fill(0);
    const offsets = this.postingOffsets;
    const postings = this.postings;
    const candidates = this.candidates;
    const last = tokens.length - 1;
    let count = 0;
    for (let t = 0; t <= last; t++) {
      const termIds = this.matchingTerms(tokens[t] as string);
      if (termIds.length === 0) return 0;
      const next = t + 1;
      for (const term of termIds) {
        const end = offsets[term + 1] as number;
        for (let p = offsets[term] as number; p < end; p++) {
          const row = postings[p] as number;
          if (hits[row] === t) {
            hits[row] = next;
            if (t === last) candidates[count++] = row;
          }
        }
      }
    }
    return count;
  }

  /** Vocabulary positions of the terms a token matches (`termMatches`); may repeat a position. */
  private matchingTerms(token: string): number[] {
    const vocabulary = this.vocabulary;
    const found: number[] = [];
    let i = lowerBound(vocabulary, token);
    if (token.length >= 2) {
      while (i < vocabulary.length && (vocabulary[i] as string).startsWith(token)) found.push(i++);
    } else if (vocabulary[i] === token) {
      found.push(i);
    }
    const k = maxEdits(token.length);
    if (k > 0) this.matchTypos(token, k, found);
    return found;
  }

  /**
   * The terms within `k` edits of the token (optimal string alignment). The sorted vocabulary is walked
   * as a trie: the edit-distance rows of a shared prefix are kept, and once a row's smallest cell is
   * over `k` no longer term can come back under it, so every term with that prefix is skipped.
   */
  private matchTypos(token: string, k: number, found: number[]): void {
    const vocabulary = this.vocabulary;
    const commonPrefix = this.commonPrefix;
    const size = vocabulary.length;
    const length = token.length;
    const width = length + 1;
    const maxDepth = length + k;
    const q = new Int32Array(length);
    for (let j = 0; j < length; j++) q[j] = token.charCodeAt(j);
    const rows = new Int32Array((maxDepth + 1) * width);
    for (let j = 0; j <= length; j++) rows[j] = j;

    let valid = 0;
    let i = 0;
    while (i < size) {
      const term = vocabulary[i] as string;
      const last = Math.min(term.length, maxDepth);
      let depth = Math.min(valid, commonPrefix[i] as number);
      let pruned = false;
      while (depth < last) {
        depth++;
        const base = depth * width;
        const previous = base - width;
        const c = term.charCodeAt(depth - 1);
        const before = depth > 1 ? term.charCodeAt(depth - 2) : -1;
        rows[base] = depth;
        let rowMin = depth;
        for (let j = 1; j <= length; j++) {
          const qj = q[j - 1] as number;
          let value = (rows[previous + j - 1] as number) + (c === qj ? 0 : 1);
          const deletion = (rows[previous + j] as number) + 1;
          if (deletion < value) value = deletion;
          const insertion = (rows[base + j - 1] as number) + 1;
          if (insertion < value) value = insertion;
          if (j > 1 && before === qj && c === q[j - 2]) {
            const transposition = (rows[previous - width + j - 2] as number) + 1;
            if (transposition < value) value = transposition;
          }
          rows[base + j] = value;
          if (value < rowMin) rowMin = value;
        }
        if (rowMin > k) {
          pruned = true;
          break;
        }
      }
      if (pruned) {
        valid = depth - 1;
        i++;
        while (i < size && (commonPrefix[i] as number) >= depth) i++;
        continue;
      }
      valid = last;
      if (term.length <= maxDepth && (rows[term.length * width + length] as number) <= k) found.push(i);
      i++;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Facets

  private countAll(counts: Counts, row: number): void {
    bump(counts.categories, this.category[row] as number);
    bump(counts.countries, this.country[row] as number);
    bump(counts.regions, this.region[row] as number);
    bump(counts.subRegions, this.subRegion[row] as number);
    countList(
      counts.grapes,
      this.grapeCodes,
      this.grapeOffsets[row] as number,
      this.grapeOffsets[row + 1] as number,
    );
    countList(
      counts.food,
      this.foodCodes,
      this.foodOffsets[row] as number,
      this.foodOffsets[row + 1] as number,
    );
    bump(counts.manufacturers, this.manufacturer[row] as number);
    bump(counts.bottleSizes, this.bottle[row] as number);
    bump(counts.stores, this.store[row] as number);
    bump(counts.vintages, this.vintage[row] as number);
    countList(
      counts.experts,
      this.expertCodes,
      this.expertStart[row] as number,
      this.expertEnd[row] as number,
    );
  }

  private countGroup(counts: Counts, group: number, row: number): void {
    switch (group) {
      case G_CATEGORY:
        bump(counts.categories, this.category[row] as number);
        break;
      case G_ORIGIN:
        bump(counts.countries, this.country[row] as number);
        bump(counts.regions, this.region[row] as number);
        bump(counts.subRegions, this.subRegion[row] as number);
        break;
      case G_GRAPE:
        countList(
          counts.grapes,
          this.grapeCodes,
          this.grapeOffsets[row] as number,
          this.grapeOffsets[row + 1] as number,
        );
        break;
      case G_FOOD:
        countList(
          counts.food,
          this.foodCodes,
          this.foodOffsets[row] as number,
          this.foodOffsets[row + 1] as number,
        );
        break;
      case G_MANUFACTURER:
        bump(counts.manufacturers, this.manufacturer[row] as number);
        break;
      case G_BOTTLE:
        bump(counts.bottleSizes, this.bottle[row] as number);
        break;
      case G_STORE:
        bump(counts.stores, this.store[row] as number);
        break;
      case G_VINTAGE:
        bump(counts.vintages, this.vintage[row] as number);
        break;
      case G_EXPERT:
        countList(
          counts.experts,
          this.expertCodes,
          this.expertStart[row] as number,
          this.expertEnd[row] as number,
        );
        break;
    }
  }

  private facetLists(counts: Counts, query: IndexQuery): Record<FacetName, FacetValue[]> {
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
    };
    const facets = {} as Record<FacetName, FacetValue[]>;
    for (const facet of FACETS) facets[facet] = facetList(this.dict[facet], counts[facet], selected[facet]);
    return facets;
  }

  // ---------------------------------------------------------------------------------------------
  // Sorting and paging

  private page(
    query: IndexQuery,
    candidates: Uint32Array | null,
    candidateCount: number,
    matched: number,
    lastMatch: number,
  ): SearchDoc[] {
    const start = Math.max(0, Math.floor(query.offset));
    const end = Math.min(matched, start + Math.max(0, Math.floor(query.limit)));
    if (start >= end) return [];
    const order = this.orders[query.sortColumn];
    const n = this.n;
    const { perm, place, valued } = order;
    const descending = query.sortDirection === 'desc';
    const rows = this.rows;
    const out: SearchDoc[] = [];

    if (matched === 1) return [rows[lastMatch] as SearchDoc];

    const stamp = this.stamp;
    const generation = this.generation;
    if (candidates !== null && sortIsCheaper(matched, end, n)) {
      // Few matches: sort their places in the order.
      const places = new Uint32Array(matched);
      let m = 0;
      for (let c = 0; c < candidateCount; c++) {
        const row = candidates[c] as number;
        if (stamp[row] !== generation) continue;
        const p = place[row] as number;
        places[m++] = !descending ? p : p < valued ? valued - 1 - p : valued + (n - 1 - p);
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
    appendCodes(codes, ids, (id) => this.dict.experts.code(id, id));
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

/** Appends the distinct codes of a wine's values (empty values left out). */
function appendCodes(list: number[], values: readonly string[], code: (value: string) => number): void {
  const start = list.length;
  for (const value of values) {
    if (!value) continue;
    const c = code(value);
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

function bump(counts: Uint32Array, code: number): void {
  counts[code] = (counts[code] as number) + 1;
}

function countList(counts: Uint32Array, codes: Codes | Uint32Array, start: number, end: number): void {
  for (let i = start; i < end; i++) bump(counts, codes[i] as number);
}

/**
 * The facet's values with a count, most frequent first, cut to FACET_LIMIT; values the query selected
 * are kept even when outside the cut or at 0.
 */
function facetList(
  dictionary: Dictionary,
  counts: Uint32Array,
  selected: readonly string[] | undefined,
): FacetValue[] {
  const size = dictionary.size;
  const rank = dictionary.rank();
  const present: number[] = [];
  for (let code = 1; code < size; code++) if ((counts[code] as number) > 0) present.push(code);
  let top = present;
  if (present.length > FACET_LIMIT) {
    // One number per value, larger first: the count, then the earlier name.
    const keys = new Float64Array(present.length);
    present.forEach((code, i) => {
      keys[i] = (counts[code] as number) * size + (size - 1 - (rank[code] as number));
    });
    keys.sort();
    const byRank = new Uint32Array(size);
    for (let code = 1; code < size; code++) byRank[rank[code] as number] = code;
    top = [];
    for (let i = keys.length - 1; i >= keys.length - FACET_LIMIT; i--) {
      const key = keys[i] as number;
      top.push(byRank[size - 1 - (key % size)] as number);
    }
  }
  const values: FacetValue[] = top.map((code) => ({
    id: dictionary.ids[code] as string,
    name: dictionary.names[code] as string,
    count: counts[code] as number,
  }));
  if (selected !== undefined && selected.length > 0) {
    const listed = new Set(values.map((value) => value.id));
    for (const id of selected) {
      if (listed.has(id)) continue;
      listed.add(id);
      const code = dictionary.lookup(id);
      values.push(
        code === undefined
          ? { id, name: id, count: 0 }
          : { id, name: dictionary.names[code] as string, count: counts[code] as number },
      );
    }
  }
  return values.sort(compareFacetValues);
}
