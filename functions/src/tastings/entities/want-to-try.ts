import { Entity } from 'electrodb';

/**
 * One wine in a person's "Want to try" list. The key is the person and the wine, so adding a wine twice
 * writes the same item: the list holds each wine once.
 */
export const wantToTrySchema = {
  model: { entity: 'wantToTry', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    wineId: { type: 'string', required: true },
    addedAt: { type: 'string', required: true },
  },
  indexes: {
    // Whether a wine is in the list; adding and removing it.
    byOwnerWine: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['wineId'] },
    },
    // The list, newest first (the profile), and what account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['addedAt', 'wineId'] },
    },
  },
} as const;

export const createWantToTryEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wantToTrySchema, config);
