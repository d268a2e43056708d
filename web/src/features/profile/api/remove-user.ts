import { api } from '../../../lib/api-client';

export type RemovalAction = 'deactivate' | 'delete';

/** `DELETE /api/users/{id}`: deactivates the account (204), or has it locked at once and deleted in the background (202, a mail follows), once the confirmation phrase is typed. */
export function removeUser(userId: string, action: RemovalAction, confirmation: string): Promise<void> {
  return api.delete<void>(`/users/${encodeURIComponent(userId)}`, { body: { action, confirmation } });
}
