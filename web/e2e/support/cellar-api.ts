import { type APIRequestContext, expect } from '@playwright/test';
import { API_HEADERS, DEMO } from './accounts';

/** A signed-in account as the API knows it: the token and the user id its cellar paths carry. */
export interface CellarSession {
  token: string;
  userId: string;
}

/** Logs the demo restaurant (or another account) in through the API, for setting up and checking a journey. */
export async function cellarSession(
  request: APIRequestContext,
  account: { email: string; password: string } = DEMO.restaurant,
): Promise<CellarSession> {
  const response = await request.post('/api/auth/log-in', { headers: API_HEADERS, data: account });
  expect(response.status()).toBe(200);
  const { payload } = (await response.json()) as { payload: { access_token: string; user: { id: string } } };
  return { token: payload.access_token, userId: payload.user.id };
}

/** A call under the account's cellar (`/api/wine-cellars/users/{id}{path}`) that must succeed; its payload. */
export async function cellarCall<T>(
  request: APIRequestContext,
  session: CellarSession,
  method: 'get' | 'post' | 'patch',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](`/api/wine-cellars/users/${session.userId}${path}`, {
    headers: { ...API_HEADERS, authorization: `Bearer ${session.token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** Empties the account's marketplace cart through the API (a cart an earlier journey left). */
export async function emptyCart(request: APIRequestContext, session: CellarSession): Promise<void> {
  const headers = { ...API_HEADERS, authorization: `Bearer ${session.token}` };
  const cellars = await cellarCall<{ rows: { id: string }[] }>(request, session, 'get', '/cellars');
  const cartPath = `/api/wine-cellars/cellars/${cellars.rows[0]?.id}/nbs/cart-items`;
  const cart = await request.get(cartPath, { headers });
  expect(cart.ok(), await cart.text()).toBe(true);
  const { payload } = (await cart.json()) as { payload: { groups: { lines: { id: string }[] }[] } };
  for (const line of payload.groups.flatMap((group) => group.lines)) {
    const gone = await request.delete(`${cartPath}/${line.id}`, { headers });
    expect(gone.ok(), await gone.text()).toBe(true);
  }
}
