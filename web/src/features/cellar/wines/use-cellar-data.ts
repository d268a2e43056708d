import type { Cellar, CellarLocation, CellarWinePage, WineListCategory } from '@kork/shared';
import { useEffect, useRef, useState } from 'react';
import { listCategories } from '../api/categories';
import { listOwnWines, type OwnWinesFilter } from '../api/list-own-wines';
import { listLocations } from '../api/locations';
import { getCellars } from '../settings/api/get-cellars';

export type WinesState =
  | { status: 'loading'; previous?: CellarWinePage }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; page: CellarWinePage };

/**
 * One page of the inventory for a query. A new query (or `reloadKey`) fetches again and aborts the
 * request it replaces, so a slow answer for an old search never overwrites a newer one. The rows
 * already shown stay while the next page loads, so the table does not jump.
 */
export function useOwnWines(userId: string, query: OwnWinesFilter, reloadKey: number): WinesState {
  const [state, setState] = useState<WinesState>({ status: 'loading' });
  // The query object is made anew on every render; its JSON is what identifies it.
  const key = JSON.stringify(query);

  useEffect(() => {
    void reloadKey;
    const controller = new AbortController();
    setState((current) => ({
      status: 'loading',
      previous:
        current.status === 'ready'
          ? current.page
          : current.status === 'loading'
            ? current.previous
            : undefined,
    }));
    listOwnWines(userId, JSON.parse(key) as OwnWinesFilter, controller.signal).then(
      (page) => setState({ status: 'ready', page }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [userId, key, reloadKey]);

  return state;
}

/**
 * Something the page needs besides the wines; `undefined` until it arrives (or when it failed). It is
 * fetched again when `key` changes, and not at all while `key` is null; `load` is read from a ref so
 * callers may pass a new function on every render.
 */
function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, key: string | null): T | undefined {
  const [value, setValue] = useState<T>();
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (loaded) => setValue(loaded),
      // The page works without it (default VAT, no location names); the wines call reports failures.
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);
  return value;
}

/** The person's cellar: its base currency and VAT per style. Nothing is fetched while `userId` is null. */
export function useCellar(userId: string | null): Cellar | undefined {
  return useLoaded((signal) => getCellars(userId as string, signal).then((page) => page.rows[0]), userId);
}

/** The cellar's locations, fetched again when `reloadKey` changes (after wines are added or moved). */
export function useLocations(userId: string, reloadKey = 0): CellarLocation[] | undefined {
  return useLoaded(
    (signal) => listLocations(userId, signal).then((page) => page.rows),
    `${userId}:${reloadKey}`,
  );
}

/** The wine list categories, for the detail drawer. Nothing is fetched while `userId` is null. */
export function useCategories(userId: string | null): WineListCategory[] | undefined {
  return useLoaded((signal) => listCategories(userId as string, signal).then((page) => page.rows), userId);
}
