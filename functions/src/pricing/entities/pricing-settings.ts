import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

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
  indexes: ownerItemIndexes,
} as const;

export const createPricingSettingsEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(pricingSettingsSchema, config);
