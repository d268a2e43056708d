import { Entity } from 'electrodb';

/**
 * The community's value of a wine (valuation key) as of a day: the average of what distinct owners paid
 * per bottle (purchase price without VAT, in `currency`), made by the daily sync from every cellar holding
 * the wine, kept only when at least `COMMUNITY_MIN_OWNERS` owners paid something. One item per key, the
 * newest replacing the last.
 */
export const communityPriceSchema = {
  model: { entity: 'communityPrice', version: '1', service: 'kork' },
  attributes: {
    key: { type: 'string', required: true },
    day: { type: 'string', required: true },
    average: { type: 'number', required: true },
    owners: { type: 'number', required: true },
    currency: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['key'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

export const createCommunityPriceEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(communityPriceSchema, config);
