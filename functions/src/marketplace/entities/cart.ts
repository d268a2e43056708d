import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

/**
 * A business cellar's marketplace cart: one item per owner holding its lines (at most 100), so a
 * checkout empties it with one write in its transaction. Every change is conditional on `version`.
 */
export const cartSchema = {
  model: { entity: 'cart', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** {id, supplierId, wineId, quantity, addedAt}[] */
    lines: { type: 'any', required: true },
    updatedAt: { type: 'string', required: true },
    version: { type: 'number', required: true, default: 0 },
  },
  indexes: ownerItemIndexes,
} as const;

export const createCartEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(cartSchema, config);
