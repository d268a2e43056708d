/** Wines and answers as the catalogue index's tests write them. */
import type { CatalogIndex } from './catalog-index';
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
