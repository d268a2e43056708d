import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getWine } from './get-wine';
import { searchWines, type WineSearchParams } from './search-wines';

/**
 * The wine's page as TanStack Query options. Prices, availability and the viewer's own notes depend on
 * who asks, and prices on the currency: both are part of the key. A failed load is shown at once with
 * its retry button (no silent retries).
 */
export const wineKeys = {
  all: ['wine'] as const,
  detail: (id: string) => ['wine', id] as const,
};

export const wineQuery = (id: string, viewer: { anonymous: boolean; currency: string }) =>
  queryOptions({
    queryKey: [...wineKeys.detail(id), viewer] as const,
    queryFn: ({ signal }) => getWine(id, signal),
    retry: false,
  });

/**
 * The whole catalogue for a cellar's add dialog, not only what is for sale or rated by experts: a cellar
 * holds old vintages too (`isAvailable=false&isRatedByExpert=false`).
 */
export const catalogueSearchQuery = (search: string, resultsPerPage: number) =>
  queryOptions({
    queryKey: ['catalogue-search', search, resultsPerPage] as const,
    queryFn: ({ signal }) =>
      searchWines({ search, isAvailable: false, isRatedByExpert: false, resultsPerPage }, signal),
    retry: false,
  });

/**
 * The wines a page of the feed asks for: a phone shows about three cards, so a first page of twelve fills
 * the screen and what is scrolled to next without rendering two dozen cards before anyone can tap; the
 * next page is asked for while the end is still 200 px away.
 */
export const FEED_PAGE_SIZE = 12;

/**
 * `GET /api/wines` page by page for one set of parameters. `contextKey` names whatever else changes the
 * answer (currency, language, who is signed in).
 */
export const wineSearchQuery = (params: Omit<WineSearchParams, 'page'>, contextKey: string) =>
  infiniteQueryOptions({
    queryKey: ['wine-search', params, contextKey] as const,
    queryFn: ({ pageParam, signal }) => searchWines({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPage) =>
      lastPage * (params.resultsPerPage ?? FEED_PAGE_SIZE) < last.count ? lastPage + 1 : undefined,
    retry: false,
  });
