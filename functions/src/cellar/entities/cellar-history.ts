import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * One change to a cellar wine (SPEC §1 history): who, when, what, before and after. Written in the same
 * transaction as the change, so history and state never disagree.
 */
export const cellarHistorySchema = {
  model: { entity: 'cellarHistory', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    at: { type: 'string', required: true },
    action: { type: 'string', required: true },
    ownWineId: { type: 'string', required: true },
    wineDisplayName: { type: 'string', required: true },
    actorId: { type: 'string', required: true },
    actorName: { type: 'string', required: true },
    before: { type: 'any' },
    after: { type: 'any' },
  },
  indexes: ownerIndexes,
} as const;

export const createCellarHistoryEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(cellarHistorySchema, config);
