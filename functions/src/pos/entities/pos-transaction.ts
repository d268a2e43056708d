import { Entity } from 'electrodb';

/**
 * A till transaction taken in (docs/pos.md): created, only where there is none, in the same transaction
 * as the sale it became, so the same transaction id sent again changes nothing.
 */
export const posTransactionSchema = {
  model: { entity: 'posTransaction', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    posTransactionId: { type: 'string', required: true },
    /** Absent when every line waits for mapping. */
    saleId: { type: 'string' },
    /** Lines of it kept for mapping. */
    needsMapping: { type: 'number' },
    receivedAt: { type: 'string', required: true },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['posTransactionId'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['posTransactionId'] },
    },
  },
} as const;

export const createPosTransactionEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(posTransactionSchema, config);
