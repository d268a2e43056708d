import { FacetColumns } from './facet-columns';
import { flagsOf } from './facet-columns-data';
import { emptyFacets, facetLists, originDepth } from './facets';
import { type Paging, readPage } from './paging';
import { asWords, type ReadQuery, readQuery } from './query-text';
import { DocArray, DocColumns, type Docs, writeDocColumns } from './snapshot-codec';
import type { SectionReader, SectionWriter } from './snapshot-sections';
import {
  buildSortOrders,
  compareIds,
  inverse,
  moveInOrder,
  readSortOrders,
  type SortOrders,
  writeSortOrders,
} from './sort-order';
import { TermIndex } from './term-index';
import { ranksByMatch, textTokens } from './text-match';
import type { IndexQuery, IndexResult, SearchDoc, SearchDocStats } from './types';

/**
 * The in-memory catalogue index (D14): typed-array columns over the catalogue, answering free text,
 * facet filters, disjunctive facet counts and sorting in one pass over the candidate rows.
 *
 * The parts live beside it by use case: facet columns and their one filtering pass
 * (facet-columns.ts, facet-dictionary.ts, facets.ts), sort orders and paging (sort-order.ts,
 * paging.ts), the search vocabulary (term-index.ts), text matching (text-match.ts) and typo
 * tolerance (typos.ts).
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

export class CatalogIndex {
  /** The wines by row: objects when built, columns made into wines as asked for when loaded. */
  private readonly rows: Docs;
  private readonly n: number;

  /** Rows in id order, and each row's place in it (the tie-break of every sort). */
  private readonly idOrder: Uint32Array;
  /** Made the first time a rating changes, when loaded. */
  private idRanks: Uint32Array | undefined;

  private readonly columns: FacetColumns;
  /** NaN: not rated. */
  private readonly rating: Float64Array;
  private readonly orders: SortOrders;
  private readonly terms: TermIndex;

  /**
   * The row of each document in the order the index was given them. Rows are clustered by category,
   * origin and producer (`clusterOrder`), so a query's matches sit in runs of rows and the filtering
   * pass reads its columns nearly in order; `docs()` still yields the documents as given.
   */
  private readonly givenRows: Uint32Array;

  /** The rows the last query matched, in candidate order, each stamped with the query's generation. */
  private readonly matches: Uint32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;

  private readonly paging: Paging;

  /** Built from the documents, or loaded from a snapshot of a built index (`write`) without a build. */
  constructor(given: readonly SearchDoc[] | SectionReader, options: { paging?: Paging } = {}) {
    this.paging = options.paging ?? 'cheaper';
    if (!Array.isArray(given)) {
      const from = given as SectionReader;
      const rows = new DocColumns(from);
      this.rows = rows;
      this.n = rows.size;
      this.idOrder = from.u32('index.idOrder');
      this.givenRows = from.u32('index.givenRows');
      // Prices and ratings are kept once, with the documents.
      this.columns = new FacetColumns(from, rows.column('priceMinor'));
      this.rating = rows.column('rating');
      this.orders = readSortOrders(from);
      this.terms = new TermIndex(from, rows.size);
      this.matches = new Uint32Array(rows.size);
      this.stamp = new Uint32Array(rows.size);
      return;
    }
    const n = given.length;
    const clustered = clusterOrder(given);
    const docs = Array.from(clustered, (i) => given[i] as SearchDoc);
    const givenRows = new Uint32Array(n);
    for (let row = 0; row < n; row++) givenRows[clustered[row] as number] = row;
    this.givenRows = givenRows;
    this.rows = new DocArray(docs);
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
    this.idRanks = idRank;

    this.columns = new FacetColumns(docs, givenRows);
    const rating = new Float64Array(n);
    for (let row = 0; row < n; row++) rating[row] = (docs[row] as SearchDoc).rating ?? Number.NaN;
    this.rating = rating;
    this.orders = buildSortOrders(docs, idOrder, rating, this.columns.price);
    this.terms = new TermIndex(docs);

    this.matches = new Uint32Array(n);
    this.stamp = new Uint32Array(n);
  }

  /**
   * Writes the built index into a snapshot: its typed arrays as they are, the vocabulary and
   * dictionaries as tables, the documents as columns. `loadCatalogIndex` reads it back without a build.
   */
  write(out: SectionWriter): void {
    const docs = Array.from({ length: this.n }, (_, row) => this.rows.doc(row));
    writeDocColumns(docs, out);
    out.array('index.idOrder', this.idOrder);
    out.array('index.givenRows', this.givenRows);
    this.columns.write(out);
    writeSortOrders(this.orders, out);
    this.terms.write(out);
  }

  get size(): number {
    return this.n;
  }

  private get idRank(): Uint32Array {
    this.idRanks ??= inverse(this.idOrder);
    return this.idRanks;
  }

  /** Distinct search terms: the vocabulary typo tolerance looks through. */
  get vocabularySize(): number {
    return this.terms.size;
  }

  /** Every wine (a loaded index makes each one from its columns the first time). */
  *docs(): IterableIterator<SearchDoc> {
    for (let i = 0; i < this.n; i++) yield this.rows.doc(this.givenRows[i] as number);
  }

  get(id: string): SearchDoc | undefined {
    const row = this.rowOf(id);
    return row === undefined ? undefined : this.rows.doc(row);
  }

  /** The stored name of an origin (`frankrike`, `frankrike.burgund`, …), as its facet names it. */
  originName(id: string): string | undefined {
    const depth = originDepth(id);
    const dictionary =
      depth === 1
        ? this.columns.dict.countries
        : depth === 2
          ? this.columns.dict.regions
          : this.columns.dict.subRegions;
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
    const doc = this.rows.doc(row);
    const updated: SearchDoc = {
      ...doc,
      expertIds: [...stats.expertIds],
      rating: stats.rating,
      expertRating: stats.expertRating,
      expertCount: stats.expertCount,
      communityRating: stats.communityRating,
      communityCount: stats.communityCount,
    };
    this.rows.replace(row, updated);
    this.columns.flags[row] = flagsOf(updated);
    this.columns.setExperts(row, updated.expertIds);
    const before = this.rating[row] as number;
    const after = updated.rating ?? Number.NaN;
    if (!Object.is(before, after)) moveInOrder(this.orders.rating, this.rating, this.idRank, row, after);
    return true;
  }

  search(query: IndexQuery): IndexResult {
    // A year among the words is the vintage asked for when the catalogue has it (`readQuery`); when that
    // leaves nothing, the year is a word of a name ("Cune Reserva 2009/2010").
    if (!query.text) return this.searchRead(query, { tokens: [] });
    const words = textTokens(query.text);
    const read = readQuery(words, (year) => this.columns.dict.vintages.lookup(year) !== undefined);
    const found = this.searchRead(query, read);
    return read.vintage !== undefined && found.count === 0 ? this.searchRead(query, asWords(words)) : found;
  }

  private searchRead(query: IndexQuery, read: ReadQuery): IndexResult {
    const n = this.n;

    // Candidates: the rows every query token matches, narrowed to `onlyIds`; null means every row.
    let candidates: Uint32Array | null = null;
    let candidateCount = n;
    const tokens = read.tokens;
    const textVintage =
      read.vintage === undefined ? -1 : (this.columns.dict.vintages.lookup(read.vintage) as number);
    if (tokens.length > 0) {
      candidates = this.terms.candidates;
      candidateCount = this.terms.match(tokens);
    }
    if (query.onlyIds !== undefined) {
      const only: number[] = [];
      if (candidates === null || candidateCount > 0) {
        for (const id of query.onlyIds) {
          const row = this.rowOf(id);
          if (row !== undefined && (tokens.length === 0 || this.terms.tokenHits[row] === tokens.length))
            only.push(row);
        }
      }
      candidates = Uint32Array.from(only);
      candidateCount = only.length;
    }

    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const { matched, counts } = this.columns.filter(query, candidates, candidateCount, textVintage, {
      matches: this.matches,
      stamp: this.stamp,
      generation: this.generation,
    });

    const rows = readPage(
      {
        size: n,
        doc: (row) => this.rows.doc(row),
        matches: this.matches,
        stamp: this.stamp,
        generation: this.generation,
        matchRank: this.terms.matchRank,
        paging: this.paging,
      },
      this.orders[query.sortColumn],
      query,
      matched,
      ranksByMatch(query, tokens.length),
    );
    return {
      rows,
      count: matched,
      facets: counts === null ? emptyFacets() : facetLists(this.columns.dict, counts, query),
    };
  }

  private rowOf(id: string): number | undefined {
    const order = this.idOrder;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.rows.id(order[mid] as number) < id) lo = mid + 1;
      else hi = mid;
    }
    const row = order[lo];
    return row !== undefined && this.rows.id(row) === id ? row : undefined;
  }
}

export function buildCatalogIndex(docs: readonly SearchDoc[]): CatalogIndex {
  return new CatalogIndex(docs);
}

/**
 * Positions of `docs` in cluster order: category, country, region, sub-region, producer (code-unit
 * order of each; ties keep the given order). Only the layout changes: every answer is the same.
 */
function clusterOrder(docs: readonly SearchDoc[]): Uint32Array {
  const keys = docs.map(
    (doc) =>
      `${doc.mainCategoryId}\u0000${doc.country ?? ''}\u0000${doc.region ?? ''}\u0000${doc.subRegion ?? ''}\u0000${doc.producer ?? ''}`,
  );
  const order = Uint32Array.from(docs, (_, i) => i);
  return order.sort((a, b) => compareIds(keys[a] as string, keys[b] as string) || a - b);
}

/** An index loaded from `CatalogIndex.write`'s bytes: buffer views, no build. */
export function loadCatalogIndex(from: SectionReader): CatalogIndex {
  return new CatalogIndex(from);
}
