import type { CellarWinePage, CellarWineQuery } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** Filters as the web app holds them: arrays travel comma separated. */
export type CellarWinesFilter = { [K in keyof CellarWineQuery]?: CellarWineQuery[K] };

/** `GET /api/wine-cellars/users/{userId}/own-wines`: a page of the inventory with the totals of every match. */
export function listCellarWines(
  userId: string,
  query: CellarWinesFilter,
  signal?: AbortSignal,
): Promise<CellarWinePage> {
  return api.get<CellarWinePage>(`/wine-cellars/users/${encodeURIComponent(userId)}/own-wines`, {
    query: query as Record<string, string | number | boolean | string[] | undefined>,
    signal,
  });
}
