/**
 * The bearer-token slot. Access tokens are JWTs signed with the product's own key (D8). Locally the key
 * is generated into the data folder; in the cloud it comes from the secret store.
 */
import { jwtVerify } from 'jose';
import type { AuthLevel } from '../routes';
import { ForbiddenError, UnauthorizedError } from './errors';

export type Role = 'user' | 'business' | 'admin';

export interface Principal {
  userId: string;
  role: Role;
}

export const TOKEN_ISSUER = 'kork';
export const TOKEN_AUDIENCE = 'kork-app';

let cachedKey: Uint8Array | undefined;

/** The signing key; read once from AUTH_SIGNING_KEY (base64, at least 32 bytes). */
export function signingKey(): Uint8Array {
  if (cachedKey) return cachedKey;
  const raw = process.env.AUTH_SIGNING_KEY;
  if (!raw) throw new UnauthorizedError();
  const key = Buffer.from(raw, 'base64');
  if (key.length < 32) throw new Error('AUTH_SIGNING_KEY must hold at least 32 bytes');
  cachedKey = new Uint8Array(key);
  return cachedKey;
}

export function resetSigningKey(): void {
  cachedKey = undefined;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export async function verifyAccessToken(token: string): Promise<Principal> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: ['HS256'],
    });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || (role !== 'user' && role !== 'business' && role !== 'admin')) {
      throw new UnauthorizedError();
    }
    return { userId: payload.sub, role };
  } catch {
    throw new UnauthorizedError();
  }
}

/** 401 without a valid token; 403 when the principal's role does not reach the route's level. */
export async function authorize(
  level: AuthLevel,
  header: string | undefined,
): Promise<Principal | undefined> {
  const token = bearerToken(header);
  if (level === 'public') return token ? verifyAccessToken(token).catch(() => undefined) : undefined;
  if (!token) throw new UnauthorizedError();
  const principal = await verifyAccessToken(token);
  if (level === 'business' && principal.role === 'user') throw new ForbiddenError();
  if (level === 'admin' && principal.role !== 'admin') throw new ForbiddenError();
  return principal;
}
