import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  assertOwner,
  authorize,
  issueAccessToken,
  resetSigningKey,
  type SessionLookup,
  type SessionState,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
} from './auth';
import { ForbiddenError, UnauthorizedError } from './errors';

const KEY = Buffer.alloc(32, 3);

function sessions(states: Record<string, SessionState>): SessionLookup {
  return async (id) => states[id];
}

const active = (role: SessionState['role'], tokenVersion = 1): SessionState => ({
  role,
  tokenVersion,
  status: 'active',
  isExpert: false,
});

async function token(
  userId: string,
  role: string,
  options: { expires?: string; key?: Buffer; ver?: number } = {},
) {
  return new SignJWT({ role, ver: options.ver ?? 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setExpirationTime(options.expires ?? '5m')
    .sign(options.key ?? KEY);
}

describe('route auth levels', () => {
  beforeEach(() => {
    process.env.AUTH_SIGNING_KEY = KEY.toString('base64');
    resetSigningKey();
  });

  const lookup = sessions({ u: active('user'), b: active('business'), a: active('admin') });

  it('answers 401 on a user route without a token', async () => {
    await expect(authorize('user', undefined, lookup)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(authorize('user', 'Basic abc', lookup)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('answers 401 for an expired token or one signed with another key', async () => {
    const expired = await token('u', 'user', { expires: '-1m' });
    const forged = await token('a', 'admin', { key: Buffer.alloc(32, 9) });
    await expect(authorize('user', `Bearer ${expired}`, lookup)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(authorize('admin', `Bearer ${forged}`, lookup)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('answers 403 when a private user calls a business or admin route', async () => {
    const user = `Bearer ${await token('u', 'user')}`;
    await expect(authorize('business', user, lookup)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(authorize('admin', user, lookup)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('lets business users through business routes and admins through every route', async () => {
    expect(await authorize('business', `Bearer ${await token('b', 'business')}`, lookup)).toMatchObject({
      userId: 'b',
      role: 'business',
    });
    const admin = `Bearer ${await token('a', 'admin')}`;
    expect((await authorize('business', admin, lookup))?.role).toBe('admin');
    expect((await authorize('admin', admin, lookup))?.role).toBe('admin');
  });

  it('takes the role from the account, not from the token', async () => {
    const claimsAdmin = `Bearer ${await token('u', 'admin')}`;
    await expect(authorize('admin', claimsAdmin, lookup)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('ends a token when the account raised its token version, was deleted or deactivated', async () => {
    const old = `Bearer ${await issueAccessToken({ userId: 'u', role: 'user', tokenVersion: 1 })}`;
    await expect(authorize('user', old, sessions({ u: active('user', 2) }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await expect(authorize('user', old, sessions({}))).rejects.toBeInstanceOf(UnauthorizedError);
    const deactivated = sessions({ u: { ...active('user'), status: 'deactivated' } });
    await expect(authorize('user', old, deactivated)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('ownership of a path id', () => {
  it('lets the owner and admins through and refuses everyone else with 403', () => {
    expect(() => assertOwner({ userId: 'u1', role: 'user' }, 'u1')).not.toThrow();
    expect(() => assertOwner({ userId: 'x', role: 'admin' }, 'u1')).not.toThrow();
    expect(() => assertOwner({ userId: 'u2', role: 'business' }, 'u1')).toThrow(ForbiddenError);
    expect(() => assertOwner(undefined, 'u1')).toThrow(UnauthorizedError);
  });
});
