/**
 * What a verified provider event does (docs/billing.md). De-duplicated by event id (the record is written
 * in the same transaction as the change); ordered by the subscription's newest applied event; an event for
 * a customer no account is linked to yet is kept (`unclaimed`) and applied when its checkout links it.
 */
import { PAYMENT_EVENT_TYPES, type PaymentEventType } from '@kork/shared';
import { findUserById } from '../accounts/account-lookup';
import type { PaymentsPort } from '../adapters/payments';
import { tables } from '../data/tables';
import { retryOnConflict } from '../data/transactions';
import type { Logger } from '../platform/logger';
import {
  applyCheckout,
  applyInvoice,
  applySubscription,
  checkoutFacts,
  invoiceFacts,
  type ProviderEvent,
  type StoredState,
  type SubscriptionFacts,
  subscriptionFacts,
} from './provider-events';
import { readSubscription, type SubscriptionRecord, subscriptionOfCustomer } from './subscription-store';
import { type EventRecord, recordEvent, writeSubscription } from './subscription-writes';

export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unclaimed';

interface Unclaimed {
  kind: 'subscription' | 'invoice';
  created: number;
  facts: unknown;
}

async function seen(eventId: string): Promise<boolean> {
  const { data } = await tables('billing').paymentEvent.get({ eventId }).go({ consistent: true });
  return Boolean(data);
}

async function unclaimedOf(customerId: string): Promise<Unclaimed[]> {
  const { data } = await tables('billing')
    .paymentEvent.query.unclaimed({ unclaimedCustomerId: customerId })
    .go({ pages: 'all' });
  return data
    .flatMap((e) => (e.snapshot ? [e.snapshot as Unclaimed] : []))
    .sort((a, b) => a.created - b.created);
}

function isHandled(type: string): type is PaymentEventType {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);
}

/** The account an event belongs to: the customer's, else the user id the event names (if that account exists). */
async function ownerOf(
  customerId: string | undefined,
  userId: string | undefined,
): Promise<{ ownerId: string; current: SubscriptionRecord | undefined } | undefined> {
  if (userId && (await findUserById(userId)))
    return { ownerId: userId, current: await readSubscription(userId) };
  if (customerId) {
    const linked = await subscriptionOfCustomer(customerId);
    if (linked) return { ownerId: linked.ownerId, current: await readSubscription(linked.ownerId) };
  }
  return undefined;
}

function replayUnclaimed(state: StoredState, unclaimed: Unclaimed[], now: Date): StoredState {
  let next = state;
  for (const u of unclaimed) {
    if (u.kind === 'subscription')
      next = applySubscription(next, u.facts as SubscriptionFacts, u.created, now) ?? next;
    else next = applyInvoice(next, u.facts as Parameters<typeof applyInvoice>[1], u.created, now);
  }
  return next;
}

async function once(event: ProviderEvent, port: PaymentsPort, log: Logger, now: Date): Promise<EventOutcome> {
  if (await seen(event.id)) return 'duplicate';
  const base: EventRecord = {
    eventId: event.id,
    type: event.type,
    created: event.created,
    outcome: 'applied',
  };
  const note = { source: 'webhook' as const, by: event.id, reason: event.type };

  if (event.type === 'checkout.session.completed') {
    const facts = checkoutFacts(event.object);
    const owner = await ownerOf(facts.customerId, facts.userId);
    if (!owner) {
      log.warn('payment event for no known account', { eventId: event.id, type: event.type });
      await recordEvent({ ...base, outcome: 'ignored', customerId: facts.customerId }, now);
      return 'ignored';
    }
    let next = applyCheckout(owner.current, facts, event.created, now);
    if (facts.customerId) next = replayUnclaimed(next, await unclaimedOf(facts.customerId), now);
    await writeSubscription(owner.ownerId, owner.current, next, {
      now,
      note,
      event: { ...base, ownerId: owner.ownerId, customerId: facts.customerId },
    });
    return 'applied';
  }

  if (event.type.startsWith('customer.subscription.')) {
    const facts = subscriptionFacts(event.object, (price) => port.planOfPrice(price));
    if (!facts) return ignore(base, log, now, 'no subscription id');
    const owner = await ownerOf(facts.customerId, facts.userId);
    if (!owner)
      return keepUnclaimed(
        base,
        facts.customerId,
        { kind: 'subscription', created: event.created, facts },
        log,
        now,
      );
    const next = applySubscription(owner.current, facts, event.created, now);
    if (!next) {
      await recordEvent({ ...base, outcome: 'stale', ownerId: owner.ownerId }, now);
      return 'stale';
    }
    await writeSubscription(owner.ownerId, owner.current, next, {
      now,
      note,
      event: { ...base, ownerId: owner.ownerId, customerId: facts.customerId },
    });
    return 'applied';
  }

  if (event.type === 'invoice.paid') {
    const facts = invoiceFacts(event.object);
    const owner = await ownerOf(facts.customerId, undefined);
    if (!owner?.current)
      return keepUnclaimed(
        base,
        facts.customerId,
        { kind: 'invoice', created: event.created, facts },
        log,
        now,
      );
    const next = applyInvoice(owner.current, facts, event.created, now);
    await writeSubscription(owner.ownerId, owner.current, next, {
      now,
      note,
      event: { ...base, ownerId: owner.ownerId, customerId: facts.customerId },
    });
    return 'applied';
  }
  return ignore(base, log, now, 'unhandled');
}

async function ignore(base: EventRecord, log: Logger, now: Date, why: string): Promise<EventOutcome> {
  log.info('payment event ignored', { eventId: base.eventId, type: base.type, why });
  await recordEvent({ ...base, outcome: 'ignored' }, now);
  return 'ignored';
}

async function keepUnclaimed(
  base: EventRecord,
  customerId: string | undefined,
  snapshot: Unclaimed,
  log: Logger,
  now: Date,
): Promise<EventOutcome> {
  if (!customerId) return ignore(base, log, now, 'no customer');
  log.warn('payment event for a customer no account is linked to yet', {
    eventId: base.eventId,
    type: base.type,
  });
  await recordEvent(
    { ...base, outcome: 'unclaimed', customerId, unclaimedCustomerId: customerId, snapshot },
    now,
  );
  return 'unclaimed';
}

/** Applies a verified event once; the same event id again answers `duplicate` and changes nothing. */
export async function receiveEvent(
  event: ProviderEvent,
  port: PaymentsPort,
  log: Logger,
  now: Date = new Date(),
): Promise<EventOutcome> {
  if (!isHandled(event.type)) {
    log.info('payment event type not handled', { eventId: event.id, type: event.type });
    return 'ignored';
  }
  // A write that lost a race (another delivery of the same event, or another event of the account)
  // reads again: the record of the same event makes the next attempt answer `duplicate`.
  return retryOnConflict(() => once(event, port, log, now));
}
