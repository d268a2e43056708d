/** The sweep's part 3: access on every guarded route, decided before the body is read. */
import type { RouteDescription } from '@kork/functions/platform/http';
import { type RouteKey, routes } from '@kork/functions/routes';
import { describe, expect, it } from 'vitest';
import { fixturesFor } from './fixtures';
import { pathOf, type Schema } from './schemas';
import { described, freshAccount, methodOf, origin, ROUTE_KEYS, tillHeaders, tillKeyOf } from './stack';
import { changesBetween, tableState, tillTableState } from './table-state';

/**
 * Guarded routes that take a body and are open to every account of their role: each acts on what the
 * caller makes (an event, a note on any wine, a cover, an assistant conversation). On every other
 * guarded route, who may call it (its role, `owner`, `access`) is decided before its body is read: a
 * caller without access sending a bad body gets 403 or 404, never a 400 naming the body's fields.
 */
export const OPEN_TO_EVERY_ACCOUNT = new Set<RouteKey>([
  'POST /api/assistant/conversations',
  'POST /api/events',
  'POST /api/events/covers',
  'POST /api/events/wine-ids',
  'POST /api/wines/{id}/tastings',
  'PUT /api/wines/{id}/my-rating',
]);

/** A body no route takes: a list where an object belongs, or a form with a broken text field. */
export function refusedBody(spec: RouteDescription['spec']): { json: unknown } | { form: FormData } {
  if (spec.multipart) {
    const form = new FormData();
    form.append('junk', 'a\u0000b');
    return { form };
  }
  const json = [{ junk: 'a\u0000b' }];
  if (spec.body) expect((spec.body as unknown as Schema).safeParse(json).success).toBe(false);
  return { json };
}

export function describeAccess(): void {
  describe('access', () => {
    const guarded = ROUTE_KEYS.filter((key) => routes[key].auth !== 'public');
    it.each(guarded.map((key) => [key]))(
      '%s answers 401 without a token and 403 to another account where it is owned or for admins only',
      async (key) => {
        const { spec } = described.get(key) as RouteDescription;
        const { auth } = routes[key];
        const owner = await freshAccount(auth === 'admin' ? 'admin' : 'business');
        const stranger = await freshAccount('business');
        const values = await fixturesFor(key, owner);
        const path = pathOf(key, values);
        const body = () => (spec.multipart ? { form: new FormData() } : spec.body ? { json: {} } : {});
        // A POS key, signed as a till signs, is no client key: it passes no route but the till's.
        const ownKey = await tillKeyOf(owner);
        const strangerKey = auth === 'pos' ? await tillKeyOf(stranger) : undefined;
        const privateAccount = await freshAccount('user');
        const state = auth === 'pos' ? tillTableState : tableState;
        const before = await state();
        const anonymous = await origin.api(methodOf(key), path, body());
        expect(anonymous.status, `${key} without a token`).toBe(401);
        const takesBody = Boolean(spec.body || spec.multipart);
        if (takesBody && auth !== 'pos') {
          // Access before the body: a private account, and another business where the route is not
          // open to every business, get 403 or 404 for a body no route takes.
          const outsiders = [privateAccount];
          if (!OPEN_TO_EVERY_ACCOUNT.has(key)) outsiders.push(stranger);
          for (const outsider of outsiders) {
            if (auth === 'user' && OPEN_TO_EVERY_ACCOUNT.has(key)) continue;
            const answer = await origin.api(methodOf(key), path, {
              ...refusedBody(spec),
              token: outsider.token,
            });
            expect(
              [403, 404],
              `${key} for an account without access, with a bad body: ${answer.status} ${JSON.stringify(answer.error)}`,
            ).toContain(answer.status);
          }
        }
        if (spec.owner || auth === 'admin') {
          const answer = await origin.api(methodOf(key), path, { ...body(), token: stranger.token });
          expect(answer.status, `${key} for another account`).toBe(403);
        }
        if (auth === 'pos') {
          const { json } = body() as { json?: unknown };
          const forged = { ...tillHeaders(ownKey, json), 'x-kork-signature': `sha256=${'0'.repeat(64)}` };
          const unsigned = await origin.api(methodOf(key), path, { ...body(), headers: forged });
          expect(unsigned.status, `${key} with a wrong signature`).toBe(401);
          if (strangerKey && key.includes('{cellarId}')) {
            const answer = await origin.api(methodOf(key), path, {
              ...body(),
              headers: tillHeaders(strangerKey, json),
            });
            expect(answer.status, `${key} signed by another cellar's key`).toBe(403);
          }
        } else {
          const { json } = body() as { json?: unknown };
          const answer = await origin.api(methodOf(key), path, {
            ...body(),
            token: owner.token,
            headers: tillHeaders(ownKey, spec.multipart ? undefined : json),
          });
          expect(answer.status, `${key} with a POS key for its client key`).toBe(403);
          expect(answer.error?.code, `${key} with a POS key for its client key`).toBe('API_KEY');
        }
        expect(changesBetween(before, await state()), `${key} changed the table`).toEqual([]);
      },
    );
  });
}
