import type { HistoryEntry, HistoryQuery } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

export type HistoryFilter = { [K in keyof HistoryQuery]?: HistoryQuery[K] };

/** `GET /api/wine-cellars/users/{userId}/history`: newest first. */
export function listHistory(
  userId: string,
  query: HistoryFilter,
  signal?: AbortSignal,
): Promise<Page<HistoryEntry>> {
  return api.get<Page<HistoryEntry>>(`/wine-cellars/users/${encodeURIComponent(userId)}/history`, {
    query: query as Record<string, string | number | string[] | undefined>,
    signal,
  });
}
