import { type LoginResult, MESSAGES } from '@kork/shared';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { type AppleCredential, signInWithApple } from './api/sign-in-apple';
import { signInWithGoogle } from './api/sign-in-google';

export type SocialProvider = 'google' | 'apple';

/** A provider is offered when its client id is configured for this build. */
export function providerConfigured(provider: SocialProvider): boolean {
  const env = import.meta.env;
  return Boolean(provider === 'google' ? env.VITE_GOOGLE_CLIENT_ID : env.VITE_APPLE_CLIENT_ID);
}

export type SocialCredential =
  | { provider: 'google'; idToken: string }
  | ({ provider: 'apple' } & AppleCredential);

export type SocialOutcome =
  | { kind: 'signed-in'; result: LoginResult }
  /** The provider or the API said no without anything to explain (SPEC §8: a 403 is silent). */
  | { kind: 'silent' }
  /** Nobody has registered with this sign-in yet: the screen offers registration. */
  | { kind: 'not-registered'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Hands the provider's credential to the API and sorts the answer the way SPEC §8 asks: 403 is silent,
 * `ACCOUNT_NOT_FOUND` offers registration, any other failure shows the server's message (Apple's its
 * own fixed one) and leaves the person signed out.
 */
export async function completeSocialSignIn(credential: SocialCredential): Promise<SocialOutcome> {
  try {
    const result =
      credential.provider === 'google'
        ? await signInWithGoogle(credential.idToken)
        : await signInWithApple({
            identityToken: credential.identityToken,
            authorizationCode: credential.authorizationCode,
            email: credential.email,
            familyName: credential.familyName,
            givenName: credential.givenName,
          });
    return { kind: 'signed-in', result };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { kind: 'silent' };
    if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_FOUND') {
      return { kind: 'not-registered', message: error.message };
    }
    if (credential.provider === 'apple')
      return { kind: 'failed', message: MESSAGES.appleLoginFailed[currentLocale()] };
    return {
      kind: 'failed',
      message: error instanceof ApiError ? error.message : MESSAGES.socialLoginFailed[currentLocale()],
    };
  }
}
