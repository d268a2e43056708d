import { Entity } from 'electrodb';

/**
 * How many POS keys a cellar has: raised in the transaction that creates a key (conditional on staying
 * within POS_LIMITS.keysMax) and lowered in the one that revokes it, so keys created at the same moment
 * cannot pass the bound together.
 */
export const posKeyCounterSchema = {
  model: { entity: 'posKeyCounter', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    count: { type: 'number' },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: [] },
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

export const createPosKeyCounterEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(posKeyCounterSchema, config);
