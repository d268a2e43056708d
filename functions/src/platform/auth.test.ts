import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { authorize, resetSigningKey, TOKEN_AUDIENCE, TOKEN_ISSUER } from './auth';
import { ForbiddenError, UnauthorizedError } from './errors';

const KEY = Buffer.alloc(32, 3);

async function token(role: string, options: { expires?: string; key?: Buffer } = {}) {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-9')
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

  it('answers 401 on a user route without a token', async () => {
    await expect(authorize('user', undefined)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(authorize('user', 'Basic abc')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('answers 401 for an expired token or one signed with another key', async () => {
    const expired = await token('user', { expires: '-1m' });
    const forged = await token('admin', { key: Buffer.alloc(32, 9) });
    await expect(authorize('user', `Bearer ${expired}`)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(authorize('admin', `Bearer ${forged}`)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('answers 403 when a private user calls a business or admin route', async () => {
    const user = `Bearer ${await token('user')}`;
    await expect(authorize('business', user)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(authorize('admin', user)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('lets business users through business routes and admins through every route', async () => {
    expect(await authorize('business', `Bearer ${await token('business')}`)).toEqual({
      userId: 'user-9',
      role: 'business',
    });
    const admin = `Bearer ${await token('admin')}`;
    expect((await authorize('business', admin))?.role).toBe('admin');
    expect((await authorize('admin', admin))?.role).toBe('admin');
  });
});
