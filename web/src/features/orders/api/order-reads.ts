import { queryOptions } from '@tanstack/react-query';
import { getCellarWine } from '../../cellar/api/get-cellar-wine';
import { listCellarWines } from '../../cellar/api/list-cellar-wines';
import { searchWines } from '../../wines/api/search-wines';

/** The wines an order line may be for, found by name: the cellar's own, or the whole catalogue. */

export function orderCellarWinesQuery(userId: string, term: string) {
  return queryOptions({
    queryKey: ['order-wines', userId, 'pick', term] as const,
    queryFn: ({ signal }) => listCellarWines(userId, { search: term, resultsPerPage: 8, page: 1 }, signal),
  });
}

export function orderCatalogueQuery(term: string) {
  return queryOptions({
    queryKey: ['order-catalogue', term] as const,
    queryFn: ({ signal }) =>
      searchWines({ search: term, isAvailable: false, isRatedByExpert: false, resultsPerPage: 8 }, signal),
  });
}

/** One cellar wine an order line is for, as it now is (its stock and purchase price before receiving). */
export function orderCellarWineQuery(userId: string, ownWineId: string) {
  return queryOptions({
    queryKey: ['order-wines', userId, 'one', ownWineId] as const,
    queryFn: ({ signal }) => getCellarWine(userId, ownWineId, signal),
  });
}
