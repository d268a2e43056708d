/**
 * Sort orders (D14): each sort column has a precomputed permutation of the rows and its inverse, in
 * ascending (key, id) order with missing keys last in both directions. A rating change moves one row
 * within the rating permutation; nothing is re-sorted.
 */
import type { SectionReader, SectionWriter } from './snapshot-sections';
import type { SearchDoc } from './types';

/** Collation of names (and facet values) in the catalogue's language. */
export const collator = new Intl.Collator('nb');

/** Code-unit order of ids: the tie-break of every sort. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** A sort key that is missing (no rating, no price, non-vintage) sorts last in both directions. */
export function isMissing(value: number): boolean {
  return Number.isNaN(value);
}

/** Rows in ascending (key, id) order with missing keys last, and each row's place in it. */
export interface SortOrder {
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

export const SORT_KEYS = ['rating', 'price', 'name', 'vintage', 'newest'] as const;

export type SortOrders = Record<(typeof SORT_KEYS)[number], SortOrder>;

/** Every sort column's order over `docs`, given their rating and price columns (NaN: none). */
export function buildSortOrders(
  docs: readonly SearchDoc[],
  idOrder: Uint32Array,
  rating: Float64Array,
  price: Float64Array,
): SortOrders {
  const n = docs.length;
  const vintageKey = new Float64Array(n);
  const newestKey = new Float64Array(n);
  for (let row = 0; row < n; row++) {
    const doc = docs[row] as SearchDoc;
    vintageKey[row] = doc.vintage ?? Number.NaN;
    newestKey[row] = isoTime(doc.createdAt);
  }
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
  return {
    rating: buildOrder(rating, idOrder),
    price: buildOrder(price, idOrder),
    name: buildOrder(nameKey, idOrder),
    vintage: buildOrder(vintageKey, idOrder),
    newest: buildOrder(newestKey, idOrder),
  };
}

/** Writes each order's permutation into a snapshot (the places are its inverse, made again on reading). */
export function writeSortOrders(orders: SortOrders, out: SectionWriter): void {
  for (const key of SORT_KEYS) {
    out.array(`orders.${key}`, orders[key].perm);
    out.put(`orders.${key}.valued`, orders[key].valued);
  }
}

/** A loaded order: its places are made the first time a query or a rating change needs them. */
class LoadedOrder implements SortOrder {
  private inverted: Uint32Array | undefined;
  constructor(
    readonly perm: Uint32Array,
    public valued: number,
  ) {}
  get place(): Uint32Array {
    this.inverted ??= inverse(this.perm);
    return this.inverted;
  }
}

export function readSortOrders(from: SectionReader): SortOrders {
  const read = (key: (typeof SORT_KEYS)[number]): SortOrder =>
    new LoadedOrder(from.u32(`orders.${key}`), from.value<number>(`orders.${key}.valued`));
  return {
    rating: read('rating'),
    price: read('price'),
    name: read('name'),
    vintage: read('vintage'),
    newest: read('newest'),
  };
}

/** Each entry's place in a permutation. */
export function inverse(perm: Uint32Array): Uint32Array {
  const place = new Uint32Array(perm.length);
  for (let i = 0; i < perm.length; i++) place[perm[i] as number] = i;
  return place;
}

/**
 * Moves a row to its new place in an order (one shift of the permutation, no re-sort) as its key
 * changes to `key`; `keys` is the order's column, changed here too.
 */
export function moveInOrder(
  order: SortOrder,
  keys: Float64Array,
  idRank: Uint32Array,
  row: number,
  key: number,
): void {
  const { perm, place } = order;
  const n = keys.length;
  const from = place[row] as number;
  if (!isMissing(keys[row] as number)) order.valued--;
  perm.copyWithin(from, from + 1, n);
  keys[row] = key;
  if (!isMissing(key)) order.valued++;
  // Binary search over the n - 1 remaining rows.
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keys, idRank, perm[mid] as number, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  perm.copyWithin(lo + 1, lo, n - 1);
  perm[lo] = row;
  const first = Math.min(from, lo);
  const last = Math.max(from, lo);
  for (let i = first; i <= last; i++) place[perm[i] as number] = i;
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
