import type { WineFacets, WineRow } from '@kork/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useRef } from 'react';
import type { WineSearchParams } from './api/search-wines';
import { FEED_PAGE_SIZE, wineSearchQuery } from './api/wine-queries';

export interface WineSearchState {
  rows: WineRow[];
  /** Total across all pages; `null` until the first page of this search has arrived. */
  count: number | null;
  /** The facet counts of the latest answered search (kept while a new one loads, so the panel stays put). */
  facets: WineFacets | null;
  /** How many more wines the search text finds without an expert rating (the expert-rated filter hides them). */
  withoutExpertRating: number;
  /** The last page loaded. */
  page: number;
  status: 'loading' | 'loadingMore' | 'idle' | 'error';
  /** The page that failed, when `status` is `error`. */
  failedPage: number | null;
  /** Why it failed (an `ApiError` when the API answered), when `status` is `error`. */
  error: unknown;
}

export interface WineSearch extends WineSearchState {
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * Pages through `GET /api/wines` for one set of parameters: a new set starts again at page 1 and
 * aborts whatever the old one still had on its way; `loadMore` appends the next page.
 * `contextKey` names whatever else changes the answer (currency, language, who is signed in).
 */
export function useWineSearch(params: Omit<WineSearchParams, 'page'>, contextKey = ''): WineSearch {
  const query = useInfiniteQuery(wineSearchQuery(params, contextKey));
  const { data, isFetching, isFetchingNextPage, isFetchNextPageError, error, fetchNextPage, refetch } = query;
  // The facets of the last search that answered stay while a new one loads or fails.
  const lastFacets = useRef<WineFacets | null>(null);
  const first = data?.pages[0];
  if (first) lastFacets.current = first.facets;

  const computed = useMemo<WineSearchState>(() => {
    const pages = data?.pages ?? [];
    const seen = new Set<string>();
    const rows: WineRow[] = [];
    for (const page of pages)
      for (const row of page.rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        rows.push(row);
      }
    const status: WineSearchState['status'] = isFetchingNextPage
      ? 'loadingMore'
      : data === undefined
        ? isFetching || !error
          ? 'loading'
          : 'error'
        : isFetchNextPageError && !isFetching
          ? 'error'
          : 'idle';
    const failedPage = status !== 'error' ? null : data === undefined ? 1 : pages.length + 1;
    return {
      rows,
      count: pages[0]?.count ?? null,
      facets: pages[0] ? pages[0].facets : lastFacets.current,
      withoutExpertRating: pages[0]?.withoutExpertRating ?? 0,
      page: pages.length,
      status,
      failedPage,
      error: status === 'error' ? error : null,
    };
  }, [data, isFetching, isFetchingNextPage, isFetchNextPageError, error]);
  // A page of cards is a lot to render: as a deferred value it is done in slices, so the page keeps
  // answering taps and typing meanwhile.
  const state = useDeferredValue(computed);

  const perPage = params.resultsPerPage ?? FEED_PAGE_SIZE;
  const hasMore =
    state.count !== null && state.rows.length < state.count && state.page * perPage < state.count;

  const stateRef = useRef(computed);
  stateRef.current = computed;
  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'idle' || current.count === null || current.rows.length >= current.count) return;
    void fetchNextPage();
  }, [fetchNextPage]);

  const retry = useCallback(() => {
    if (stateRef.current.failedPage === 1) void refetch();
    else void fetchNextPage();
  }, [fetchNextPage, refetch]);

  return { ...state, hasMore, loadMore, retry };
}
