import { Entity } from 'electrodb';

/** A catalogue price that changed on re-import: the wine's price history. */
export const winePriceChangeSchema = {
  model: { entity: 'winePriceChange', version: '1', service: 'kork' },
  attributes: {
    wineId: { type: 'string', required: true },
    changedAt: { type: 'string', required: true },
    currency: { type: 'string', required: true },
    oldMinor: { type: 'number' },
    newMinor: { type: 'number' },
  },
  indexes: {
    byWine: {
      pk: { field: 'pk', composite: ['wineId'] },
      sk: { field: 'sk', composite: ['changedAt'] },
    },
  },
} as const;

export const createWinePriceChangeEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(winePriceChangeSchema, config);
