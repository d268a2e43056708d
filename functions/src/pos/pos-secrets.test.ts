import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  deriveSecret,
  hashSecret,
  newPosKeyId,
  newSalt,
  POS_KEY_ID,
  secretMatches,
  signBody,
  verifySignature,
} from './pos-secrets';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const ikm = new Uint8Array(32).fill(7);
const otherIkm = new Uint8Array(32).fill(8);
const keyId = 'pk_01jz0000000000000000000000';
const salt = 'AAECAwQFBgcICQoLDA0ODw';
const body = '{"posTransactionId":"T-1","soldAt":"2025-05-01T18:00:00Z","lines":[]}';

describe('POS key secrets', () => {
  it('makes key ids that are path ids', () => {
    const id = newPosKeyId();
    expect(id).toMatch(POS_KEY_ID);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newPosKeyId()).not.toBe(id);
  });

  it('derives the same secret from the same key, id and salt', () => {
    const secret = deriveSecret(ikm, keyId, salt);
    expect(secret).toMatch(/^kps_[A-Za-z0-9_-]{43}$/);
    expect(deriveSecret(ikm, keyId, salt)).toBe(secret);
  });

  it('derives another secret for another salt, key id or server key', () => {
    const secret = deriveSecret(ikm, keyId, salt);
    expect(deriveSecret(ikm, keyId, newSalt())).not.toBe(secret);
    expect(deriveSecret(ikm, 'pk_01jz0000000000000000000001', salt)).not.toBe(secret);
    expect(deriveSecret(otherIkm, keyId, salt)).not.toBe(secret);
  });

  it('keeps a hash that matches its secret only', () => {
    const secret = deriveSecret(ikm, keyId, salt);
    const hash = hashSecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret.slice(4));
    expect(secretMatches(secret, hash)).toBe(true);
    expect(secretMatches(deriveSecret(ikm, keyId, newSalt()), hash)).toBe(false);
  });

  it('makes fresh 16-byte salts', () => {
    expect(Buffer.from(newSalt(), 'base64url')).toHaveLength(16);
    expect(newSalt()).not.toBe(newSalt());
  });
});

describe('request signatures', () => {
  const secret = deriveSecret(ikm, keyId, salt);
  const signature = signBody(secret, body);

  it('passes the body it signs, as text or as bytes', () => {
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(secret, body, signature)).toBe(true);
    expect(verifySignature(secret, Buffer.from(body, 'utf8'), signature)).toBe(true);
  });

  it('signs an empty body (a GET) as the HMAC of nothing', () => {
    const empty = crypto.createHmac('sha256', secret).update('').digest('hex');
    expect(signBody(secret, '')).toBe(`sha256=${empty}`);
    expect(verifySignature(secret, Buffer.alloc(0), `sha256=${empty}`)).toBe(true);
  });

  it('fails a tampered body', () => {
    expect(verifySignature(secret, body.replace('T-1', 'T-2'), signature)).toBe(false);
    expect(verifySignature(secret, `${body} `, signature)).toBe(false);
  });

  it('fails another key’s secret', () => {
    const other = deriveSecret(ikm, keyId, newSalt());
    expect(verifySignature(other, body, signature)).toBe(false);
    expect(verifySignature(secret, body, signBody(other, body))).toBe(false);
  });

  it('fails a missing or malformed header', () => {
    const hex = signature.slice('sha256='.length);
    for (const header of [
      undefined,
      '',
      hex,
      `sha1=${hex}`,
      `sha256:${hex}`,
      `sha256=${hex.slice(2)}`,
      `sha256=${hex}00`,
      `sha256=${hex.replace(/[0-9a-f]$/, 'z')}`,
      `sha256= ${hex}`,
      `sha256=${hex},sha256=${hex}`,
    ]) {
      expect(verifySignature(secret, body, header), String(header)).toBe(false);
    }
  });

  it('takes the prefix in any case, the digest in either case and spaces around', () => {
    const hex = signature.slice('sha256='.length);
    for (const header of [`SHA256=${hex}`, `Sha256=${hex.toUpperCase()}`, `  sha256=${hex}  `]) {
      expect(verifySignature(secret, body, header), header).toBe(true);
    }
  });

  it('compares in constant time, for a good and a bad signature alike', () => {
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    verifySignature(secret, body, signature);
    expect(compare).toHaveBeenCalledTimes(1);
    verifySignature(secret, body, 'sha256=00');
    verifySignature(secret, body, undefined);
    expect(compare).toHaveBeenCalledTimes(3);
  });
});
