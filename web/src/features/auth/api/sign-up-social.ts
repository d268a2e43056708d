import type { LoginResult } from '@kork/shared';
import { api } from '../../../lib/api-client';
import type { SocialProvider } from '../social-sign-in';

/**
 * `POST /api/auth/sign-up/google` or `/apple` (multipart: the provider's token, the profile fields and
 * the pictures). The provider vouches for the address, so the answer signs the person in at once;
 * 409 when the address already has an account.
 */
export function signUpWithProvider(provider: SocialProvider, form: FormData): Promise<LoginResult> {
  return api.post<LoginResult>(`/auth/sign-up/${provider}`, { body: form });
}
