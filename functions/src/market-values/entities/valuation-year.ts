import { Entity } from 'electrodb';

/**
 * A wine's market price for one calendar year, compact: one item per valuation key (shared/src/market-values.ts
 * `valuationKey`) and year, with the day's price under `days[MMDD]`. A year of daily values is ~3 KB, so the
 * analytics of a 5,000-wine cellar read at most two items per wine (this year and last), and the sync writes
 * a day with one conditional update that does nothing when that day is already there (idempotent per wine
 * and day). Valuations belong to the wine, not to a cellar: every cellar holding it shares them.
 *
 * The provider's description of its figure (type, source, sample size, confidence, demo) is the newest
 * day's; `kinds[MMDD]` keeps it for a day whose type or source differed from the item's.
 */
export const valuationYearSchema = {
  model: { entity: 'valuationYear', version: '1', service: 'kork' },
  attributes: {
    key: { type: 'string', required: true },
    /** yyyy. */
    year: { type: 'string', required: true },
    currency: { type: 'string', required: true },
    /** MMDD → minor units per bottle. */
    days: { type: 'any', required: true },
    /** MMDD → `priceType|source` for days described otherwise than the item. */
    kinds: { type: 'any' },
    priceType: { type: 'string', required: true },
    source: { type: 'string', required: true },
    demo: { type: 'boolean', required: true },
    sampleSize: { type: 'number' },
    confidence: { type: 'number' },
    /** yyyy-mm-dd of the newest day held, and its price. */
    lastDay: { type: 'string', required: true },
    lastPrice: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['key'] },
      sk: { field: 'sk', composite: ['year'] },
    },
  },
} as const;

export const createValuationYearEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(valuationYearSchema, config);
