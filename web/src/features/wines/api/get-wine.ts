import type { WineDetail } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/wines/{id}`: the whole wine with its ratings, other vintages and related wines. */
export function getWine(id: string, signal?: AbortSignal): Promise<WineDetail> {
  return api.get<WineDetail>(`/wines/${encodeURIComponent(id)}`, { signal });
}
