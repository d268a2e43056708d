import { SESSION_COOKIE } from '@kork/shared';
import Cookies from 'js-cookie';

/**
 * The KORK_TOKEN cookie (SPEC §9: strict same-site, secure on https). Apart from the session store so
 * that the API client can read the token without importing the store that calls the API.
 */
export function getSessionToken(): string | undefined {
  return Cookies.get(SESSION_COOKIE) || undefined;
}

/** The token's own expiry (the JWT `exp` claim), so the cookie lasts exactly as long as the token. */
function expiryOf(token: string): Date | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

export function storeSessionToken(token: string): void {
  Cookies.set(SESSION_COOKIE, token, {
    path: '/',
    sameSite: 'strict',
    secure: globalThis.location?.protocol === 'https:',
    expires: expiryOf(token),
  });
}

export function removeSessionToken(): void {
  Cookies.remove(SESSION_COOKIE, { path: '/' });
}
