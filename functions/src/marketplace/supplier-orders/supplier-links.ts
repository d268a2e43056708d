/**
 * Suppliers' order links: a token signed with the app's key naming one order of one supplier, valid
 * `SUPPLIER_LINK_DAYS` days. The link opens `/supplier-order#t=<token>`: the token stays in the fragment
 * and reaches the API in a request body only. Its audience is the link's own, so a link is never a
 * session token and a session token is never a link.
 */
import { createHash } from 'node:crypto';
import { SUPPLIER_LINK_DAYS } from '@kork/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { signingKey, TOKEN_ISSUER } from '../../platform/auth';
import { env } from '../../platform/env';
import { DomainError, RateLimitedError, UnauthorizedError } from '../../platform/errors';
import { reserve } from '../../platform/rate-limit';

export const SUPPLIER_LINK_AUDIENCE = 'kork-supplier-link';

/** Requests of the two public link routes one client may make per window. */
export const SUPPLIER_LINK_RATE = { limit: 120, windowSeconds: 60 } as const;

export interface SupplierLinkClaims {
  supplierId: string;
  ownerId: string;
  orderId: string;
  expiresAt: string;
}

/** 410: a link that was valid and has run out. */
export class SupplierLinkExpiredError extends DomainError {
  override name = 'SupplierLinkExpiredError';
  readonly code = 'INVALID_TOKEN';
  readonly status = 410;
  constructor() {
    super({ key: 'supplierLinkExpired' });
  }
}

export async function signSupplierLink(
  claims: Omit<SupplierLinkClaims, 'expiresAt'>,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sup: claims.supplierId, own: claims.ownerId, ord: claims.orderId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(SUPPLIER_LINK_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SUPPLIER_LINK_DAYS * 24 * 3600)
    .sign(signingKey());
}

const claim = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;

/** The claims of a valid token; 401 supplierLinkInvalid, or 410 supplierLinkExpired. */
export async function verifySupplierLink(token: string, now: Date = new Date()): Promise<SupplierLinkClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, signingKey(), {
      issuer: TOKEN_ISSUER,
      audience: SUPPLIER_LINK_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new SupplierLinkExpiredError();
    throw new UnauthorizedError({ key: 'supplierLinkInvalid' });
  }
  const supplierId = claim(payload.sup);
  const ownerId = claim(payload.own);
  const orderId = claim(payload.ord);
  if (!supplierId || !ownerId || !orderId || typeof payload.exp !== 'number')
    throw new UnauthorizedError({ key: 'supplierLinkInvalid' });
  return { supplierId, ownerId, orderId, expiresAt: new Date(payload.exp * 1000).toISOString() };
}

/** The page a supplier opens. */
export function supplierLinkUrl(token: string): string {
  return `${env.appUrl().replace(/\/+$/, '')}/supplier-order#t=${token}`;
}

/**
 * Counts one request of a public link route for its client (429 past the window's limit), before the
 * token is read, so tokens cannot be tried fast. The client's address is kept hashed.
 */
export async function limitLinkRequests(client: string, now = Date.now()): Promise<void> {
  const hash = createHash('sha256').update(client).digest('hex').slice(0, 32);
  const reservation = await reserve({ key: `supplier-link#${hash}`, ...SUPPLIER_LINK_RATE }, now);
  if (!reservation.granted) throw new RateLimitedError(reservation.retryAfterSeconds);
}
