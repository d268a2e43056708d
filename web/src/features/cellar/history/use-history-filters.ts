import { HISTORY_ACTIONS, type HistoryAction } from '@kork/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { HistoryFilter } from '../api/history';

/** Entries per page (SPEC: the history lists 50 at a time). */
export const HISTORY_PAGE_SIZE = 50;

/** The history page's filters as they stand in the URL, so a filtered view can be shared and reloaded. */
export interface HistoryFilters {
  actions: HistoryAction[];
  search: string;
  /** YYYY-MM-DD, inclusive; '' for no bound. */
  from: string;
  to: string;
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isAction(value: string): value is HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(value);
}

/** Reads the filters; anything a hand-edited URL gets wrong is dropped rather than sent. */
export function parseHistoryFilters(params: URLSearchParams): HistoryFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return {
    actions: (params.get('action') ?? '').split(',').filter(isAction),
    search: params.get('q') ?? '',
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeHistoryFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actions.length > 0) params.set('action', filters.actions.join(','));
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API query for a set of filters: empty filters are left out. */
export function historyQuery(filters: HistoryFilters): HistoryFilter {
  const query: HistoryFilter = { page: filters.page, resultsPerPage: HISTORY_PAGE_SIZE };
  if (filters.actions.length > 0) query.action = filters.actions;
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

export function hasActiveFilters(filters: HistoryFilters): boolean {
  return (
    filters.actions.length > 0 || filters.search.trim() !== '' || filters.from !== '' || filters.to !== ''
  );
}

export interface SetHistoryFiltersOptions {
  /** Replace the browser history entry (typing in the search box) instead of adding one. */
  replace?: boolean;
}

/** The filters read from and written to the page URL. A change of filter starts again at page 1. */
export function useHistoryFilters(): [
  HistoryFilters,
  (changes: Partial<HistoryFilters>, options?: SetHistoryFiltersOptions) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for the params object.
  const filters = useMemo(() => parseHistoryFilters(searchParams), [key]);

  const setFilters = useCallback(
    (changes: Partial<HistoryFilters>, options: SetHistoryFiltersOptions = {}) => {
      setSearchParams(
        (current) => writeHistoryFilters({ ...parseHistoryFilters(current), page: 1, ...changes }),
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [filters, setFilters];
}
