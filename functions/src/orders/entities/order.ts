import { Entity } from 'electrodb';

/**
 * An order (SPEC §3 Order; shared/src/orders.ts) with its lines and what each has received. `version`
 * rises with every change; every write is conditional on the version it read, and receiving writes the
 * order, the wines and their RECEIVED history entries in one transaction.
 */
export const orderSchema = {
  model: { entity: 'order', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    type: { type: 'string', required: true },
    orderId: { type: 'string' },
    status: { type: 'string', required: true },
    source: { type: 'string', required: true },
    supplier: { type: 'string' },
    note: { type: 'string' },
    orderDate: { type: 'string', required: true },
    deliveryDate: { type: 'string' },
    /** OrderLine[] */
    products: { type: 'any', required: true },
    createdBy: { type: 'string', required: true },
    createdByName: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    version: { type: 'number', required: true, default: 0 },
    /** MarketplaceOrderInfo (shared/src/marketplace.ts), on orders placed through the marketplace. */
    marketplace: { type: 'any' },
    /** OrderExchangeRate: the rate the supplier's prices were converted at into the cellar's currency. */
    exchangeRate: { type: 'any' },
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

export const createOrderEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(orderSchema, config);
