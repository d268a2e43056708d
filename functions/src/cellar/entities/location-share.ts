import { Entity } from 'electrodb';

/**
 * A shared location's public link: the token is the key, so the public route reads one item and learns
 * nothing else. Revoking deletes it (and the location's `shareToken`) in one transaction.
 */
export const locationShareSchema = {
  model: { entity: 'locationShare', version: '1', service: 'kork' },
  attributes: {
    token: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
    locationId: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: {
    byToken: {
      pk: { field: 'pk', composite: ['token'] },
      sk: { field: 'sk', composite: [] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['token'] },
    },
  },
} as const;

export const createLocationShareEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(locationShareSchema, config);
