/**
 * Writing a subscription's change in one transaction with its audit entry (when the effective plan or an
 * administrator's plan changed) and, for a provider event, the event's de-duplication record: either all
 * of it happens or none, and the same event id can never apply twice.
 */
import type { Plan } from '@kork/shared';
import { ulid } from 'ulid';
import { transaction } from '../data/tables';
import { commitTransaction } from '../data/transactions';
import { effectivePlan, mayBePaying } from './effective-plan';
import type { StoredState } from './provider-events';
import { PAYING_INDEX, type SubscriptionRecord } from './subscription-store';

/** How long an event id is remembered: Stripe retries for three days; a month is ample. */
export const EVENT_MEMORY_SECONDS = 30 * 24 * 60 * 60;

export interface EventRecord {
  eventId: string;
  type: string;
  created: number;
  outcome: 'applied' | 'stale' | 'ignored' | 'unclaimed';
  ownerId?: string;
  customerId?: string;
  unclaimedCustomerId?: string;
  snapshot?: unknown;
}

export interface PlanChangeNote {
  source: 'webhook' | 'admin' | 'seed';
  by: string;
  reason: string;
}

function defined<T extends Record<string, unknown>>(item: T): T {
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)) as T;
}

function eventItem(record: EventRecord, now: Date) {
  return defined({
    ...record,
    receivedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + EVENT_MEMORY_SECONDS,
  });
}

/** Records an event that changes no subscription (ignored, unclaimed, stale); a ConflictError when it is already there. */
export async function recordEvent(record: EventRecord, now: Date): Promise<void> {
  await commitTransaction(() =>
    transaction('billing').write(({ paymentEvent }) => [
      paymentEvent.create(eventItem(record, now)).commit(),
    ]),
  );
}

/**
 * Writes `next` over `current` (conditional on the version read), the event record if any, and an audit
 * entry when the effective plan, or the administrator's plan, changed. Throws a ConflictError when
 * someone wrote first or the event is already recorded (the caller reads again).
 */
export async function writeSubscription(
  ownerId: string,
  current: SubscriptionRecord | undefined,
  next: StoredState,
  options: { now: Date; event?: EventRecord; note: PlanChangeNote; forceAudit?: boolean },
): Promise<{ from: Plan; to: Plan }> {
  const { now } = options;
  const from = effectivePlan(current, now);
  const to = effectivePlan(next, now);
  const audit = options.forceAudit || from !== to || current?.manualPlan !== next.manualPlan;
  const item = defined({
    ownerId,
    plan: next.plan,
    status: next.status,
    customerId: next.customerId,
    subscriptionId: next.subscriptionId,
    currentPeriodEnd: next.currentPeriodEnd,
    cancelAtPeriodEnd: next.cancelAtPeriodEnd,
    pendingPlan: next.pendingPlan,
    pendingFrom: next.pendingFrom,
    manualPlan: next.manualPlan,
    lastEventAt: next.lastEventAt,
    payingIndex: mayBePaying(next) ? PAYING_INDEX : undefined,
    version: (current?.version ?? 0) + 1,
    updatedAt: now.toISOString(),
  });
  await commitTransaction(() =>
    transaction('billing').write(({ subscription, paymentEvent, planChange }) => {
      const writes = [
        current
          ? subscription
              .put(item)
              .where(({ version }, { eq }) => eq(version, current.version))
              .commit()
          : subscription.create(item).commit(),
      ];
      if (options.event) writes.push(paymentEvent.create(eventItem(options.event, now)).commit());
      if (audit) {
        writes.push(
          planChange
            .create({
              ownerId,
              at: now.toISOString(),
              id: ulid(),
              from,
              to,
              source: options.note.source,
              by: options.note.by,
              reason: options.note.reason,
            })
            .commit(),
        );
      }
      return writes;
    }),
  );
  return { from, to };
}
