import { describe, expect, it } from 'vitest';
import { effectivePlan, mayBePaying, RENEWAL_GRACE_MS } from './effective-plan';

const now = new Date('2026-06-15T12:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('effectivePlan', () => {
  it('is free without a subscription', () => {
    expect(effectivePlan(undefined, now)).toBe('free');
  });

  it('keeps a paid plan while active, trialing or past due (Stripe retrying) until the period ends', () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      expect(effectivePlan({ plan: 'plus', status, currentPeriodEnd: later(10) }, now)).toBe('plus');
    }
  });

  it('is free when the subscription is deleted, unpaid, incomplete or paused', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(effectivePlan({ plan: 'pro', status, currentPeriodEnd: later(10) }, now)).toBe('free');
    }
  });

  it('keeps a plan cancelled at period end until that end, not a moment after', () => {
    const sub = { plan: 'pro', status: 'active', currentPeriodEnd: later(3), cancelAtPeriodEnd: true };
    expect(effectivePlan(sub, now)).toBe('pro');
    expect(effectivePlan(sub, new Date(later(3)))).toBe('free');
  });

  it('gives a renewing subscription a short grace past its period end for the renewal to arrive', () => {
    const sub = { plan: 'plus', status: 'active', currentPeriodEnd: later(0) };
    expect(effectivePlan(sub, new Date(now.getTime() + RENEWAL_GRACE_MS - 1))).toBe('plus');
    expect(effectivePlan(sub, new Date(now.getTime() + RENEWAL_GRACE_MS))).toBe('free');
  });

  it('applies a downgrade made mid-period at the end of the paid period', () => {
    const sub = {
      plan: 'pro',
      status: 'active',
      currentPeriodEnd: later(20),
      pendingPlan: 'plus',
      pendingFrom: later(20),
    };
    expect(effectivePlan(sub, now)).toBe('pro');
    expect(effectivePlan({ ...sub, currentPeriodEnd: later(50) }, new Date(later(21)))).toBe('plus');
  });

  it('lets a plan an administrator set win until changed, whatever the provider says', () => {
    expect(effectivePlan({ plan: 'free', manualPlan: 'pro' }, now)).toBe('pro');
    expect(
      effectivePlan({ plan: 'pro', status: 'active', currentPeriodEnd: later(5), manualPlan: 'free' }, now),
    ).toBe('free');
    expect(effectivePlan({ plan: 'plus', status: 'canceled', manualPlan: 'plus' }, now)).toBe('plus');
  });
});

describe('mayBePaying (the sparse paying index)', () => {
  it('holds paying statuses with a paid plan and manual paid plans, nothing else', () => {
    expect(mayBePaying({ plan: 'plus', status: 'active' })).toBe(true);
    expect(mayBePaying({ plan: 'plus', status: 'canceled' })).toBe(false);
    expect(mayBePaying({ plan: 'free', manualPlan: 'pro' })).toBe(true);
    expect(mayBePaying({ plan: 'pro', status: 'active', manualPlan: 'free' })).toBe(false);
  });
});
