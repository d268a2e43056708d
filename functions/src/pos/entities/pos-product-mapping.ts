import { Entity } from 'electrodb';

/** What a till's own product id means: a product id of the feed (`B-…`, `G-…`, `R-…`). */
export const posProductMappingSchema = {
  model: { entity: 'posProductMapping', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    productId: { type: 'string', required: true },
    target: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['productId'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['productId'] },
    },
  },
} as const;

export const createPosProductMappingEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(posProductMappingSchema, config);
