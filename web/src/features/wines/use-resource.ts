import { useCallback, useEffect, useRef, useState } from 'react';

/** What a screen knows about data it fetched: still loading, there (maybe being refreshed), or failed. */
export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; refreshing: boolean }
  | { status: 'error'; error: unknown };

export type Resource<T> = ResourceState<T> & {
  /** Fetches again, keeping what is shown until the new answer is there. */
  reload: () => void;
};

/**
 * Fetches what `key` names and fetches again when the key changes (a new wine, another page). A
 * request that is no longer wanted is aborted. `reload` refreshes in place: lists and ratings stay on
 * screen while the new ones arrive. A `null` key waits (nothing to fetch yet).
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const shownKey = useRef<string | null>(null);
  const request = key === null ? null : `${version}:${key}`;

  useEffect(() => {
    if (request === null) return;
    const requestedKey = request.slice(request.indexOf(':') + 1);
    const refresh = shownKey.current === requestedKey;
    shownKey.current = requestedKey;
    const controller = new AbortController();
    setState((previous) =>
      refresh && previous.status === 'ready' ? { ...previous, refreshing: true } : { status: 'loading' },
    );
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, refreshing: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A failed refresh keeps what is on screen; a failed first load is an error to show.
        setState((previous) =>
          refresh && previous.status === 'ready'
            ? { ...previous, refreshing: false }
            : { status: 'error', error },
        );
      },
    );
    return () => controller.abort();
  }, [request]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { ...state, reload };
}
