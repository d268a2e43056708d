import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/** A place in a cellar (SPEC §3 Location): a name and, for sub-locations, a parent. */
export const cellarLocationSchema = {
  model: { entity: 'cellarLocation', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** '' for a top-level location. */
    parentId: { type: 'string', required: true, default: '' },
    order: { type: 'number', required: true, default: 0 },
    shareToken: { type: 'string' },
    createdAt: { type: 'string', required: true },
    /**
     * When its deletion began: a location being deleted takes nothing new (no wines, no children, no
     * new parent), so nothing is left in it when it goes.
     */
    deleting: { type: 'string' },
  },
  indexes: ownerIndexes,
} as const;

export const createCellarLocationEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(cellarLocationSchema, config);
