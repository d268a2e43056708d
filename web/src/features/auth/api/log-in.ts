import type { LoginResult } from '@kork/shared';
import { api } from '../../../lib/api-client';

export interface LogInRequest {
  email: string;
  password: string;
  /** Where a client that sent the person here wants them back (SPEC §7 authorize params). */
  redirect_uri?: string | undefined;
  /** The person confirmed "Reactivate your account?" for a deactivated account. */
  reactivate?: boolean;
}

/**
 * `POST /api/auth/log-in`. 401 wrong credentials, 403 `EMAIL_NOT_VERIFIED`, 403 `ACCOUNT_DEACTIVATED` (ask
 * to reactivate, then send `reactivate: true`), 429 too many attempts.
 */
export function logIn(request: LogInRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/auth/log-in', { body: request });
}
