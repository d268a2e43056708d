import { Entity } from 'electrodb';

/**
 * Requests made to the valuation provider on one day (UTC), counted by an atomic conditional ADD that
 * refuses to pass the day's budget (`VALUATION_PROVIDER_DAILY_BUDGET`).
 */
export const valuationBudgetSchema = {
  model: { entity: 'valuationBudget', version: '1', service: 'kork' },
  attributes: {
    provider: { type: 'string', required: true },
    day: { type: 'string', required: true },
    requests: { type: 'number', required: true, default: 0 },
    /** Epoch seconds: the item expires a week after its day. */
    expiresAt: { type: 'number' },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['provider'] },
      sk: { field: 'sk', composite: ['day'] },
    },
  },
} as const;

export const createValuationBudgetEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(valuationBudgetSchema, config);
