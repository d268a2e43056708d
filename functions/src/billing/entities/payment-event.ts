import { Entity } from 'electrodb';

/**
 * One payment provider event, by its id: written in the same transaction as the change it caused, so an
 * event delivered again finds it and changes nothing. Expires (`expiresAt`) well after the provider
 * stops retrying. An event for a customer no account is linked to yet keeps the subscription it carries
 * (`snapshot`) under `unclaimedCustomerId` (sparse gsi2), for the checkout that links the customer.
 */
export const paymentEventSchema = {
  model: { entity: 'paymentEvent', version: '1', service: 'kork' },
  attributes: {
    eventId: { type: 'string', required: true },
    type: { type: 'string', required: true },
    /** The provider's time of the event, epoch seconds. */
    created: { type: 'number', required: true },
    /** applied | stale | ignored | unclaimed */
    outcome: { type: 'string', required: true },
    ownerId: { type: 'string' },
    customerId: { type: 'string' },
    unclaimedCustomerId: { type: 'string' },
    snapshot: { type: 'any' },
    receivedAt: { type: 'string', required: true },
    /** Epoch seconds. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byEventId: {
      pk: { field: 'pk', composite: ['eventId'] },
      sk: { field: 'sk', composite: [] },
    },
    unclaimed: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['unclaimedCustomerId'] },
      sk: { field: 'gsi2sk', composite: ['created', 'eventId'] },
    },
    // What account deletion removes (sparse: only events linked to an account).
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['eventId'] },
    },
  },
} as const;

export const createPaymentEventEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(paymentEventSchema, config);
