import { MESSAGES } from '@kork/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { completeSocialSignIn, credentialProfile, providerConfigured } from './social-sign-in';

function failure(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), { status });
}

describe('finishing a Google or Apple sign-in', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says nothing about a refusal (403)', async () => {
    fetchMock.mockResolvedValue(failure(403, 'FORBIDDEN', 'This account is deactivated'));

    expect(await completeSocialSignIn({ provider: 'google', idToken: 'x'.repeat(40) })).toEqual({
      kind: 'silent',
    });
  });

  it('asks a deactivated account to reactivate, and sends the reactivation when told to', async () => {
    fetchMock.mockResolvedValueOnce(failure(403, 'ACCOUNT_DEACTIVATED', 'This account is deactivated'));
    const credential = { provider: 'google', idToken: 'x'.repeat(40) } as const;

    expect(await completeSocialSignIn(credential)).toEqual({ kind: 'deactivated' });

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ payload: { access_token: 't', user: { id: 'u1' } } }), { status: 200 }),
    );
    const outcome = await completeSocialSignIn(credential, { reactivate: true });
    expect(outcome.kind).toBe('signed-in');
    const body = JSON.parse(String((fetchMock.mock.calls[1]?.[1] as RequestInit | undefined)?.body));
    expect(body).toEqual({ idToken: credential.idToken, reactivate: true });
  });

  it('offers registration when nobody has registered with this sign-in', async () => {
    fetchMock.mockResolvedValue(failure(404, 'ACCOUNT_NOT_FOUND', MESSAGES.accountNotFound.en));

    expect(await completeSocialSignIn({ provider: 'google', idToken: 'x'.repeat(40) })).toEqual({
      kind: 'not-registered',
      message: MESSAGES.accountNotFound.en,
    });
  });

  it('shows the server’s message for Google, and Apple’s own message for Apple', async () => {
    fetchMock.mockImplementation(async () =>
      failure(401, 'UNAUTHORIZED', 'We could not verify your sign-in.'),
    );

    expect(await completeSocialSignIn({ provider: 'google', idToken: 'x'.repeat(40) })).toEqual({
      kind: 'failed',
      message: 'We could not verify your sign-in.',
    });
    expect(await completeSocialSignIn({ provider: 'apple', identityToken: 'y'.repeat(40) })).toEqual({
      kind: 'failed',
      message: 'We are having trouble logging you in with your AppleID, please try again',
    });
  });
});

describe('what the app reads from a credential before the API checks it', () => {
  /** A token's middle part as a provider encodes it: UTF-8 JSON in base64url. */
  const token = (claims: object) => {
    const bytes = new TextEncoder().encode(JSON.stringify(claims));
    const base64 = btoa(String.fromCharCode(...bytes));
    return `h.${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
  };

  it('takes the address and names from Google’s token, Apple’s names from beside its token', () => {
    expect(
      credentialProfile({
        provider: 'google',
        idToken: token({ email: 'ingrid@example.no', given_name: 'Ingrid', family_name: 'Bø' }),
      }),
    ).toEqual({ email: 'ingrid@example.no', givenName: 'Ingrid', familyName: 'Bø' });
    expect(
      credentialProfile({
        provider: 'apple',
        identityToken: token({ email: 'lars@privaterelay.appleid.com' }),
        givenName: 'Lars',
        familyName: 'Haugen',
      }),
    ).toEqual({ email: 'lars@privaterelay.appleid.com', givenName: 'Lars', familyName: 'Haugen' });
    expect(credentialProfile({ provider: 'google', idToken: 'not-a-token' })).toEqual({
      email: undefined,
      givenName: undefined,
      familyName: undefined,
    });
  });

  it('offers a provider only with its client id', () => {
    expect(providerConfigured({ google: { clientId: 'web.apps' } }, 'google')).toBe(true);
    expect(providerConfigured({ google: { clientId: 'web.apps' } }, 'apple')).toBe(false);
    expect(providerConfigured(undefined, 'google')).toBe(false);
  });
});
