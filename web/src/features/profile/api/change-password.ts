import type { LoginResult, User } from '@kork/shared';
import { api } from '../../../lib/api-client';

export interface PasswordChange {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * `PATCH /api/users/{id}` with the current and the new password. A new password ends every session of
 * the account, this one included, so the session is renewed at once with `POST /api/auth/log-in` and
 * the new password: the person stays signed in here and nowhere else.
 */
export async function changePassword(user: User, change: PasswordChange): Promise<LoginResult> {
  await api.patch<User>(`/users/${encodeURIComponent(user.id)}`, { body: change });
  return api.post<LoginResult>('/auth/log-in', { body: { email: user.email, password: change.password } });
}
