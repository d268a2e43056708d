import { api } from '../../../lib/api-client';

export type RemovalAction = 'deactivate' | 'delete';

/** `DELETE /api/users/{id}`: deactivates or deletes the account once the confirmation phrase is typed (204). */
export function removeUser(userId: string, action: RemovalAction, confirmation: string): Promise<void> {
  return api.delete<void>(`/users/${encodeURIComponent(userId)}`, { body: { action, confirmation } });
}
