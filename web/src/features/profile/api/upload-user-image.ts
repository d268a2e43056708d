import type { User } from '@kork/shared';
import { api } from '../../../lib/api-client';

export type UserImageField = 'profileImage' | 'tastingLocationLogo' | 'tastingLocationImage';

/** `POST /api/users/{id}/images` with one picture; answers the user with its new image path. */
export function uploadUserImage(userId: string, field: UserImageField, file: File): Promise<User> {
  const form = new FormData();
  form.append(field, file, file.name);
  return api.post<User>(`/users/${encodeURIComponent(userId)}/images`, { body: form });
}
