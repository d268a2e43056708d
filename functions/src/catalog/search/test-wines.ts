/** Wines and answers as the catalogue index's tests write them. */
import { CatalogIndex } from './catalog-index';
import type { Paging } from './paging';
import { readSections, SectionWriter } from './snapshot-sections';
import type { IndexQuery, IndexResult, SearchDoc } from './types';

let serial = 0;
export function wine(fields: Partial<SearchDoc> = {}): SearchDoc {
  serial++;
  return {
    id: `w${String(serial).padStart(4, '0')}`,
    name: `Wine ${serial}`,
    vintage: 2015,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    food: [],
    isAvailable: true,
    isHorecaAvailable: true,
    expertIds: [],
    rating: null,
    expertRating: null,
    expertCount: 0,
    communityRating: null,
    communityCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

export const base: IndexQuery = { sortColumn: 'name', sortDirection: 'asc', offset: 0, limit: 100 };

export function ids(result: IndexResult): string[] {
  return result.rows.map((row) => row.id);
}

/** Names of the rows a query finds, in order. */
export function names(index: CatalogIndex, query: Partial<IndexQuery>): string[] {
  return index.search({ ...base, ...query }).rows.map((row) => row.name);
}

/** The index of `docs` as a cold function has it: built, written into a snapshot and loaded back. */
export function loadedIndex(docs: readonly SearchDoc[], options: { paging?: Paging } = {}): CatalogIndex {
  return reloaded(new CatalogIndex(docs), options);
}

/** An index written into a snapshot and loaded back from its bytes. */
export function reloaded(index: CatalogIndex, options: { paging?: Paging } = {}): CatalogIndex {
  const out = new SectionWriter();
  index.write(out);
  return new CatalogIndex(readSections(out.bytes()), options);
}
