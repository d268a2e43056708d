import { Entity } from 'electrodb';

/**
 * An account's subscription (docs/billing.md): what the payment provider last said about it and what an
 * administrator set by hand. One item per account. The effective plan is derived from it by
 * `effectivePlan` (billing/effective-plan.ts), never stored, so a period end passing needs no job.
 *
 * - `plan`: the paid plan of the current period, as the provider's price says; `pendingPlan` from
 *   `pendingFrom` is a downgrade waiting for the end of the paid period (SPEC §9's 30-day window).
 * - `manualPlan`: set by an administrator; it wins until changed (by an administrator, or by a new checkout).
 * - `lastEventAt`: the provider's time (epoch seconds) of the newest subscription event applied, so an
 *   older event arriving late does not roll the state back.
 * - `payingIndex`: `'paying'` while the account may be on a paid plan (sparse gsi1), so the daily sync
 *   reads the paying accounts with a query, not a scan.
 */
export const subscriptionSchema = {
  model: { entity: 'subscription', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    plan: { type: 'string', required: true },
    /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
    status: { type: 'string' },
    customerId: { type: 'string' },
    subscriptionId: { type: 'string' },
    /** ISO instant the paid period ends. */
    currentPeriodEnd: { type: 'string' },
    cancelAtPeriodEnd: { type: 'boolean' },
    pendingPlan: { type: 'string' },
    pendingFrom: { type: 'string' },
    manualPlan: { type: 'string' },
    lastEventAt: { type: 'number' },
    payingIndex: { type: 'string' },
    /** Bumped on every write; each write is conditional on the one it read. */
    version: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: [] },
    },
    // The accounts that may be paying (sparse: only items with `payingIndex`).
    paying: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['payingIndex'] },
      sk: { field: 'gsi1sk', composite: ['ownerId'] },
    },
    // The account of a provider customer (sparse: only items with `customerId`).
    byCustomer: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['customerId'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
    // What account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
} as const;

export const createSubscriptionEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(subscriptionSchema, config);
