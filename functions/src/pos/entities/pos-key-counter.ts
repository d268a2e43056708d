import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

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
  indexes: ownerItemIndexes,
} as const;

export const createPosKeyCounterEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(posKeyCounterSchema, config);
