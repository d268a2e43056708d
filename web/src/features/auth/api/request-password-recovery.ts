import { api } from '../../../lib/api-client';

/** `POST /api/auth/password-recovery`: mails a reset link if the address has an account, says nothing either way. */
export function requestPasswordRecovery(email: string): Promise<void> {
  return api.post<void>('/auth/password-recovery', { body: { email } });
}
