import type { CurrencyCode, HistoryPage } from '@kork/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { cellarSettingsQuery, historyQuery, locationsQuery } from '../api/cellar-queries';
import { type HistoryFilters, historyQuery as historyFilter } from './use-history-filters';

export interface HistoryState {
  /** The last page that arrived; kept while the next one loads so the table does not flash empty. */
  page?: HistoryPage;
  loading: boolean;
  error?: unknown;
  /** Tries a failed fetch again. */
  retry: () => void;
}

/** The entries matching the filters. */
export function useHistory(userId: string, filters: HistoryFilters): HistoryState {
  const query = useQuery({
    ...historyQuery(userId, historyFilter(filters)),
    placeholderData: keepPreviousData,
  });
  // A failed page keeps the last one that arrived on screen beside its error.
  const last = useRef<HistoryPage>(undefined);
  if (query.data) last.current = query.data;
  return {
    page: query.data ?? last.current,
    loading: query.isFetching,
    error: query.isError && !query.isFetching ? query.error : undefined,
    retry: () => void query.refetch(),
  };
}

/** What an entry needs to be read: location names for moves and the currency prices are in. */
export interface HistoryContext {
  locationNames: ReadonlyMap<string, string>;
  baseCurrency?: CurrencyCode;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/**
 * Locations and the cellar's base currency, fetched beside the entries. Either may fail without
 * hiding the history: a move then names an unknown location as such, and prices fall back to plain numbers.
 */
export function useHistoryContext(userId: string): HistoryContext {
  const locations = useQuery({
    ...locationsQuery(userId),
    select: (rows) => new Map(rows.map((location) => [location.id, location.name])),
  }).data;
  const cellar = useQuery(cellarSettingsQuery(userId)).data;
  return { locationNames: locations ?? NO_NAMES, baseCurrency: cellar?.baseCurrency };
}
