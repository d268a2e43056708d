import type { TastingNote, TastingUpdateInput } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `PATCH /api/tastings/{id}` (the author or an admin): changes a note, publishing or hiding it too. */
export function updateTasting(tastingId: string, changes: TastingUpdateInput): Promise<TastingNote> {
  return api.patch<TastingNote>(`/tastings/${encodeURIComponent(tastingId)}`, { body: changes });
}
