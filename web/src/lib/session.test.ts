import type { User } from '@kork/shared';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, getSession, resetSessionForTests, startSession, viewerReady } from './session';

const anna = { id: 'u1', email: 'anna@example.com', fullName: 'Anna Berg' } as User;

/** A token whose payload says it expires in a week, as the API's tokens do. */
function token(): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 7 * 86400 }));
  return `header.${payload.replace(/=+$/, '')}.signature`;
}

describe('the session', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    endSession();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches the viewer of a stored token', async () => {
    Cookies.set('KORK_TOKEN', token());
    resetSessionForTests();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ payload: anna }), { status: 200 }));

    expect(await viewerReady()).toEqual(anna);
    expect(getSession()).toEqual({ status: 'authenticated', user: anna });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/viewer');
    expect(new Headers(init.headers).get('authorization')).toMatch(/^Bearer header\./);
  });

  it('forgets a token whose viewer cannot be fetched', async () => {
    Cookies.set('KORK_TOKEN', 'revoked');
    resetSessionForTests();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'You need to log in' } }), {
        status: 401,
      }),
    );

    expect(await viewerReady()).toBeNull();
    expect(getSession()).toEqual({ status: 'anonymous' });
    expect(Cookies.get('KORK_TOKEN')).toBeUndefined();
  });

  it('keeps the session and the viewer last seen when the viewer fetch gets no answer (offline)', async () => {
    const accessToken = token();
    Cookies.set('KORK_TOKEN', accessToken);
    resetSessionForTests();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ payload: anna }), { status: 200 }));
    expect(await viewerReady()).toEqual(anna);

    // The page is opened again without a network.
    resetSessionForTests();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    expect(await viewerReady()).toEqual(anna);
    expect(getSession()).toEqual({ status: 'authenticated', user: anna });
    expect(Cookies.get('KORK_TOKEN')).toBe(accessToken);

    // Another token never gets the viewer remembered for this one.
    Cookies.set('KORK_TOKEN', `${accessToken}x`);
    resetSessionForTests();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await viewerReady()).toBeNull();
    expect(Cookies.get('KORK_TOKEN')).toBe(`${accessToken}x`);
  });

  it('keeps a login in the KORK_TOKEN cookie until logout', () => {
    const accessToken = token();

    startSession({ access_token: accessToken, user: anna });
    expect(Cookies.get('KORK_TOKEN')).toBe(accessToken);
    expect(getSession()).toEqual({ status: 'authenticated', user: anna });

    endSession();
    expect(Cookies.get('KORK_TOKEN')).toBeUndefined();
    expect(getSession()).toEqual({ status: 'anonymous' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
