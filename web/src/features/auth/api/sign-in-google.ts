import type { LoginResult } from '@kork/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/auth/sign-in/google` with the ID token Google gave; 404 `ACCOUNT_NOT_FOUND` when nobody
 * registered with it, 403 `ACCOUNT_DEACTIVATED` until it is sent again with `reactivate`.
 */
export function signInWithGoogle(
  idToken: string,
  options: { reactivate?: boolean } = {},
): Promise<LoginResult> {
  return api.post<LoginResult>('/auth/sign-in/google', { body: { idToken, ...options } });
}
