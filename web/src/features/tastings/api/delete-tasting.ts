import { api } from '../../../lib/api-client';

/** `DELETE /api/tastings/{id}` (the author or an admin): removes a note (204). */
export function deleteTasting(tastingId: string): Promise<void> {
  return api.delete<void>(`/tastings/${encodeURIComponent(tastingId)}`);
}
