import { MESSAGES } from '@kork/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { completeSocialSignIn } from './social-sign-in';

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
