import type { WineFacets, WineRow } from '@kork/shared';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { searchWines, type WineSearchParams } from './api/search-wines';

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

const INITIAL: WineSearchState = {
  rows: [],
  count: null,
  facets: null,
  withoutExpertRating: 0,
  page: 0,
  status: 'loading',
  failedPage: null,
  error: null,
};

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
  const [state, setState] = useState<WineSearchState>(INITIAL);
  const key = `${JSON.stringify(params)}|${contextKey}`;
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const controllerRef = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a new search.
  const fetchPage = useCallback(
    (page: number) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState((current) =>
        page === 1
          ? {
              ...current,
              rows: [],
              count: null,
              withoutExpertRating: 0,
              page: 0,
              status: 'loading',
              failedPage: null,
              error: null,
            }
          : { ...current, status: 'loadingMore', failedPage: null, error: null },
      );
      searchWines({ ...paramsRef.current, page }, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          // A page of cards is a lot to render: as a transition it is done in slices, so the page keeps
          // answering taps and typing meanwhile.
          startTransition(() =>
            setState((current) => {
              const seen = new Set(page === 1 ? [] : current.rows.map((row) => row.id));
              const fresh = result.rows.filter((row) => !seen.has(row.id));
              return {
                rows: page === 1 ? fresh : [...current.rows, ...fresh],
                count: result.count,
                facets: page === 1 ? result.facets : (current.facets ?? result.facets),
                withoutExpertRating:
                  page === 1 ? (result.withoutExpertRating ?? 0) : current.withoutExpertRating,
                page,
                status: 'idle',
                failedPage: null,
                error: null,
              };
            }),
          );
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState((current) => ({ ...current, status: 'error', failedPage: page, error }));
        },
      );
    },
    [key],
  );

  useEffect(() => {
    fetchPage(1);
    return () => controllerRef.current?.abort();
  }, [fetchPage]);

  const perPage = params.resultsPerPage ?? 24;
  const hasMore =
    state.count !== null && state.rows.length < state.count && state.page * perPage < state.count;

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'idle' || current.count === null || current.rows.length >= current.count) return;
    fetchPage(current.page + 1);
  }, [fetchPage]);

  const retry = useCallback(() => {
    fetchPage(stateRef.current.failedPage ?? 1);
  }, [fetchPage]);

  return { ...state, hasMore, loadMore, retry };
}
