/**
 * Reading and writing the billing entities (only billing/ touches them). Every change of a subscription
 * is one transaction with its audit entry and, for a provider event, the event's de-duplication record.
 */
import type { EntityRecord } from '../data/tables';
import { tables } from '../data/tables';

export type SubscriptionRecord = EntityRecord<'subscription'>;
export type PlanChangeRecord = EntityRecord<'planChange'>;

/** The one value of the sparse `paying` index's partition. */
export const PAYING_INDEX = 'paying';

export async function readSubscription(ownerId: string): Promise<SubscriptionRecord | undefined> {
  const { data } = await tables('billing').subscription.get({ ownerId }).go({ consistent: true });
  return data ?? undefined;
}

/** The account a provider customer is linked to, if any. */
export async function subscriptionOfCustomer(customerId: string): Promise<SubscriptionRecord | undefined> {
  const { data } = await tables('billing').subscription.query.byCustomer({ customerId }).go({ limit: 1 });
  return data[0];
}

/** The audit entries of an account's plan, newest first. */
export async function planChanges(ownerId: string, limit = 100): Promise<PlanChangeRecord[]> {
  const { data } = await tables('billing')
    .planChange.query.byOwnerKey({ ownerId })
    .go({ order: 'desc', limit });
  return data;
}
