import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/** A till line whose product id no cellar product has: kept, never dropped, until the owner maps it. */
export const posUnmappedLineSchema = {
  model: { entity: 'posUnmappedLine', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    productId: { type: 'string', required: true },
    posTransactionId: { type: 'string', required: true },
    soldAt: { type: 'string', required: true },
    quantity: { type: 'number', required: true },
    unitPrice: { type: 'number', required: true },
    receivedAt: { type: 'string', required: true },
  },
  indexes: ownerIndexes,
} as const;

export const createPosUnmappedLineEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(posUnmappedLineSchema, config);
