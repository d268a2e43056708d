import { Entity } from 'electrodb';

/** An exchange rate on a date (NOK per unit) and where it came from; the newest date is the one in use. */
export const exchangeRateSchema = {
  model: { entity: 'exchangeRate', version: '1', service: 'kork' },
  attributes: {
    date: { type: 'string', required: true },
    currency: { type: 'string', required: true },
    nokPerUnit: { type: 'number', required: true },
    source: { type: 'string', required: true },
  },
  indexes: {
    // Every rate, newest date first: one query reads the latest day's set.
    byDate: {
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['date', 'currency'] },
    },
  },
} as const;

export const createExchangeRateEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(exchangeRateSchema, config);
