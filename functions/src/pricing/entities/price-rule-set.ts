import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * A saved price rule set (SPEC §3 Price rule; shared/src/price-rules.ts), reusable for preview and
 * apply. Which set is the cellar's default is kept on its pricing settings, one item, so two sets can
 * never both be the default.
 */
export const priceRuleSetSchema = {
  model: { entity: 'priceRuleSet', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** incVat | exVat */
    basis: { type: 'string', required: true },
    /** increase | decrease */
    direction: { type: 'string', required: true },
    rounding: { type: 'string', required: true },
    /** PriceRange[] */
    ranges: { type: 'any', required: true },
    categoryIds: { type: 'any' },
    locationIds: { type: 'any' },
    /** Never lowers a price. */
    raiseOnly: { type: 'boolean' },
    excludeCategoryIds: { type: 'any' },
    excludeWineIds: { type: 'any' },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: ownerIndexes,
} as const;

export const createPriceRuleSetEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(priceRuleSetSchema, config);
