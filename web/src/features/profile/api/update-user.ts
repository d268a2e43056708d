import type { User } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `PATCH /api/users/{id}` with any profile and tasting-location fields (UpdateProfileInput); answers the user. */
export function updateUser(userId: string, changes: Record<string, unknown>): Promise<User> {
  return api.patch<User>(`/users/${encodeURIComponent(userId)}`, { body: changes });
}
