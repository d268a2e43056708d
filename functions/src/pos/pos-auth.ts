/**
 * How a till's request is authenticated (docs/pos.md), before anything reads its body: the POS key's id
 * in `x-api-key`, the raw body signed with the key's secret in `X-Kork-Signature`. The key is read, its
 * secret derived and checked against the stored hash, the signature compared in constant time; then
 * the key's rate limit is taken. The request acts as the key's cellar owner.
 */
import { POS_LIMITS, POS_SIGNATURE_HEADER } from '@kork/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { storedCellarId } from '../cellar/cellar-service';
import type { Principal } from '../platform/auth';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../platform/errors';
import { reserve } from '../platform/rate-limit';
import { findPosKey, posKeySecret, touchPosKey } from './pos-keys';
import { secretMatches, verifySignature } from './pos-secrets';

/** The body's bytes as the till sent them, before any parsing. */
export function rawBody(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

/**
 * A cellar a till's path names (`{cellarId}`) must be the key's own: named by the cellar's id or by its
 * owner's id. Any other is a 403.
 */
export async function assertTillCellar(ownerId: string, cellarId: string | undefined): Promise<void> {
  if (cellarId === undefined || cellarId === ownerId) return;
  // Read, never made here: an owner with no cellar yet has no cellar id a path could name.
  if ((await storedCellarId(ownerId)) !== cellarId) throw new ForbiddenError();
}

/**
 * The principal of a signed till request: 401 `posKeyInvalid` for a missing, unknown or revoked key,
 * 401 `posSignatureInvalid` for a signature that does not match, 403 for another cellar in the path,
 * 429 past the key's rate limit.
 */
export async function authenticateTill(
  event: Pick<APIGatewayProxyEventV2, 'headers' | 'body' | 'isBase64Encoded' | 'pathParameters'>,
): Promise<Principal> {
  const headers = event.headers ?? {};
  const keyId = headers['x-api-key']?.trim() ?? '';
  const key = keyId ? await findPosKey(keyId) : undefined;
  if (!key) throw new UnauthorizedError({ key: 'posKeyInvalid' });
  const secret = posKeySecret(key);
  // A secret that no longer matches the stored hash (the server's key was replaced) is no key at all.
  if (!secretMatches(secret, key.secretHash)) throw new UnauthorizedError({ key: 'posKeyInvalid' });
  if (!verifySignature(secret, rawBody(event), headers[POS_SIGNATURE_HEADER]))
    throw new UnauthorizedError({ key: 'posSignatureInvalid' });
  await assertTillCellar(key.ownerId, event.pathParameters?.cellarId);
  const reservation = await reserve({
    key: `pos#${key.keyId}`,
    limit: POS_LIMITS.eventsPerMinute,
    windowSeconds: 60,
  });
  if (!reservation.granted) throw new RateLimitedError(reservation.retryAfterSeconds);
  await touchPosKey(key);
  return { userId: key.ownerId, role: 'business', posKeyId: key.keyId, posKeyName: key.name };
}
