import { queryOptions } from '@tanstack/react-query';
import { getCellars } from '../../cellar/settings/api/get-cellars';
import { getWine } from '../../wines/api/get-wine';
import { searchWines } from '../../wines/api/search-wines';

/**
 * Reads a batch import makes of other features as query options: the cellar it writes into and the
 * catalogue its lines are matched against.
 */

/** `GET …/cellars`: the cellar an import writes into (its base currency prices the review's lines). */
export function importCellarQuery(userId: string) {
  return queryOptions({
    queryKey: ['import-cellar', userId] as const,
    queryFn: ({ signal }) => getCellars(userId, signal).then((page) => page.rows[0] ?? null),
    staleTime: 60_000,
  });
}

/** Catalogue wines (sold-out ones too) a review line may be matched with, found by name. */
export function importCatalogSearchQuery(term: string, resultsPerPage: number) {
  return queryOptions({
    queryKey: ['import-catalog-search', term] as const,
    queryFn: ({ signal }) => searchWines({ search: term, resultsPerPage, isAvailable: false }, signal),
    staleTime: 60_000,
  });
}

/** A catalogue wine picked for a line before the review was opened. */
export function importPickedWineQuery(wineId: string) {
  return queryOptions({
    queryKey: ['import-picked-wine', wineId] as const,
    queryFn: ({ signal }) => getWine(wineId, signal),
    staleTime: 5 * 60_000,
  });
}
