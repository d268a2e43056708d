import type { LoginResult } from '@kork/shared';
import { api } from '../../../lib/api-client';

export interface AppleCredential {
  identityToken: string;
  authorizationCode?: string;
  /** Apple sends the email and name only the first time a person signs in to an app. */
  email?: string;
  familyName?: string;
  givenName?: string;
  /** Set after "Reactivate your account?" was answered yes. */
  reactivate?: boolean;
}

/** `POST /api/auth/sign-in/apple`; 404 `ACCOUNT_NOT_FOUND` when nobody registered with this Apple ID. */
export function signInWithApple(credential: AppleCredential): Promise<LoginResult> {
  return api.post<LoginResult>('/auth/sign-in/apple', { body: credential });
}
