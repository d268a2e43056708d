import type { TastingInput, TastingNote } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/wines/{id}/tastings`: a new tasting note, published or private. */
export function createTasting(wineId: string, input: TastingInput): Promise<TastingNote> {
  return api.post<TastingNote>(`/wines/${encodeURIComponent(wineId)}/tastings`, { body: input });
}
