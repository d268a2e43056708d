/**
 * The plan an account has at a moment, from its subscription (docs/billing.md). Pure: the webhook, the
 * routes and the daily sync all ask it, so a period end passing changes the answer without a job.
 *
 * - No subscription: free.
 * - A plan an administrator set (`manualPlan`) wins until changed.
 * - The provider's statuses `active`, `trialing` and `past_due` (Stripe's retry period) keep the paid
 *   plan until the end of the paid period; a subscription set to renew keeps it a short grace after
 *   (`RENEWAL_GRACE_MS`: the renewal's event may come late), one cancelled at period end does not.
 * - A downgrade made mid-period (`pendingPlan` from `pendingFrom`) takes effect at the end of the period.
 * - Every other status (`canceled`, `unpaid`, `incomplete`, `incomplete_expired`, `paused`): free.
 */
import { PLANS, type Plan } from '@kork/shared';

/** How long after its period end a subscription set to renew keeps its plan while the renewal's event is on its way. */
export const RENEWAL_GRACE_MS = 2 * 24 * 60 * 60 * 1000;

/** The provider statuses under which a paid plan holds (until the period's end). */
export const PAYING_STATUSES = ['active', 'trialing', 'past_due'] as const;

export interface SubscriptionState {
  plan: string;
  status?: string | undefined;
  currentPeriodEnd?: string | undefined;
  cancelAtPeriodEnd?: boolean | undefined;
  pendingPlan?: string | undefined;
  pendingFrom?: string | undefined;
  manualPlan?: string | undefined;
}

export function asPlan(value: string | undefined): Plan {
  return (PLANS as readonly string[]).includes(value ?? '') ? (value as Plan) : 'free';
}

export function effectivePlan(subscription: SubscriptionState | undefined, now: Date): Plan {
  if (!subscription) return 'free';
  if (subscription.manualPlan !== undefined) return asPlan(subscription.manualPlan);
  if (!(PAYING_STATUSES as readonly string[]).includes(subscription.status ?? '')) return 'free';
  const t = now.getTime();
  if (subscription.currentPeriodEnd) {
    const end = Date.parse(subscription.currentPeriodEnd);
    const grace = subscription.cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS;
    if (t >= end + grace) return 'free';
  }
  if (
    subscription.pendingPlan !== undefined &&
    subscription.pendingFrom &&
    t >= Date.parse(subscription.pendingFrom)
  ) {
    return asPlan(subscription.pendingPlan);
  }
  return asPlan(subscription.plan);
}

/**
 * Whether an account may be paying now or later without another event (kept in the sparse `paying`
 * index): a manual paid plan, or a paying status with a paid plan.
 */
export function mayBePaying(subscription: SubscriptionState): boolean {
  if (subscription.manualPlan !== undefined) return subscription.manualPlan !== 'free';
  return (
    (PAYING_STATUSES as readonly string[]).includes(subscription.status ?? '') &&
    asPlan(subscription.plan) !== 'free'
  );
}
