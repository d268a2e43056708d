import { Entity } from 'electrodb';

/**
 * The audit of an account's plan: one entry per change of its effective plan or of what an administrator
 * set, written in the same transaction as the change, in the account's partition.
 */
export const planChangeSchema = {
  model: { entity: 'planChange', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** ISO instant. */
    at: { type: 'string', required: true },
    id: { type: 'string', required: true },
    from: { type: 'string', required: true },
    to: { type: 'string', required: true },
    /** webhook | admin | seed */
    source: { type: 'string', required: true },
    /** Who: the administrator's id, or the provider event's id. */
    by: { type: 'string', required: true },
    reason: { type: 'string', required: true },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['at', 'id'] },
    },
    // What account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['at', 'id'] },
    },
  },
} as const;

export const createPlanChangeEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(planChangeSchema, config);
