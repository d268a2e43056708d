import { queryOptions } from '@tanstack/react-query';
import { listCellarWines } from '../../cellar/api/list-cellar-wines';
import { listLocations } from '../../cellar/api/locations';
import { getCellars } from '../../cellar/settings/api/get-cellars';

/**
 * What the sales pages read of the cellar, as query options: its settings (base currency, glass size),
 * its locations, and its wines to pick for a sale or to filter the sales by.
 */

/** `GET …/cellars`: the cellar's base currency and default glass size. */
export function saleCellarQuery(userId: string) {
  return queryOptions({
    queryKey: ['sale-cellar', userId] as const,
    queryFn: ({ signal }) => getCellars(userId, signal).then((page) => page.rows[0] ?? null),
    staleTime: 60_000,
  });
}

/** `GET …/locations`: every location, flat. */
export function saleLocationsQuery(userId: string) {
  return queryOptions({
    queryKey: ['sale-locations', userId] as const,
    queryFn: ({ signal }) => listLocations(userId, signal).then((page) => page.rows),
    staleTime: 60_000,
  });
}

/** Wines in stock to put on a sale, found by name. */
export function saleWinePickQuery(userId: string, term: string) {
  return queryOptions({
    queryKey: ['sale-wines', userId, 'pick', term] as const,
    queryFn: ({ signal }) =>
      listCellarWines(userId, { search: term, inStock: true, resultsPerPage: 8, page: 1 }, signal),
  });
}

/** The cellar's wines to filter the sales by (the first ones without a text). */
export function saleWineFilterQuery(userId: string, term: string) {
  return queryOptions({
    queryKey: ['sale-wines', userId, 'filter', term] as const,
    queryFn: ({ signal }) =>
      listCellarWines(userId, { search: term || undefined, resultsPerPage: 20, page: 1 }, signal),
  });
}
