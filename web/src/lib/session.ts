import type { LoginResult, User } from '@kork/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api, NETWORK_CODE, TIMEOUT_CODE } from './api-client';
import { adoptAccountCurrency } from './currency';
import { getSessionToken, removeSessionToken, storeSessionToken } from './session-token';

/**
 * Who is signed in (SPEC §4, §7). The token lives in the KORK_TOKEN cookie (SPEC §9); the person it
 * belongs to (the viewer) is fetched from `GET /auth/viewer` once per token. A refused viewer fetch means
 * nobody is signed in and the token is forgotten, as SPEC §7 says; a fetch that gets no answer at all
 * (offline) keeps the token and shows the viewer last seen on this device until the API can be asked.
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
/** True while the viewer shown is the one remembered on this device, not yet confirmed by the API. */
let provisional = false;

/**
 * The last viewer of the current token, kept on this device so a page opened without a network (a count
 * sheet in a cellar) keeps its signed-in person. Tied to the token by its last characters: another
 * token never gets it.
 */
const VIEWER_KEY = 'kork.viewer';

function tokenTag(token: string): string {
  return token.slice(-24);
}

function rememberViewer(user: User, token: string | undefined): void {
  if (!token) return;
  try {
    localStorage.setItem(VIEWER_KEY, JSON.stringify({ tag: tokenTag(token), user }));
  } catch {
    // Storage may be full or refused; the session goes on without it.
  }
}

function rememberedViewer(token: string): User | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(VIEWER_KEY) ?? 'null') as {
      tag?: string;
      user?: User;
    } | null;
    return saved?.tag === tokenTag(token) ? saved.user : undefined;
  } catch {
    return undefined;
  }
}

function forgetViewer(): void {
  try {
    localStorage.removeItem(VIEWER_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** No answer at all (offline, a timeout): not a refusal of the token. */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === NETWORK_CODE || error.code === TIMEOUT_CODE);
}

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
      if (getSessionToken() === token) {
        provisional = false;
        rememberViewer(user, token);
        adoptAccountCurrency(user.viewCurrency);
        setState({ status: 'authenticated', user }, token);
      }
      return user;
    },
    (error: unknown) => {
      if (getSessionToken() !== token) return null;
      if (unreachable(error)) {
        // Without a network the token is not refused: the viewer remembered here stands in until the
        // API can be asked again; with none remembered, the token is kept for the next try.
        const remembered = rememberedViewer(token);
        provisional = true;
        if (remembered) {
          setState({ status: 'authenticated', user: remembered }, token);
          return remembered;
        }
        setState(ANONYMOUS, undefined);
        return null;
      }
      provisional = false;
      forgetViewer();
      removeSessionToken();
      setState(ANONYMOUS, undefined);
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
  // A viewer remembered while offline is confirmed once the network is back.
  if (token && token === stateToken && provisional && !pending && navigator.onLine) {
    void fetchViewer(token);
    return;
  }
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
  provisional = false;
  rememberViewer(result.user, result.access_token);
  setState({ status: 'authenticated', user: result.user }, result.access_token);
}

/** Replaces the viewer after a profile change, keeping the token. */
export function updateViewer(user: User): void {
  if (state.status !== 'authenticated') return;
  rememberViewer(user, stateToken);
  setState({ status: 'authenticated', user }, stateToken);
}

/** Signs out on this device: the token is forgotten (the API keeps no session to end). */
export function endSession(): void {
  removeSessionToken();
  forgetViewer();
  pending = undefined;
  provisional = false;
  setState(ANONYMOUS, undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('focus', sync);
  window.addEventListener('online', sync);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', sync);
    window.removeEventListener('online', sync);
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
  provisional = false;
  stateToken = getSessionToken();
  state = stateToken ? LOADING : ANONYMOUS;
}
