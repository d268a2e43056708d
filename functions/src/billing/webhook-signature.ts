/**
 * Stripe's webhook signature (docs/billing.md): the `Stripe-Signature` header is `t=<unix seconds>` and
 * one or more `v1=<hex>` (several while a secret is rolled), each an HMAC-SHA256 with the endpoint's
 * signing secret over `${t}.${raw body}`. The raw bytes are signed, so the body is checked before anything
 * parses it; the comparison is constant-time and the timestamp must be within the tolerance of now.
 * The local payment emulator signs with `signPayload`, exactly as Stripe does.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@kork/shared';

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'tooOld' | 'mismatch' };

function hmac(secret: string, timestamp: number | string, raw: Uint8Array | string): Buffer {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`, 'utf8')
    .update(typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw)
    .digest();
}

/** The header Stripe would send for `raw` signed with `secret` at `timestamp` (epoch seconds). */
export function signPayload(raw: Uint8Array | string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, raw).toString('hex')}`;
}

export function verifySignature(
  raw: Uint8Array | string,
  header: string | undefined,
  secrets: readonly string[],
  nowSeconds: number = Math.floor(Date.now() / 1000),
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0)
    return { ok: false, reason: 'malformed' };
  const t = Number(timestamp);
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return { ok: false, reason: 'tooOld' };
  for (const secret of secrets) {
    if (!secret) continue;
    const expected = hmac(secret, timestamp, raw);
    // Every candidate is compared, in constant time each.
    let matched = false;
    for (const signature of signatures) {
      if (signature.length === expected.length && timingSafeEqual(signature, expected)) matched = true;
    }
    if (matched) return { ok: true, timestamp: t };
  }
  return { ok: false, reason: 'mismatch' };
}
