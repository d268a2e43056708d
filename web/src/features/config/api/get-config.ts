import type { AppConfig } from '@kork/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { afterFirstPaint } from '../../../app/after-first-paint';

// The navbar's currency list reads the configuration on the first screen, whose code carries no query
// library: the query (`configQuery`, in the app's one query client) comes with its own chunk, asked for
// once the first screen has painted (nothing on it waits for the list), and its answer is kept here for
// the first screen's synchronous reads. A failure is forgotten, so the next screen that asks tries again.
let config: AppConfig | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): void {
  if (loading) return;
  loading = afterFirstPaint()
    .then(() => import('./config-query'))
    .then(({ fetchConfig }) => fetchConfig())
    .then(
      (answer) => {
        config = answer;
        for (const listener of listeners) listener();
      },
      () => {
        loading = undefined;
      },
    );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app configuration, or `undefined` until it has loaded (callers fall back to `@kork/shared`). */
export function useConfig(): AppConfig | undefined {
  useEffect(load, []);
  return useSyncExternalStore(
    subscribe,
    () => config,
    () => config,
  );
}
