import type { AppConfig } from '@kork/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api-client';

/** `GET /api/config`: currencies, locales, breakpoints and limits the server works with. */
export function getConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get<AppConfig>('/config', { signal });
}

// The answer is the same for every visitor and every screen, so it is fetched once per page load and
// shared; a failed fetch is forgotten so the next screen that asks tries again.
let config: AppConfig | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): void {
  if (loading) return;
  loading = getConfig().then(
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
