import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

/**
 * A cellar's version: a counter raised by one with every change to what the cellar's listings show (its
 * wines and their history, locations, settings), inside the change's own transaction where there is one.
 * A function instance that holds the cellar in memory reads this one small item to know whether what it
 * holds is still current (docs/cellar-reads.md). Absent until the first change: version 0.
 */
export const cellarVersionSchema = {
  model: { entity: 'cellarVersion', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    version: { type: 'number' },
    /**
     * Changed by every write that names a location (create, rename, move to another parent), and by
     * every one that names a wine list category: such a write is conditional on the stamp it read, so
     * two writes at once cannot give two items under one parent the same name (tree-writes.ts).
     */
    locationNamesStamp: { type: 'string' },
    categoryNamesStamp: { type: 'string' },
  },
  indexes: ownerItemIndexes,
} as const;

export const createCellarVersionEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(cellarVersionSchema, config);
