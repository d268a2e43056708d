import type { CellarWine } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/wine-cellars/users/{userId}/own-wines/{id}`. */
export function getCellarWine(userId: string, id: string, signal?: AbortSignal): Promise<CellarWine> {
  return api.get<CellarWine>(
    `/wine-cellars/users/${encodeURIComponent(userId)}/own-wines/${encodeURIComponent(id)}`,
    { signal },
  );
}
