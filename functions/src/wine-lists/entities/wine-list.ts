import { Entity } from 'electrodb';

/**
 * A wine list (SPEC §3 Wine list): its name, logo, chosen wines (ids of the owner's cellar wines, never
 * copies of them: what prints follows the cellar at read time), public flag and page setup. `version`
 * rises with every change; every write is conditional on the version it read.
 */
export const wineListSchema = {
  model: { entity: 'wineList', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    isPublic: { type: 'boolean', required: true, default: false },
    /** Cellar wine ids in the order chosen. */
    ownWineIds: { type: 'list', required: true, default: () => [], items: { type: 'string' } },
    /** WineListLayout (normalised: named paper sizes carry their own width and height). */
    layout: { type: 'any', required: true },
    /** Media path of the logo (`/users/<id>/wineListLogo-….png`), with its pixel size. */
    logo: { type: 'string' },
    logoWidth: { type: 'number' },
    logoHeight: { type: 'number' },
    version: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    /** When the PDF was last downloaded (what printed is in the list's print record). */
    lastPrintedAt: { type: 'string' },
  },
  indexes: {
    // The owner's lists in one query (by id, so by creation time), or one by key.
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    // A list by its id alone, for its public page.
    byId: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['id'] },
      sk: { field: 'gsi1sk', composite: [] },
    },
    // What account deletion removes.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['id'] },
    },
  },
} as const;

export const createWineListEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineListSchema, config);
