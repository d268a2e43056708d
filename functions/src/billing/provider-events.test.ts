import { describe, expect, it } from 'vitest';
import { effectivePlan } from './effective-plan';
import {
  applyCheckout,
  applyInvoice,
  applySubscription,
  checkoutFacts,
  invoiceFacts,
  parseEvent,
  subscriptionFacts,
} from './provider-events';

const now = new Date('2026-06-15T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const day = 86_400;
const planOfPrice = (price: string) =>
  price === 'price_pro' ? 'pro' : price === 'price_plus' ? 'plus' : undefined;

function subscription(price: string, extra: Record<string, unknown> = {}, itemEnd = t + 30 * day) {
  const facts = subscriptionFacts(
    {
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      cancel_at_period_end: false,
      items: { data: [{ price: { id: price }, current_period_end: itemEnd }] },
      ...extra,
    },
    planOfPrice,
  );
  if (!facts) throw new Error('no facts');
  return facts;
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

describe('reading Stripe objects', () => {
  it('takes the period end from the items (newest API) or from the subscription (older APIs)', () => {
    expect(subscription('price_plus')?.currentPeriodEnd).toBe(new Date((t + 30 * day) * 1000).toISOString());
    const old = subscriptionFacts(
      {
        id: 'sub_1',
        customer: { id: 'cus_1' },
        status: 'active',
        current_period_end: t + day,
        items: { data: [{ plan: { id: 'price_pro' } }] },
      },
      planOfPrice,
    );
    expect(old).toMatchObject({
      plan: 'pro',
      customerId: 'cus_1',
      currentPeriodEnd: new Date((t + day) * 1000).toISOString(),
    });
  });

  it('reads a checkout, an invoice and an event envelope', () => {
    expect(
      checkoutFacts({
        client_reference_id: 'u1',
        customer: 'cus_1',
        subscription: 'sub_1',
        metadata: { plan: 'pro' },
      }),
    ).toEqual({
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      plan: 'pro',
    });
    expect(
      invoiceFacts({ customer: 'cus_1', subscription: 'sub_1', lines: { data: [{ period: { end: t } }] } }),
    ).toEqual({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      periodEnd: now.toISOString(),
    });
    expect(parseEvent({ id: 'evt_1', type: 'x', created: t, data: { object: { a: 1 } } })).toEqual({
      id: 'evt_1',
      type: 'x',
      created: t,
      object: { a: 1 },
    });
    expect(parseEvent({ type: 'x' })).toBeUndefined();
  });
});

describe('how events move a subscription', () => {
  it('checkout then the subscription: Plus until the period end', () => {
    const afterCheckout = applyCheckout(
      undefined,
      { userId: 'u1', customerId: 'cus_1', subscriptionId: 'sub_1', plan: 'plus' },
      t,
      now,
    );
    expect(effectivePlan(afterCheckout, now)).toBe('plus');
    const facts = subscription('price_plus');
    const next = applySubscription(afterCheckout, facts, t, now);
    expect(next).toMatchObject({ plan: 'plus', status: 'active', customerId: 'cus_1', lastEventAt: t });
  });

  it('an event older than the newest applied changes nothing (out of order)', () => {
    const cancelled = applySubscription(
      undefined,
      subscription('price_plus', { cancel_at_period_end: true }),
      t + 10,
      now,
    );
    expect(applySubscription(cancelled, subscription('price_plus'), t + 5, now)).toBeUndefined();
  });

  it('a downgrade Pro → Plus mid-period waits for the end of the paid period; an upgrade is at once', () => {
    const pro = must(applySubscription(undefined, subscription('price_pro'), t, now));
    const down = must(applySubscription(pro, subscription('price_plus'), t + 1, now));
    expect(down).toMatchObject({ plan: 'pro', pendingPlan: 'plus', pendingFrom: pro.currentPeriodEnd });
    expect(effectivePlan(down, now)).toBe('pro');
    expect(effectivePlan(down, new Date(t * 1000 + 31 * day * 1000))).toBe('plus');
    const back = must(applySubscription(down, subscription('price_pro'), t + 2, now));
    expect(back.pendingPlan).toBeUndefined();
    const plus = must(applySubscription(undefined, subscription('price_plus'), t, now));
    expect(applySubscription(plus, subscription('price_pro'), t + 1, now)).toMatchObject({ plan: 'pro' });
  });

  it('deleted is free at once', () => {
    const pro = must(applySubscription(undefined, subscription('price_pro'), t, now));
    const gone = applySubscription(pro, subscription('price_pro', { status: 'canceled' }), t + 1, now);
    expect(effectivePlan(gone, now)).toBe('free');
  });

  it('a paid invoice only moves the period end forward, in any order', () => {
    const plus = must(applySubscription(undefined, subscription('price_plus'), t, now));
    const later = applyInvoice(
      plus,
      { subscriptionId: 'sub_1', periodEnd: new Date((t + 60 * day) * 1000).toISOString() },
      t + 5,
      now,
    );
    const earlier = applyInvoice(
      later,
      { subscriptionId: 'sub_1', periodEnd: new Date((t + 30 * day) * 1000).toISOString() },
      t + 1,
      now,
    );
    expect(earlier.currentPeriodEnd).toBe(new Date((t + 60 * day) * 1000).toISOString());
  });

  it('a new checkout replaces a plan an administrator set', () => {
    const next = applyCheckout(
      { plan: 'free', manualPlan: 'free' },
      { userId: 'u1', customerId: 'cus_2', subscriptionId: 'sub_2', plan: 'pro' },
      t,
      now,
    );
    expect(effectivePlan(next, now)).toBe('pro');
  });
});
