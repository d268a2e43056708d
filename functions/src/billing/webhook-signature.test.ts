import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './webhook-signature';

// Headers made by Stripe's own library (an independent implementation of the scheme), and ours checked by it.
const secret = 'whsec_test_0123456789abcdef';
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'invoice.paid',
  created: 1_700_000_000,
});
const now = 1_700_000_100;

function stripeHeader(opts: { payload?: string; secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: opts.payload ?? payload,
    secret: opts.secret ?? secret,
    timestamp: opts.timestamp ?? now,
  });
}

describe('Stripe-Signature verification', () => {
  it("accepts a header Stripe's library made for the body", () => {
    expect(verifySignature(payload, stripeHeader(), [secret], now)).toEqual({ ok: true, timestamp: now });
    expect(verifySignature(Buffer.from(payload), stripeHeader(), [secret], now).ok).toBe(true);
  });

  it('refuses a body changed by one character', () => {
    const tampered = payload.replace('invoice.paid', 'invoice.paiD');
    expect(verifySignature(tampered, stripeHeader(), [secret], now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a header made with another secret', () => {
    const header = stripeHeader({ secret: 'whsec_someone_else' });
    expect(verifySignature(payload, header, [secret], now)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a timestamp outside the tolerance, either way, and takes one just inside', () => {
    expect(verifySignature(payload, stripeHeader({ timestamp: now - 301 }), [secret], now).ok).toBe(false);
    expect(verifySignature(payload, stripeHeader({ timestamp: now + 301 }), [secret], now).ok).toBe(false);
    expect(verifySignature(payload, stripeHeader({ timestamp: now - 300 }), [secret], now).ok).toBe(true);
  });

  it('refuses a timestamp moved after signing (it is part of what is signed)', () => {
    const header = stripeHeader().replace(`t=${now}`, `t=${now + 1}`);
    expect(verifySignature(payload, header, [secret], now).ok).toBe(false);
  });

  it('accepts any one of several v1 signatures, and any one of several secrets (a secret being rolled)', () => {
    const good = stripeHeader().split(',v1=')[1];
    const header = `t=${now},v1=${'0'.repeat(64)},v1=${good}`;
    expect(verifySignature(payload, header, [secret], now).ok).toBe(true);
    expect(verifySignature(payload, stripeHeader(), ['whsec_old', secret], now).ok).toBe(true);
  });

  it('refuses a missing or malformed header, and a v0-only one', () => {
    expect(verifySignature(payload, undefined, [secret], now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature(payload, 'nonsense', [secret], now)).toEqual({ ok: false, reason: 'malformed' });
    const v0 = stripeHeader().replace('v1=', 'v0=');
    expect(verifySignature(payload, v0, [secret], now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it("signs as Stripe does: Stripe's library accepts the emulator's header", () => {
    const header = signPayload(payload, secret, Math.floor(Date.now() / 1000));
    const stripeCheck = Stripe.webhooks.signature;
    if (!stripeCheck) throw new Error("Stripe's library has no signature check");
    expect(stripeCheck.verifyHeader(payload, header, secret)).toBe(true);
  });
});
