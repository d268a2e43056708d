import { queryOptions } from '@tanstack/react-query';
import { listOwnWines } from '../../cellar/api/list-own-wines';
import { searchWines } from '../../wines/api/search-wines';

/** The wines an order line may be for, found by name: the cellar's own, or the whole catalogue. */

export function orderCellarWinesQuery(userId: string, term: string) {
  return queryOptions({
    queryKey: ['order-wines', userId, 'pick', term] as const,
    queryFn: ({ signal }) => listOwnWines(userId, { search: term, resultsPerPage: 8, page: 1 }, signal),
  });
}

export function orderCatalogueQuery(term: string) {
  return queryOptions({
    queryKey: ['order-catalogue', term] as const,
    queryFn: ({ signal }) =>
      searchWines({ search: term, isAvailable: false, isRatedByExpert: false, resultsPerPage: 8 }, signal),
  });
}
