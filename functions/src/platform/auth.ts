/**
 * Access tokens: HS256 JWTs signed with the product's own key (D8), carrying the account id, its role
 * and its token version. Every authenticated request also checks the account's current state, so a
 * password change, deactivation or deletion ends every token at once.
 */
import type { Role } from '@kork/shared';
import { jwtVerify, SignJWT } from 'jose';
import { ForbiddenError, UnauthorizedError } from './errors';

export type { Role };

/**
 * Who may call a route. `pos`: no user session; the till's POS key id in `x-api-key` and the body signed
 * with its secret (docs/pos.md). The key reaches only the POS routes of its own cellar.
 */
export type AuthLevel = 'public' | 'user' | 'business' | 'admin' | 'pos';

export interface Principal {
  userId: string;
  role: Role;
  isExpert?: boolean;
  /** A till's request: the POS key it was signed with (docs/pos.md); the principal is the key's owner. */
  posKeyId?: string;
  /** That key's name, which the till's sales are recorded under. */
  posKeyName?: string;
}

export const TOKEN_ISSUER = 'kork';
export const TOKEN_AUDIENCE = 'kork-app';
export const TOKEN_LIFETIME = '7d';

let cachedKey: Uint8Array | undefined;

/** The signing key; read once from AUTH_SIGNING_KEY (base64, at least 32 bytes). */
export function signingKey(): Uint8Array {
  if (cachedKey) return cachedKey;
  const raw = process.env.AUTH_SIGNING_KEY;
  if (!raw) throw new Error('AUTH_SIGNING_KEY environment variable is not set');
  const key = Buffer.from(raw, 'base64');
  if (key.length < 32) throw new Error('AUTH_SIGNING_KEY must hold at least 32 bytes');
  cachedKey = new Uint8Array(key);
  return cachedKey;
}

export function resetSigningKey(): void {
  cachedKey = undefined;
}

export interface TokenClaims {
  userId: string;
  role: Role;
  tokenVersion: number;
}

export async function issueAccessToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(signingKey());
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export async function verifyAccessToken(token: string): Promise<TokenClaims> {
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
    return { userId: payload.sub, role, tokenVersion: typeof payload.ver === 'number' ? payload.ver : 0 };
  } catch {
    throw new UnauthorizedError();
  }
}

/** The account's current state, as the session check needs it. */
export interface SessionState {
  role: Role;
  tokenVersion: number;
  status: 'active' | 'deactivated' | 'deleting';
  isExpert: boolean;
}

export type SessionLookup = (userId: string) => Promise<SessionState | undefined>;

/** A token is good while its account exists, is active and has not raised its token version. */
async function principalOf(token: string, lookup: SessionLookup): Promise<Principal> {
  const claims = await verifyAccessToken(token);
  const state = await lookup(claims.userId);
  if (!state || state.tokenVersion !== claims.tokenVersion) throw new UnauthorizedError();
  if (state.status !== 'active') throw new ForbiddenError({ key: 'accountDeactivated' });
  return { userId: claims.userId, role: state.role, isExpert: state.isExpert };
}

/** 401 without a valid token; 403 when the account's role does not reach the route's level. */
export async function authorize(
  level: AuthLevel,
  header: string | undefined,
  lookup: SessionLookup,
): Promise<Principal | undefined> {
  // A till's routes take a signed POS key (pos/pos-auth.ts), never a session.
  if (level === 'pos') throw new UnauthorizedError({ key: 'posKeyInvalid' });
  const token = bearerToken(header);
  if (level === 'public') return token ? principalOf(token, lookup).catch(() => undefined) : undefined;
  if (!token) throw new UnauthorizedError();
  const principal = await principalOf(token, lookup);
  if (level === 'business' && principal.role === 'user') throw new ForbiddenError();
  if (level === 'admin' && principal.role !== 'admin') throw new ForbiddenError();
  return principal;
}

/** Ownership of an `{id}` in a path: the account itself, or an admin. */
export function assertOwner(principal: Principal | undefined, ownerId: string | undefined): void {
  if (!principal) throw new UnauthorizedError();
  if (principal.role !== 'admin' && principal.userId !== ownerId) throw new ForbiddenError();
}
