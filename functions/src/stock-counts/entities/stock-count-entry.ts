import { Entity } from 'electrodb';

/**
 * One counted wine in one location of a count: the latest figure entered for the pair, who entered it
 * and when (`countedAt`, the device's moment: a later entry wins, an older one arriving late does not
 * overwrite it). `expected` and `unitCost` are frozen when the count is finished, so its report never
 * changes afterwards; the report's uncounted lines are then stored as entries too, marked `uncounted`.
 */
export const stockCountEntrySchema = {
  model: { entity: 'stockCountEntry', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    countId: { type: 'string', required: true },
    ownWineId: { type: 'string', required: true },
    /** A location id, or `uncategorized`. */
    locationId: { type: 'string', required: true },
    counted: { type: 'number', required: true },
    countedBy: { type: 'string', required: true },
    countedByName: { type: 'string', required: true },
    countedAt: { type: 'string', required: true },
    expected: { type: 'number' },
    unitCost: { type: 'number' },
    /** Frozen with the report: the wine's name and vintage as the count saw them. */
    wineDisplayName: { type: 'string' },
    vintage: { type: 'number' },
    /**
     * A line of the frozen report that nobody counted (its `counted` is 0 and means nothing, its
     * `countedAt` is the epoch so any real figure wins over it).
     */
    uncounted: { type: 'boolean' },
  },
  indexes: {
    byCount: {
      pk: { field: 'pk', composite: ['ownerId', 'countId'] },
      sk: { field: 'sk', composite: ['ownWineId', 'locationId'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['countId', 'ownWineId', 'locationId'] },
    },
  },
} as const;

export const createStockCountEntryEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(stockCountEntrySchema, config);
