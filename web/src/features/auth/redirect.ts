/**
 * Where to go after signing in (SPEC §4): the `redirect_uri` the API answered, else the `redirect` the
 * sign-in URL was given, else the feed. Only paths of this app are followed, so a link cannot send a
 * person who just signed in to someone else's site.
 */
import { isAppPath } from '@kork/shared';

export const DEFAULT_AFTER_LOGIN = '/feed';

export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = globalThis.location?.origin ?? 'http://localhost';
    const url = new URL(value, origin);
    if (url.origin !== origin) return undefined;
    // "//host" and "/\host" resolve to another origin above; a path of this origin is what is left.
    if (!value.startsWith('/') && !value.startsWith(`${origin}/`) && value !== origin) return undefined;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // The same rule the API applies to `redirect_uri` (the shared schema).
    return isAppPath(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function afterLoginPath(redirectUri: string | undefined, search: URLSearchParams): string {
  return safeRedirectPath(redirectUri) ?? safeRedirectPath(search.get('redirect')) ?? DEFAULT_AFTER_LOGIN;
}

/** Carries `redirect` (and `redirect_uri`) from one auth screen to another, e.g. sign-in ↔ registration. */
export function withAuthParams(path: string, search: URLSearchParams): string {
  const params = new URLSearchParams();
  for (const key of ['redirect', 'redirect_uri']) {
    const value = search.get(key);
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
