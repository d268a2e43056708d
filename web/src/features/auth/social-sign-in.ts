import { type LoginResult, MESSAGES, type SignInConfig } from '@kork/shared';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { type AppleCredential, signInWithApple } from './api/sign-in-apple';
import { signInWithGoogle } from './api/sign-in-google';

export type SocialProvider = 'google' | 'apple';

/** A provider is offered when this deployment has its client id (`GET /api/config`). */
export function providerConfigured(config: SignInConfig | undefined, provider: SocialProvider): boolean {
  return Boolean(config?.[provider]?.clientId);
}

export type SocialCredential =
  | { provider: 'google'; idToken: string }
  | ({ provider: 'apple' } & AppleCredential);

export type SocialOutcome =
  | { kind: 'signed-in'; result: LoginResult }
  /** The provider or the API said no without anything to explain (SPEC §8: a 403 is silent). */
  | { kind: 'silent' }
  /** The account is deactivated: the person is asked whether to reactivate it, as with a password. */
  | { kind: 'deactivated' }
  /** Nobody has registered with this sign-in yet: the screen offers registration. */
  | { kind: 'not-registered'; message: string }
  | { kind: 'failed'; message: string };

/** What the screen says when the provider gave no credential (closed, cancelled or unavailable). */
export function providerFailureMessage(provider: SocialProvider): string {
  return provider === 'apple'
    ? MESSAGES.appleLoginFailed[currentLocale()]
    : MESSAGES.socialLoginFailed[currentLocale()];
}

/**
 * Hands the provider's credential to the API and sorts the answer the way SPEC §8 asks: a deactivated
 * account is asked to reactivate (as a password sign-in is), any other 403 is silent,
 * `ACCOUNT_NOT_FOUND` offers registration, any other failure shows the server's message (Apple's its
 * own fixed one) and leaves the person signed out.
 */
export async function completeSocialSignIn(
  credential: SocialCredential,
  options: { reactivate?: boolean } = {},
): Promise<SocialOutcome> {
  const reactivate = options.reactivate ? { reactivate: true } : {};
  try {
    const result =
      credential.provider === 'google'
        ? await signInWithGoogle(credential.idToken, reactivate)
        : await signInWithApple({
            identityToken: credential.identityToken,
            authorizationCode: credential.authorizationCode,
            email: credential.email,
            familyName: credential.familyName,
            givenName: credential.givenName,
            ...reactivate,
          });
    return { kind: 'signed-in', result };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ACCOUNT_DEACTIVATED') return { kind: 'deactivated' };
    if (error instanceof ApiError && error.status === 403) return { kind: 'silent' };
    if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_FOUND') {
      return { kind: 'not-registered', message: error.message };
    }
    if (credential.provider === 'apple') return { kind: 'failed', message: providerFailureMessage('apple') };
    return {
      kind: 'failed',
      message: error instanceof ApiError ? error.message : providerFailureMessage('google'),
    };
  }
}

/** The claims of an ID token the app may show before the API has checked it (who is signing up). */
export interface TokenProfile {
  email?: string;
  givenName?: string;
  familyName?: string;
}

/**
 * Reads the address and names from a credential, for the registration form to start from. The token
 * is not verified here (the API does that on sign-up); Apple's names come beside its token.
 */
export function credentialProfile(credential: SocialCredential): TokenProfile {
  const token = credential.provider === 'google' ? credential.idToken : credential.identityToken;
  let claims: Record<string, unknown> = {};
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
  } catch {
    claims = {};
  }
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    email: text(claims.email) ?? (credential.provider === 'apple' ? credential.email : undefined),
    givenName:
      text(claims.given_name) ?? (credential.provider === 'apple' ? credential.givenName : undefined),
    familyName:
      text(claims.family_name) ?? (credential.provider === 'apple' ? credential.familyName : undefined),
  };
}

// A credential the sign-in screen got for someone not yet registered, handed to the registration
// screen so the person does not pick their account again. Kept in memory only: a reload forgets it.
let held: SocialCredential | undefined;

/** Keeps (or, with `undefined`, forgets) the credential a registration is to start from. */
export function holdCredentialForSignUp(credential: SocialCredential | undefined): void {
  held = credential;
}

export function heldCredential(): SocialCredential | undefined {
  return held;
}
