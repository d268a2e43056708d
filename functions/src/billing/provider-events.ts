/**
 * Stripe's events as the billing domain reads them (docs/billing.md), and how each moves a subscription's
 * state. Pure: the webhook (payment-webhook.ts) reads, decides with these, and writes in one transaction.
 *
 * Ordering: a subscription event carries the whole subscription, so the newest one applied wins; one
 * older than `lastEventAt` changes nothing. `invoice.paid` only ever moves the period end forward, so it
 * may come in any order. A downgrade made mid-period waits for the end of the paid period (SPEC §9).
 */
import type { PaidPlan, Plan } from '@kork/shared';
import type { SubscriptionState } from './effective-plan';
import { asPlan } from './effective-plan';

type Obj = Record<string, unknown>;

export interface ProviderEvent {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  object: Obj;
}

/** What a subscription object says. */
export interface SubscriptionFacts {
  subscriptionId: string;
  customerId?: string;
  status: string;
  plan?: PaidPlan;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd: boolean;
  /** `metadata.userId`, when the subscription was made with it (the local emulator does). */
  userId?: string;
}

/** What a completed checkout says. */
export interface CheckoutFacts {
  userId?: string;
  customerId?: string;
  subscriptionId?: string;
  plan?: PaidPlan;
}

/** What a paid invoice says. */
export interface InvoiceFacts {
  customerId?: string;
  subscriptionId?: string;
  periodEnd?: string;
}

export interface StoredState extends SubscriptionState {
  customerId?: string | undefined;
  subscriptionId?: string | undefined;
  lastEventAt?: number | undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const idOf = (v: unknown): string | undefined => str(v) ?? str(obj(v).id);
const isoOf = (seconds: unknown): string | undefined =>
  typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : undefined;
const items = (v: unknown): Obj[] => (Array.isArray(obj(v).data) ? (obj(v).data as unknown[]).map(obj) : []);

export function parseEvent(raw: unknown): ProviderEvent | undefined {
  const event = obj(raw);
  const id = str(event.id);
  const type = str(event.type);
  const created = event.created;
  if (!id || !type || typeof created !== 'number') return undefined;
  return { id, type, created, object: obj(obj(event.data).object) };
}

function paidPlan(value: unknown): PaidPlan | undefined {
  return value === 'plus' || value === 'pro' ? value : undefined;
}

export function subscriptionFacts(
  object: Obj,
  planOfPrice: (priceId: string) => PaidPlan | undefined,
): SubscriptionFacts | undefined {
  const subscriptionId = str(object.id);
  if (!subscriptionId) return undefined;
  const lines = items(object.items);
  let plan = paidPlan(obj(object.metadata).plan);
  for (const line of lines) {
    const price = idOf(line.price) ?? idOf(line.plan);
    const fromPrice = price ? planOfPrice(price) : undefined;
    if (fromPrice === 'pro' || (fromPrice && !plan)) plan = fromPrice;
  }
  // Stripe's newest API has the period on each item (`items.data[].current_period_end`); older ones on the subscription.
  const ends = [object.current_period_end, ...lines.map((l) => l.current_period_end)].filter(
    (v): v is number => typeof v === 'number',
  );
  const facts: SubscriptionFacts = {
    subscriptionId,
    status: str(object.status) ?? 'incomplete',
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
  };
  const customerId = idOf(object.customer);
  if (customerId) facts.customerId = customerId;
  if (plan) facts.plan = plan;
  const end = ends.length > 0 ? isoOf(Math.max(...ends)) : undefined;
  if (end) facts.currentPeriodEnd = end;
  const userId = str(obj(object.metadata).userId);
  if (userId) facts.userId = userId;
  return facts;
}

export function checkoutFacts(object: Obj): CheckoutFacts {
  const facts: CheckoutFacts = {};
  const userId = str(object.client_reference_id);
  const customerId = idOf(object.customer);
  const subscriptionId = idOf(object.subscription);
  const plan = paidPlan(obj(object.metadata).plan);
  if (userId) facts.userId = userId;
  if (customerId) facts.customerId = customerId;
  if (subscriptionId) facts.subscriptionId = subscriptionId;
  if (plan) facts.plan = plan;
  return facts;
}

export function invoiceFacts(object: Obj): InvoiceFacts {
  const facts: InvoiceFacts = {};
  const customerId = idOf(object.customer);
  const subscriptionId =
    idOf(object.subscription) ?? idOf(obj(obj(object.parent).subscription_details).subscription);
  const ends = items(object.lines)
    .map((l) => obj(l.period).end)
    .filter((v): v is number => typeof v === 'number');
  if (customerId) facts.customerId = customerId;
  if (subscriptionId) facts.subscriptionId = subscriptionId;
  const end = ends.length > 0 ? isoOf(Math.max(...ends)) : undefined;
  if (end) facts.periodEnd = end;
  return facts;
}

const RANK: Record<Plan, number> = { free: 0, plus: 1, pro: 2 };

/** A pending downgrade whose time has come becomes the plan. */
function settled(state: StoredState, now: Date): StoredState {
  if (
    state.pendingPlan === undefined ||
    !state.pendingFrom ||
    now.getTime() < Date.parse(state.pendingFrom)
  ) {
    return state;
  }
  return { ...state, plan: state.pendingPlan, pendingPlan: undefined, pendingFrom: undefined };
}

/**
 * A subscription event's state applied, or undefined when the event is older than the newest applied
 * (it would roll the state back).
 */
export function applySubscription(
  current: StoredState | undefined,
  facts: SubscriptionFacts,
  created: number,
  now: Date,
): StoredState | undefined {
  if (current?.lastEventAt !== undefined && created < current.lastEventAt) return undefined;
  const sameSubscription =
    current?.subscriptionId === undefined || current.subscriptionId === facts.subscriptionId;
  let next: StoredState = sameSubscription
    ? settled({ ...(current ?? { plan: 'free' }) }, now)
    : { plan: 'free', manualPlan: current?.manualPlan };
  const paidUntil = next.currentPeriodEnd ? Date.parse(next.currentPeriodEnd) : undefined;
  const stillPaid =
    sameSubscription && paidUntil !== undefined && paidUntil > now.getTime() && asPlan(next.plan) !== 'free';
  if (facts.plan) {
    if (stillPaid && RANK[facts.plan] < RANK[asPlan(next.plan)] && next.status !== 'canceled') {
      // A downgrade keeps what was paid for until the end of its period.
      if (next.pendingPlan !== facts.plan)
        next = { ...next, pendingPlan: facts.plan, pendingFrom: next.currentPeriodEnd };
    } else {
      next = { ...next, plan: facts.plan, pendingPlan: undefined, pendingFrom: undefined };
    }
  }
  next = {
    ...next,
    status: facts.status,
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
    subscriptionId: facts.subscriptionId,
    lastEventAt: created,
  };
  if (facts.customerId) next.customerId = facts.customerId;
  if (facts.currentPeriodEnd) next.currentPeriodEnd = facts.currentPeriodEnd;
  return settled(next, now);
}

/** A completed checkout: links the customer and starts the plan unless a newer subscription state is there. */
export function applyCheckout(
  current: StoredState | undefined,
  facts: CheckoutFacts,
  created: number,
  now: Date,
): StoredState {
  const newer = current?.lastEventAt !== undefined && created < current.lastEventAt;
  const known = current?.subscriptionId !== undefined && current.subscriptionId === facts.subscriptionId;
  // A new checkout replaces what an administrator set: the person now pays.
  let next: StoredState = { ...(current ?? { plan: 'free' }), manualPlan: undefined };
  if (facts.customerId) next.customerId = facts.customerId;
  if (!newer && !(known && next.status)) {
    next = {
      ...next,
      plan: facts.plan ?? next.plan,
      status: 'active',
      subscriptionId: facts.subscriptionId ?? next.subscriptionId,
      pendingPlan: undefined,
      pendingFrom: undefined,
      cancelAtPeriodEnd: false,
      lastEventAt: created,
    };
    if (!known) next.currentPeriodEnd = undefined;
  }
  return settled(next, now);
}

/** A paid invoice: the period end only ever moves forward, whatever the order. */
export function applyInvoice(
  current: StoredState,
  facts: InvoiceFacts,
  created: number,
  now: Date,
): StoredState {
  if (facts.subscriptionId && current.subscriptionId && facts.subscriptionId !== current.subscriptionId)
    return current;
  let next = { ...current };
  if (
    facts.periodEnd &&
    (!next.currentPeriodEnd || Date.parse(facts.periodEnd) > Date.parse(next.currentPeriodEnd))
  ) {
    next.currentPeriodEnd = facts.periodEnd;
  }
  if ((next.lastEventAt === undefined || created >= next.lastEventAt) && next.status === 'past_due') {
    next = { ...next, status: 'active', lastEventAt: created };
  }
  return settled(next, now);
}
