import type { LoginResult, User } from '@kork/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { getSessionToken, removeSessionToken, storeSessionToken } from './session-token';

/**
 * Who is signed in (SPEC §4, §7). The token lives in the KORK_TOKEN cookie (SPEC §9); the person it
 * belongs to (the viewer) is fetched from `GET /auth/viewer` once per token. A failed viewer fetch means
 * nobody is signed in and the token is forgotten, as SPEC §7 says.
 *
 * This is app state every feature reads (navbar, footer, auth pages, profile), so it lives in `lib`,
 * not in one feature. Cookies fire no change events: a sign-in made in another tab is noticed when this
 * tab gets focus again.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: User };

const ANONYMOUS: SessionState = { status: 'anonymous' };
const LOADING: SessionState = { status: 'loading' };

const listeners = new Set<() => void>();
/** The token `state` was worked out for; when the cookie holds another one, the viewer is fetched again. */
let stateToken: string | undefined = getSessionToken();
let state: SessionState = stateToken ? LOADING : ANONYMOUS;
let pending: Promise<User | null> | undefined;

function emit(): void {
  for (const listener of listeners) listener();
}

function setState(next: SessionState, token: string | undefined): void {
  state = next;
  stateToken = token;
  emit();
}

function fetchViewer(token: string): Promise<User | null> {
  const request = api.get<User>('/auth/viewer').then(
    (user) => {
      // A sign-in or sign-out while the answer was on its way wins over it.
      if (getSessionToken() === token) setState({ status: 'authenticated', user }, token);
      return user;
    },
    () => {
      if (getSessionToken() === token) {
        removeSessionToken();
        setState(ANONYMOUS, undefined);
      }
      return null;
    },
  );
  pending = request;
  void request.finally(() => {
    if (pending === request) pending = undefined;
  });
  return request;
}

/** Brings the state in line with the cookie: fetches the viewer of a new token, forgets a removed one. */
function sync(): void {
  const token = getSessionToken();
  if (token === stateToken && (state.status !== 'loading' || pending)) return;
  if (!token) {
    setState(ANONYMOUS, undefined);
    return;
  }
  setState(LOADING, token);
  void fetchViewer(token);
}

/** The viewer once it is known (`null` for a visitor): what route guards wait for. */
export function viewerReady(): Promise<User | null> {
  sync();
  if (state.status === 'authenticated') return Promise.resolve(state.user);
  if (state.status === 'anonymous') return Promise.resolve(null);
  return pending ?? Promise.resolve(null);
}

export function getSession(): SessionState {
  return state;
}

/** Signs a person in with what log-in, verification or social sign-in answered. */
export function startSession(result: LoginResult): void {
  storeSessionToken(result.access_token);
  pending = undefined;
  setState({ status: 'authenticated', user: result.user }, result.access_token);
}

/** Replaces the viewer after a profile change, keeping the token. */
export function updateViewer(user: User): void {
  if (state.status !== 'authenticated') return;
  setState({ status: 'authenticated', user }, stateToken);
}

/** Signs out on this device: the token is forgotten (the API keeps no session to end). */
export function endSession(): void {
  removeSessionToken();
  pending = undefined;
  setState(ANONYMOUS, undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('focus', sync);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', sync);
  };
}

export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribe, getSession, () => LOADING);
  // The first screen that asks starts the viewer fetch; later ones share it.
  useEffect(sync, []);
  return session;
}

/** The signed-in person, or `null` for a visitor and while the viewer is still being fetched. */
export function useViewer(): User | null {
  const session = useSession();
  return session.status === 'authenticated' ? session.user : null;
}

/**
 * True when someone is, or very likely is, signed in: a token whose viewer is still on its way counts,
 * so visitor-only parts (sign-in button, register buttons) do not flash for a signed-in person.
 */
export function useIsLoggedIn(): boolean {
  return useSession().status !== 'anonymous';
}

/** For tests: forget everything and read the cookie afresh. */
export function resetSessionForTests(): void {
  pending = undefined;
  stateToken = getSessionToken();
  state = stateToken ? LOADING : ANONYMOUS;
}
