import * as z from 'zod/mini';
import { textField } from './schema-primitives';

/**
 * Plans (SPEC §1 "market data from $100/month (plans Plus and Pro)", §6, §9). An account is on `free`
 * until the payment provider's signed webhook says otherwise; Plus and Pro open market value analytics
 * and the daily valuation sync. docs/billing.md has the rules.
 */
export const PLANS = ['free', 'plus', 'pro'] as const;
export type Plan = (typeof PLANS)[number];
export const PAID_PLANS = ['plus', 'pro'] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

export function isPaidPlan(plan: Plan): plan is PaidPlan {
  return plan === 'plus' || plan === 'pro';
}

/** `GET /api/account/plan`. */
export interface PlanAnswer {
  plan: Plan;
  /** When a paid plan renews (ISO instant); absent when it is set to end. */
  renewsAt?: string;
  /** When a paid plan ends (cancelled at period end); the plan holds until then. */
  endsAt?: string;
  /** A downgrade waiting for the end of the paid period: the plan it becomes and when. */
  pending?: { plan: Plan; from: string };
  /** Where a free account upgrades (Plus: `checkoutUrl`; each plan: `checkoutUrls`). */
  checkoutUrl?: string;
  checkoutUrls?: Partial<Record<PaidPlan, string>>;
  /** Where a paying account manages its subscription (the provider's billing portal). */
  portalUrl?: string;
  /** Where to ask when no checkout is configured. */
  contactEmail?: string;
  /** Set by an administrator rather than the payment provider. */
  manual?: boolean;
}

/** `PUT /api/admin/users/{id}/plan`: an administrator sets a plan by hand, with a reason for the audit. */
export const AdminPlanBody = z.object({
  plan: z.enum(PLANS, { error: 'invalidValue' }),
  reason: textField(500, { min: 1 }),
});
export type AdminPlanBody = z.infer<typeof AdminPlanBody>;

/** One change of an account's plan, by an administrator (with the reason typed) or by the payment provider. */
export interface PlanAuditEntry {
  /** When (ISO instant). */
  at: string;
  plan: Plan;
  previousPlan?: Plan;
  /** The administrator's reason, or what the payment provider reported (its event type). */
  reason: string;
  /** The administrator's user id; absent for a change from the payment provider. */
  by?: string;
  /** The administrator's name or e-mail address, for the history's reader. */
  byName?: string;
}

/**
 * `GET|PUT /api/admin/users/{id}/plan`: the account's plan as its owner sees it, who the account is, and
 * the audit history of its plan, newest first.
 */
export interface AdminPlanAnswer extends PlanAnswer {
  userId: string;
  email?: string;
  fullName?: string;
  audit: PlanAuditEntry[];
}

/** The payment provider events the webhook acts on (Stripe's names); any other is acknowledged and ignored. */
export const PAYMENT_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Seconds a signed webhook's timestamp may be from now (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The error code of a 403 for a feature the account's plan does not include. */
export const PLAN_REQUIRED_CODE = 'planRequired';
