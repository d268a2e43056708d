import type { AppConfig, LoginResult, User } from '@kork/shared';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_IDS, OIDC_PATH, OidcEmulator } from '../../../infra/local/oidc-emulator';
import { startTestOrigin, type TestOrigin } from '../../test/test-stack';

let origin: TestOrigin;
let emulator: OidcEmulator;
const EMULATOR_ENV = [
  'GOOGLE_CLIENT_IDS',
  'APPLE_CLIENT_IDS',
  'GOOGLE_JWKS_URL',
  'APPLE_JWKS_URL',
  'GOOGLE_ISSUER',
  'APPLE_ISSUER',
];

beforeAll(async () => {
  emulator = await OidcEmulator.create();
  origin = await startTestOrigin({}, { signInEmulator: emulator });
});

afterAll(async () => {
  await origin?.stop();
  for (const name of EMULATOR_ENV) delete process.env[name];
});

let counter = 0;
const uniqueEmail = () => `social${Date.now()}${counter++}@example.no`;

/** A token the way the app gets one: from the emulator's own token endpoint, as its page asks. */
async function emulatorToken(provider: 'google' | 'apple', email: string, names = {}): Promise<string> {
  const res = await fetch(`${origin.base}${OIDC_PATH}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, email, ...names }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id_token: string }).id_token;
}

function signUpForm(provider: 'google' | 'apple', token: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set(provider === 'google' ? 'idToken' : 'identityToken', token);
  for (const [k, v] of Object.entries({ userType: 'PRIVATE_USER', birthDate: '1988-03-14', ...fields }))
    form.set(k, v);
  return form;
}

function signIn(provider: 'google' | 'apple', token: string, extra: Record<string, unknown> = {}) {
  return origin.api<LoginResult>('POST', `/api/auth/sign-in/${provider}`, {
    json: provider === 'google' ? { idToken: token, ...extra } : { identityToken: token, ...extra },
  });
}

/** The token with its payload rewritten and the original signature kept. */
function withPayload(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('the local sign-in emulator', () => {
  it('tells the app which providers it offers, and says on its page that it is not Google', async () => {
    const config = await origin.api<AppConfig>('GET', '/api/config');
    expect(config.payload.signIn).toEqual({
      google: { clientId: LOCAL_CLIENT_IDS.google },
      apple: { clientId: LOCAL_CLIENT_IDS.apple },
      emulator: OIDC_PATH,
    });
    const page = await (await fetch(`${origin.base}${OIDC_PATH}/authorize?provider=google`)).text();
    expect(page).toContain('Local sign-in emulator — not Google');
    const keys = (await (await fetch(`${origin.base}${OIDC_PATH}/jwks`)).json()) as { keys: object[] };
    expect(keys.keys).toHaveLength(1);
    expect(JSON.stringify(keys)).not.toMatch(/"d":/);
  });
});

describe('signing up and in with Google and Apple', () => {
  it('signs a new person up with Google in their country’s currency, then signs them in', async () => {
    const email = uniqueEmail();
    const token = await emulatorToken('google', email, { givenName: 'Ingrid', familyName: 'Berg' });
    const created = await origin.api<LoginResult>('POST', '/api/auth/sign-up/google', {
      form: signUpForm('google', token, { country: 'NO' }),
    });
    expect(created.status).toBe(201);
    expect(created.payload.user).toMatchObject({
      email,
      fullName: 'Ingrid Berg',
      emailVerified: true,
      viewCurrency: 'NOK',
    });

    const again = await signIn('google', await emulatorToken('google', email));
    expect(again.status).toBe(200);
    expect(again.payload.user.id).toBe(created.payload.user.id);
    const viewer = await origin.api<User>('GET', '/api/auth/viewer', { token: again.payload.access_token });
    expect(viewer.payload.email).toBe(email);
  });

  it('signs a person up with Apple (name beside the token) in euros when the country is unknown', async () => {
    const email = uniqueEmail();
    const created = await origin.api<LoginResult>('POST', '/api/auth/sign-up/apple', {
      form: signUpForm('apple', await emulatorToken('apple', email), {
        firstName: 'Claire',
        lastName: 'Martin',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.payload.user).toMatchObject({ email, fullName: 'Claire Martin', viewCurrency: 'EUR' });
    const again = await signIn('apple', await emulatorToken('apple', email));
    expect(again.status).toBe(200);
    expect(again.payload.user.id).toBe(created.payload.user.id);
  });

  it('answers a sign-in nobody registered 404, which the app turns into "register first"', async () => {
    const answer = await signIn('google', await emulatorToken('google', uniqueEmail()));
    expect(answer.status).toBe(404);
    expect(answer.error?.code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('refuses a changed, foreign, misaddressed or expired token with 401 and creates nothing', async () => {
    const email = uniqueEmail();
    const good = await emulatorToken('google', email);
    const stranger = await generateKeyPair('RS256');
    const claims = JSON.parse(Buffer.from(good.split('.')[1] as string, 'base64url').toString('utf8'));
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'kork-local-oidc-1' })
      .sign(stranger.privateKey);
    const bad = {
      'changed payload': withPayload(good, (c) => {
        c.email = 'someone.else@example.no';
      }),
      'wrong signature': forged,
      'wrong audience': await emulator.issue({ provider: 'google', email, clientId: 'another-app' }),
      expired: await emulator.issue({
        provider: 'google',
        email,
        expiresAt: Math.floor(Date.now() / 1000) - 600,
      }),
      'another provider’s token': await emulatorToken('apple', email),
    };
    for (const [what, token] of Object.entries(bad)) {
      const signUp = await origin.api('POST', '/api/auth/sign-up/google', {
        form: signUpForm('google', token),
      });
      expect(signUp.status, what).toBe(401);
      const signInAnswer = await signIn('google', token);
      expect(signInAnswer.status, what).toBe(401);
    }
    // Nothing was created: the address is still free for its owner's real token.
    expect((await signIn('google', good)).error?.code).toBe('ACCOUNT_NOT_FOUND');
    expect((await signIn('google', await emulatorToken('google', 'someone.else@example.no'))).status).toBe(
      404,
    );
  });

  it('asks a deactivated account whether to reactivate it, as a password sign-in does', async () => {
    const email = uniqueEmail();
    const created = await origin.api<LoginResult>('POST', '/api/auth/sign-up/google', {
      form: signUpForm(
        'google',
        await emulatorToken('google', email, { givenName: 'Lars', familyName: 'Haugen' }),
      ),
    });
    const { user, access_token } = created.payload;
    const done = await origin.api('DELETE', `/api/users/${user.id}`, {
      token: access_token,
      json: { action: 'deactivate', confirmation: 'DEACTIVATE' },
    });
    expect(done.status).toBe(204);

    const asked = await signIn('google', await emulatorToken('google', email));
    expect(asked.status).toBe(403);
    expect(asked.error?.code).toBe('ACCOUNT_DEACTIVATED');
    const profile = await origin.api<{ status: string }>('GET', `/api/users/${user.id}/profile`);
    expect(profile.payload.status).toBe('deactivated');

    const back = await signIn('google', await emulatorToken('google', email), { reactivate: true });
    expect(back.status).toBe(200);
    expect(back.payload.user.status).toBe('active');
    expect((await origin.api('GET', '/api/auth/viewer', { token: back.payload.access_token })).status).toBe(
      200,
    );
  });
});
