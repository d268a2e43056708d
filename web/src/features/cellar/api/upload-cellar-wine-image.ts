import type { CellarWine } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/wine-cellars/users/{userId}/own-wines/{id}/images` (multipart `image`). */
export function uploadCellarWineImage(userId: string, id: string, image: File): Promise<CellarWine> {
  const form = new FormData();
  form.append('image', image);
  return api.post<CellarWine>(
    `/wine-cellars/users/${encodeURIComponent(userId)}/own-wines/${encodeURIComponent(id)}/images`,
    { body: form },
  );
}
