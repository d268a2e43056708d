import { Entity } from 'electrodb';

/**
 * "Where to find this wine": one item per (catalogue wine, public list holding it), so a wine's page
 * finds its lists with one query instead of a scan. Kept in step on list writes (added before the list
 * write, removed after it and only while the list is still as reconciled), and a hint only: a read
 * checks each list, the owner's public setting and the cellar's stock before answering.
 */
export const wineListPublicWineSchema = {
  model: { entity: 'wineListPublicWine', version: '1', service: 'kork' },
  attributes: {
    wineId: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
    listId: { type: 'string', required: true },
  },
  indexes: {
    // The public lists holding a catalogue wine.
    byWine: {
      pk: { field: 'pk', composite: ['wineId'] },
      sk: { field: 'sk', composite: ['ownerId', 'listId'] },
    },
    // A list's items (begins with the list id), and what account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['listId', 'wineId'] },
    },
  },
} as const;

export const createWineListPublicWineEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineListPublicWineSchema, config);
