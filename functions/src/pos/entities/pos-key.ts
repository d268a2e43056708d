import { Entity } from 'electrodb';

/**
 * A POS key (docs/pos.md): found by its id alone (the till sends only the id and a signature), listed
 * per owner on the `owned` index. The secret is never stored: it is derived from the server's key and
 * the item's salt, and only its hash is kept.
 */
export const posKeySchema = {
  model: { entity: 'posKey', version: '1', service: 'kork' },
  attributes: {
    keyId: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    salt: { type: 'string', required: true },
    secretHash: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    rotatedAt: { type: 'string' },
    lastUsedAt: { type: 'string' },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['keyId'] },
      sk: { field: 'sk', composite: [] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['keyId'] },
    },
  },
} as const;

export const createPosKeyEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(posKeySchema, config);
