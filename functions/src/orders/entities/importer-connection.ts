import { Entity } from 'electrodb';

/**
 * A cellar's connection to an importer's order feed (SPEC §6: order import from importers needs
 * activation): requested by the owner, activated by an admin. Absent: needs activation.
 */
export const importerConnectionSchema = {
  model: { entity: 'importerConnection', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** The importer's name folded to a key (foldText, spaces as '-'). */
    importerKey: { type: 'string', required: true },
    importer: { type: 'string', required: true },
    /** requested | active */
    status: { type: 'string', required: true },
    requestedAt: { type: 'string' },
    activatedAt: { type: 'string' },
    activatedBy: { type: 'string' },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['importerKey'] },
    },
    // Every connection waiting for an admin, oldest request first.
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'] },
      sk: { field: 'gsi1sk', composite: ['requestedAt', 'ownerId', 'importerKey'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['importerKey'] },
    },
  },
} as const;

export const createImporterConnectionEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(importerConnectionSchema, config);
