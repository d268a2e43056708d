import type { HistoryPage, HistoryQuery } from '@kork/shared';
import { api } from '../../../lib/api-client';

export type HistoryFilter = { [K in keyof HistoryQuery]?: HistoryQuery[K] };

/** `GET /api/wine-cellars/users/{userId}/history`: newest first. */
export function listHistory(
  userId: string,
  query: HistoryFilter,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  return api.get<HistoryPage>(`/wine-cellars/users/${encodeURIComponent(userId)}/history`, {
    query: query as Record<string, string | number | string[] | undefined>,
    signal,
  });
}
