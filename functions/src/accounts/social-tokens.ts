/**
 * Google ID tokens and Apple identity tokens, verified with jose against the providers' published keys
 * (JWKS) and the client ids this deployment is configured with. The cloud accepts only the providers'
 * own issuers; the local stack points the key sets and issuers at its sign-in emulator
 * (infra/local/oidc-emulator.ts), which never exists in the cloud.
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { optionalEnv } from '../platform/env';
import { ForbiddenError, UnauthorizedError } from '../platform/errors';

export interface ProviderIdentity {
  provider: 'google' | 'apple';
  subject: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

const PROVIDERS = {
  google: {
    jwks: () => optionalEnv('GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
    issuers: () => issuersOf('GOOGLE_ISSUER', ['https://accounts.google.com', 'accounts.google.com']),
    clientIds: () => optionalEnv('GOOGLE_CLIENT_IDS', ''),
  },
  apple: {
    jwks: () => optionalEnv('APPLE_JWKS_URL', 'https://appleid.apple.com/auth/keys'),
    issuers: () => issuersOf('APPLE_ISSUER', ['https://appleid.apple.com']),
    clientIds: () => optionalEnv('APPLE_CLIENT_IDS', ''),
  },
} as const;

/** An issuer set by the environment replaces the provider's own (the local emulator's); never both. */
function issuersOf(name: string, providers: string[]): string[] {
  const override = optionalEnv(name, '').trim();
  return override ? [override] : providers;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 3000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

function claimTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

export async function verifyProviderToken(
  provider: 'google' | 'apple',
  token: string,
): Promise<ProviderIdentity> {
  const config = PROVIDERS[provider];
  const audience = config
    .clientIds()
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Without client ids this deployment does not offer the provider (the web app stays silent on 403).
  if (audience.length === 0)
    throw new ForbiddenError({ key: provider === 'apple' ? 'appleLoginFailed' : 'socialLoginFailed' });
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(config.jwks()), {
      issuer: config.issuers(),
      audience,
      algorithms: ['RS256', 'ES256'],
    }));
  } catch {
    throw new UnauthorizedError({ key: provider === 'apple' ? 'appleLoginFailed' : 'socialLoginFailed' });
  }
  if (!payload.sub) throw new UnauthorizedError({ key: 'socialLoginFailed' });
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
  return {
    provider,
    subject: payload.sub,
    email,
    emailVerified: claimTrue(payload.email_verified),
    givenName: typeof payload.given_name === 'string' ? payload.given_name : undefined,
    familyName: typeof payload.family_name === 'string' ? payload.family_name : undefined,
  };
}
