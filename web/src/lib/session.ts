import { SESSION_COOKIE } from '@kork/shared';
import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';

// The token lives in the KORK_TOKEN cookie (SPEC §9). Cookies fire no change events, so whoever signs a
// person in or out calls `sessionChanged()`; a focus check catches a sign-in made in another tab.
const listeners = new Set<() => void>();

export function getSessionToken(): string | undefined {
  return Cookies.get(SESSION_COOKIE) || undefined;
}

export function isLoggedIn(): boolean {
  return getSessionToken() !== undefined;
}

export function sessionChanged(): void {
  for (const listener of listeners) listener();
}

export function clearSession(): void {
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  sessionChanged();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('focus', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
  };
}

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}
