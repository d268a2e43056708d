import { Entity } from 'electrodb';

/** A cellar's pricing settings: which rule set proposes prices when a purchase price changes. */
export const pricingSettingsSchema = {
  model: { entity: 'pricingSettings', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    defaultRuleSetId: { type: 'string' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: [] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
  },
} as const;

export const createPricingSettingsEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(pricingSettingsSchema, config);
