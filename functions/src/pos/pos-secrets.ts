/**
 * The cryptography of POS keys (docs/pos.md), free of the table so it is tested on its own.
 *
 * A key's secret is never stored. It is derived when it is needed from the server's signing key and the
 * key's own random salt: `kps_` + base64url(HKDF-SHA256(signing key, salt, 'kork-pos-key:' + keyId, 32)).
 * The key's item keeps the salt and SHA-256 of the secret, so a copy of the table reveals no secret,
 * and a new salt (rotation) ends the old secret at once.
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';

export const POS_SECRET_PREFIX = 'kps_';
export const POS_KEY_ID_PREFIX = 'pk_';

/** A key id: `pk_` and a lower-case ULID, safe in a path and a header. */
export const POS_KEY_ID = /^pk_[0-9a-z]{26}$/;

export function newPosKeyId(): string {
  return `${POS_KEY_ID_PREFIX}${ulid().toLowerCase()}`;
}

/** A fresh salt: 16 random bytes, base64url. */
export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

/** The secret of key `keyId` with `salt`, under the server's key `ikm`. */
export function deriveSecret(ikm: Uint8Array, keyId: string, salt: string): string {
  const bytes = hkdfSync('sha256', ikm, Buffer.from(salt, 'base64url'), `kork-pos-key:${keyId}`, 32);
  return `${POS_SECRET_PREFIX}${Buffer.from(bytes).toString('base64url')}`;
}

/** What the key's item keeps of its secret: SHA-256, hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The signature a till sends: `sha256=` and the hex HMAC-SHA256 of the raw body under the secret. */
export function signBody(secret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Equal hex digests, compared in constant time (a malformed one is compared against itself and fails). */
export function sameDigest(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = /^[0-9a-f]+$/i.test(givenHex) ? Buffer.from(givenHex, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, given);
}

/**
 * Whether `header` (`X-Kork-Signature`) signs `body` with `secret`. The header is `sha256=<64 hex>`:
 * the prefix in any case, the digest in either case, spaces around it ignored. Anything else fails.
 */
export function verifySignature(
  secret: string,
  body: Uint8Array | string,
  header: string | undefined,
): boolean {
  const match = /^\s*sha256=([0-9a-f]{64})\s*$/i.exec(header ?? '');
  const expected = createHmac('sha256', secret).update(body).digest('hex');
  return sameDigest(expected, match?.[1] ?? '');
}

/** Whether `secret` is the one `secretHash` was made from (constant time). */
export function secretMatches(secret: string, secretHash: string): boolean {
  return sameDigest(secretHash, hashSecret(secret));
}
