import { api } from '../../../lib/api-client';

/** `DELETE /api/wines/{id}` (admins): takes a wine out of the catalogue (204). */
export function deleteWine(id: string): Promise<void> {
  return api.delete<void>(`/wines/${encodeURIComponent(id)}`);
}
