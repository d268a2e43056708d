/**
 * Reading a page of a query's matches (D14): by walking the sort order over the rows the pass stamped
 * or, for few matches, by sorting the matches' places in it; the cheaper is taken. With text and the
 * default sort the best matches come first: a page is read per match rank, each in the sort order.
 */
import type { SortOrder } from './sort-order';
import type { IndexQuery, SearchDoc } from './types';

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

/** What a page is read from: the index's rows and what the last query's pass left. */
export interface PageSource {
  /** The catalogue's rows, and the wine of a row (made when a page asks for it). */
  readonly size: number;
  doc(row: number): SearchDoc;
  /** The rows the last query matched, in candidate order, each stamped with `generation`. */
  readonly matches: Uint32Array;
  readonly stamp: Uint32Array;
  readonly generation: number;
  /** Each matched row's match rank (ranked pages only). */
  readonly matchRank: Uint32Array;
  readonly paging: Paging;
}

/**
 * The page of the `matched` rows in `matches` (also stamped with this query's generation); `ranked`:
 * by `matchRank` first, the sort order within a rank.
 */
export function readPage(
  source: PageSource,
  order: SortOrder,
  query: IndexQuery,
  matched: number,
  ranked: boolean,
): SearchDoc[] {
  const start = Math.max(0, Math.floor(query.offset));
  const end = Math.min(matched, start + Math.max(0, Math.floor(query.limit)));
  if (start >= end) return [];
  const n = source.size;
  const { perm, place, valued } = order;
  const descending = query.sortDirection === 'desc';
  const doc = (row: number) => source.doc(row);
  const out: SearchDoc[] = [];

  const matches = source.matches;
  if (matched === 1) return [doc(matches[0] as number)];

  if (ranked) return rankedPage(source, order, descending, matched, start, end);

  const stamp = source.stamp;
  const generation = source.generation;
  if (sorts(source.paging, matched, Math.min(n, (end * n) / matched))) {
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
      out.push(doc(row as number));
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
    if (seen >= start) out.push(doc(row));
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
function rankedPage(
  source: PageSource,
  order: SortOrder,
  descending: boolean,
  matched: number,
  start: number,
  end: number,
): SearchDoc[] {
  const n = source.size;
  const { perm, place, valued } = order;
  const matches = source.matches;
  const rank = source.matchRank;
  const doc = (row: number) => source.doc(row);

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
      if (sorts(source.paging, size, Math.min(n, ((to - before) * n) / size), r)) {
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
        out[(at[r] as number) + j - (skip[r] as number)] = doc(row);
      }
      i += sizes[r] as number;
    }
  }

  const stamp = source.stamp;
  const generation = source.generation;
  const taken = new Uint32Array(worst + 1);
  for (let i = 0; i < n && shares > 0; i++) {
    const row = rowAt(i);
    if (stamp[row] !== generation) continue;
    const r = rank[row] as number;
    const got = taken[r] as number;
    if (sorted[r] === 1 || got >= (need[r] as number)) continue;
    if (got >= (skip[r] as number)) out[(at[r] as number) + got - (skip[r] as number)] = doc(row);
    taken[r] = got + 1;
    if (got + 1 === need[r]) shares--;
  }
  return out;
}

/** Whether to sort `matched` rows (of match rank `rank`) rather than walk `walk` steps of the order. */
function sorts(paging: Paging, matched: number, walk: number, rank = 0): boolean {
  switch (paging) {
    case 'cheaper':
      return sortIsCheaper(matched, walk);
    case 'alternate':
      return rank % 2 === 0;
    default:
      return paging === 'sort';
  }
}
