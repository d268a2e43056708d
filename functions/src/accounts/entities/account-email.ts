import { Entity } from 'electrodb';

/** Claims an email address for one account: log-in looks accounts up here, and the claim keeps emails unique. */
export const accountEmailSchema = {
  model: { entity: 'accountEmail', version: '1', service: 'kork' },
  attributes: {
    email: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
  },
  indexes: {
    // Which account uses this address?
    byEmail: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: [] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['email'] },
    },
  },
} as const;

export const createAccountEmailEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(accountEmailSchema, config);
