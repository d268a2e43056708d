import type { Cellar } from '@kork/shared';
import { api } from '../../../lib/api-client';

const path = (userId: string, cellarId: string) =>
  `/wine-cellars/users/${encodeURIComponent(userId)}/cellars/${encodeURIComponent(cellarId)}/images`;

/** `POST /api/wine-cellars/users/{userId}/cellars/{cellarId}/images` (multipart `image`): answers the cellar. */
export function uploadCellarImage(userId: string, cellarId: string, image: File): Promise<Cellar> {
  const form = new FormData();
  form.append('image', image);
  return api.post<Cellar>(path(userId, cellarId), { body: form });
}

/** `DELETE /api/wine-cellars/users/{userId}/cellars/{cellarId}/images?image=<key>`: answers the cellar. */
export function deleteCellarImage(userId: string, cellarId: string, image: string): Promise<Cellar> {
  return api.delete<Cellar>(path(userId, cellarId), { query: { image } });
}
