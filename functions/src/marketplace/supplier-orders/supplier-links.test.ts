import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken, resetSigningKey } from '../../platform/auth';
import { signSupplierLink, supplierLinkUrl, verifySupplierLink } from './supplier-links';

const claims = { supplierId: 'sup-vinimport', ownerId: 'owner-1', orderId: '01JORDER' };

beforeAll(() => {
  process.env.AUTH_SIGNING_KEY = Buffer.alloc(32, 7).toString('base64');
  resetSigningKey();
});
afterAll(() => resetSigningKey());

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

describe("a supplier's link", () => {
  it('names its order and lasts 14 days', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const token = await signSupplierLink(claims, now);
    const read = await verifySupplierLink(token, now);
    expect(read).toEqual({ ...claims, expiresAt: '2026-12-06T10:00:00.000Z' });
    expect(await statusOf(verifySupplierLink(token, new Date('2026-12-06T10:00:01Z')))).toBe(410);
  });

  it('refuses a tampered token, a session token and another key (401)', async () => {
    const token = await signSupplierLink(claims);
    const [head, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sup: 'sup-other', aud: 'kork-supplier-link' }),
    ).toString('base64url');
    expect(await statusOf(verifySupplierLink(`${head}.${forged}.${signature}`))).toBe(401);
    const session = await issueAccessToken({ userId: 'u1', role: 'business', tokenVersion: 1 });
    expect(await statusOf(verifySupplierLink(session))).toBe(401);
    const otherKey = await new SignJWT({ sup: 's', own: 'o', ord: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('kork')
      .setAudience('kork-supplier-link')
      .setExpirationTime('1d')
      .sign(new Uint8Array(32).fill(9));
    expect(await statusOf(verifySupplierLink(otherKey))).toBe(401);
    expect(await statusOf(verifySupplierLink('garbage'))).toBe(401);
  });

  it('opens the supplier page with the token in the fragment', () => {
    const before = process.env.APP_URL;
    process.env.APP_URL = 'https://kork.example/';
    try {
      expect(supplierLinkUrl('abc.def.ghi')).toBe('https://kork.example/supplier-order#t=abc.def.ghi');
    } finally {
      if (before === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = before;
    }
  });
});
