import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

/**
 * How many lists a cellar has: raised in the transaction that creates a list (conditional on staying
 * within WINE_LIST_LIMITS.listsMax) and lowered in the one that deletes it, so lists created at the same
 * moment cannot pass the bound together.
 */
export const wineListCounterSchema = {
  model: { entity: 'wineListCounter', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    count: { type: 'number' },
  },
  indexes: ownerItemIndexes,
} as const;

export const createWineListCounterEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineListCounterSchema, config);
