import { Entity } from 'electrodb';

/**
 * A cellar's pricing settings: which rule set proposes prices when a purchase price changes, and how
 * many rule sets it has.
 */
export const pricingSettingsSchema = {
  model: { entity: 'pricingSettings', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    defaultRuleSetId: { type: 'string' },
    /** How many rule sets the cellar has: kept with every create and delete, so none passes the limit. */
    ruleSetCount: { type: 'number' },
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
