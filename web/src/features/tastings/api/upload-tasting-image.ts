import { api } from '../../../lib/api-client';

/** `POST /api/users/{id}/tasting-images` with one photo (field `file`); answers the media path to save on the note. */
export function uploadTastingImage(userId: string, file: File): Promise<{ photo: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ photo: string }>(`/users/${encodeURIComponent(userId)}/tasting-images`, { body: form });
}
