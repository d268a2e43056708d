import type { Cellar } from '@kork/shared';
import { api, type Page } from '../../../../lib/api-client';

/** `GET /api/wine-cellars/users/{userId}/cellars`: the person's cellar (there is one; the first read creates it). */
export function getCellars(userId: string, signal?: AbortSignal): Promise<Page<Cellar>> {
  return api.get<Page<Cellar>>(`/wine-cellars/users/${encodeURIComponent(userId)}/cellars`, { signal });
}
