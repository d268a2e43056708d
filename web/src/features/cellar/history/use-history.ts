import type { CurrencyCode, HistoryEntry } from '@kork/shared';
import { useEffect, useState } from 'react';
import type { Page } from '../../../lib/api-client';
import { listHistory } from '../api/history';
import { listLocations } from '../api/locations';
import { getCellars } from '../settings/api/get-cellars';
import { type HistoryFilters, historyQuery } from './use-history-filters';

export interface HistoryState {
  /** The last page that arrived; kept while the next one loads so the table does not flash empty. */
  page?: Page<HistoryEntry>;
  loading: boolean;
  error?: unknown;
}

/** The entries matching the filters; `attempt` changes to try a failed fetch again. */
export function useHistory(userId: string, filters: HistoryFilters, attempt: number): HistoryState {
  const [state, setState] = useState<HistoryState>({ loading: true });

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState((current) => ({ page: current.page, loading: true }));
    listHistory(userId, historyQuery(filters), controller.signal).then(
      (page) => setState({ page, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((current) => ({ page: current.page, loading: false, error }));
      },
    );
    return () => controller.abort();
  }, [userId, filters, attempt]);

  return state;
}

/** What an entry needs to be read: location names for moves and the currency prices are in. */
export interface HistoryContext {
  locationNames: ReadonlyMap<string, string>;
  baseCurrency?: CurrencyCode;
}

/**
 * Locations and the cellar's base currency, fetched once beside the entries. Either may fail without
 * hiding the history: a move then names an unknown location as such, and prices fall back to plain numbers.
 */
export function useHistoryContext(userId: string): HistoryContext {
  const [context, setContext] = useState<HistoryContext>({ locationNames: new Map() });

  useEffect(() => {
    const controller = new AbortController();
    void Promise.allSettled([
      listLocations(userId, controller.signal),
      getCellars(userId, controller.signal),
    ]).then(([locations, cellars]) => {
      if (controller.signal.aborted) return;
      setContext({
        locationNames: new Map(
          locations.status === 'fulfilled' ? locations.value.rows.map((l) => [l.id, l.name]) : [],
        ),
        baseCurrency: cellars.status === 'fulfilled' ? cellars.value.rows[0]?.baseCurrency : undefined,
      });
    });
    return () => controller.abort();
  }, [userId]);

  return context;
}
