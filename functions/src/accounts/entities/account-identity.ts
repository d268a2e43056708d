import { Entity } from 'electrodb';

/** Links a Google or Apple identity (the provider's stable subject) to an account. */
export const accountIdentitySchema = {
  model: { entity: 'accountIdentity', version: '1', service: 'kork' },
  attributes: {
    provider: { type: ['google', 'apple'] as const, required: true },
    subject: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
  },
  indexes: {
    // Which account signs in with this provider identity?
    byIdentity: {
      pk: { field: 'pk', composite: ['provider', 'subject'] },
      sk: { field: 'sk', composite: [] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['provider', 'subject'] },
    },
  },
} as const;

export const createAccountIdentityEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(accountIdentitySchema, config);
