import { Entity } from 'electrodb';

/**
 * A sale (SPEC §3 Sale; shared/src/sales.ts) with its lines, written in the same transaction as the
 * stock it takes out and the SOLD history entries. `id` is a ULID of the moment it was recorded; `date`
 * is the sale's day. Each line keeps the unit cost and VAT of its wine when sold, so margins stay as
 * they were.
 */
export const saleSchema = {
  model: { entity: 'sale', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    /** YYYY-MM-DD. */
    date: { type: 'string', required: true },
    customer: { type: 'any' },
    contactPerson: { type: 'any' },
    distributor: { type: 'string' },
    storeForDelivery: { type: 'string' },
    note: { type: 'string' },
    /** SaleLine[] */
    products: { type: 'any', required: true },
    units: { type: 'number', required: true },
    totalPrice: { type: 'number', required: true },
    createdBy: { type: 'string', required: true },
    createdByName: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    /** A sale from the till: the till's transaction id (docs/pos.md). */
    posTransactionId: { type: 'string' },
  },
  indexes: {
    byOwnerKey: {
      pk: { field: 'pk', composite: ['ownerId'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['id'] },
    },
  },
} as const;

export const createSaleEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(saleSchema, config);
