import { Entity } from 'electrodb';

/** A person's cellar (SPEC §3): one per account, keyed by its owner so a second one cannot appear. */
export const cellarSchema = {
  model: { entity: 'cellar', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    baseCurrency: { type: 'string', required: true },
    /** Centilitres. */
    defaultGlassSize: { type: 'number', required: true },
    /** VAT percentage per wine style: `{ red: 25, … }`. */
    vats: { type: 'any', required: true },
    /** Count open bottles in tenths (3.4); absent: on for a business account (cellar-service.ts). */
    countTenths: { type: 'boolean' },
    images: { type: 'list', required: true, default: () => [], items: { type: 'string' } },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    // The owner's cellar (one per account; a conditional create keeps it so).
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: [] },
    },
    // A cellar by its id, for the routes that name it.
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
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
} as const;

export const createCellarEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(cellarSchema, config);
