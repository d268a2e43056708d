import type { AppConfig } from '@kork/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** `GET /api/config`: currencies, locales, breakpoints and limits the server works with. */
export function getConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get<AppConfig>('/config', { signal });
}

/**
 * The answer is the same for every visitor and every screen: asked once per page load and kept. A failure
 * is not asked again on its own; the next screen that wants it asks.
 */
export const configQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => getConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The configuration from the app's one query client (fetched there when not yet kept). */
export function fetchConfig(): Promise<AppConfig> {
  return queryClient.fetchQuery(configQuery);
}
