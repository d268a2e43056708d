import { api } from '../../../lib/api-client';

/** `POST /api/auth/verification-mail`: the same answer whether or not the address has an account; 429 when asked too often. */
export function sendVerificationMail(email: string): Promise<void> {
  return api.post<void>('/auth/verification-mail', { body: { email } });
}
