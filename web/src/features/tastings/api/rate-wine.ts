import type { TastingNote } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `PUT /api/wines/{id}/my-rating`: points only; the person's note on the wine takes them (or a new one). */
export function rateWine(wineId: string, points: number): Promise<TastingNote> {
  return api.put<TastingNote>(`/wines/${encodeURIComponent(wineId)}/my-rating`, { body: { points } });
}
