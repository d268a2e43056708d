import { api } from '../../../lib/api-client';

export interface PasswordResetRequest {
  token: string;
  password: string;
  confirmPassword: string;
}

/** `POST /api/auth/password-reset`: sets the new password from a mailed link; 400 `INVALID_TOKEN` when used or old. */
export function resetPassword(request: PasswordResetRequest): Promise<{ changed: true }> {
  return api.post<{ changed: true }>('/auth/password-reset', { body: request });
}
