import { Entity } from 'electrodb';

/**
 * What a list printed at its last download, for "changed since last print": per cellar wine its printed
 * bottle and glass price text and its name (for wines gone since). Kept apart from the list so a long
 * list's record never crowds the list item; `record` is deflated JSON (base64).
 */
export const wineListPrintSchema = {
  model: { entity: 'wineListPrint', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    listId: { type: 'string', required: true },
    printedAt: { type: 'string', required: true },
    record: { type: 'string', required: true },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['listId'] },
    },
    // What account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['listId'] },
    },
  },
} as const;

export const createWineListPrintEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineListPrintSchema, config);
