/**
 * The billing service other domains call (docs/billing.md): an account's effective plan today, the gate
 * for Plus and Pro features, the accounts the daily sync serves, and what the plan page shows.
 */
import { PAID_PLANS, type Plan, type PlanAnswer } from '@kork/shared';
import { payments } from '../adapters/payments';
import { tables } from '../data/tables';
import { PlanRequiredError } from '../platform/errors';
import { effectivePlan } from './effective-plan';
import { PAYING_INDEX, readSubscription } from './subscription-store';

/** The effective plan at `now` (free when the account has no subscription). */
export async function planOf(userId: string, now: Date = new Date()): Promise<Plan> {
  return effectivePlan(await readSubscription(userId), now);
}

/** Throws PlanRequiredError (403, `planRequired`) unless the account is on Plus or Pro. */
export async function requirePaidPlan(userId: string): Promise<void> {
  if ((await planOf(userId)) === 'free') throw new PlanRequiredError();
}

/** Every account on Plus or Pro at `now`: a query on the sparse `paying` index, not a scan. */
export async function payingUserIds(now: Date = new Date()): Promise<string[]> {
  const { data } = await tables('billing')
    .subscription.query.paying({ payingIndex: PAYING_INDEX })
    .go({ pages: 'all' });
  return data.filter((s) => effectivePlan(s, now) !== 'free').map((s) => s.ownerId);
}

/** `GET /api/account/plan`: the plan, its dates, and where to upgrade or manage it. */
export async function planAnswer(
  user: { id: string; email?: string },
  now: Date = new Date(),
): Promise<PlanAnswer> {
  const subscription = await readSubscription(user.id);
  const plan = effectivePlan(subscription, now);
  const port = await payments();
  const answer: PlanAnswer = { plan };
  const contactEmail = port.contactEmail();
  if (contactEmail) answer.contactEmail = contactEmail;
  if (subscription?.manualPlan !== undefined) answer.manual = true;
  if (plan === 'free') {
    const urls: Partial<Record<(typeof PAID_PLANS)[number], string>> = {};
    for (const paid of PAID_PLANS) {
      const url = port.checkoutUrl(paid, user);
      if (url) urls[paid] = url;
    }
    if (urls.plus) answer.checkoutUrl = urls.plus;
    if (Object.keys(urls).length > 0) answer.checkoutUrls = urls;
  } else if (subscription && subscription.manualPlan === undefined) {
    const portal = port.portalUrl(user);
    if (portal) answer.portalUrl = portal;
  }
  if (
    plan !== 'free' &&
    subscription &&
    subscription.manualPlan === undefined &&
    subscription.currentPeriodEnd
  ) {
    if (subscription.cancelAtPeriodEnd) answer.endsAt = subscription.currentPeriodEnd;
    else answer.renewsAt = subscription.currentPeriodEnd;
  }
  if (
    plan !== 'free' &&
    subscription?.manualPlan === undefined &&
    subscription?.pendingPlan !== undefined &&
    subscription.pendingFrom &&
    Date.parse(subscription.pendingFrom) > now.getTime()
  ) {
    answer.pending = { plan: subscription.pendingPlan as Plan, from: subscription.pendingFrom };
  }
  return answer;
}
