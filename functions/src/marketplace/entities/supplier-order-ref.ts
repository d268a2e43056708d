import { Entity } from 'electrodb';

/**
 * A supplier's inbox entry for one marketplace order (the order itself lives in the buyer's partition):
 * written with the order in the checkout's transaction. `state` is `waiting` until the supplier
 * answers, then `answered`; the `byState` index lists the waiting ones, oldest first, for the reminder
 * job.
 */
export const supplierOrderRefSchema = {
  model: { entity: 'supplierOrderRef', version: '1', service: 'kork' },
  attributes: {
    supplierId: { type: 'string', required: true },
    placedAt: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
    orderId: { type: 'string', required: true },
    buyerName: { type: 'string', required: true },
    /** waiting | answered */
    state: { type: 'string', required: true },
    remindedAt: { type: 'string' },
    /**
     * The order version of the supplier's last answer and when it came: the buyer's notice of it is sent
     * again by the follow-up job while no mail of it is recorded.
     */
    noticeVersion: { type: 'number' },
    noticeAt: { type: 'string' },
  },
  indexes: {
    bySupplier: {
      pk: { field: 'pk', composite: ['supplierId'] },
      sk: { field: 'sk', composite: ['placedAt', 'ownerId', 'orderId'] },
    },
    byState: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['state'] },
      sk: { field: 'gsi1sk', composite: ['placedAt', 'ownerId', 'orderId'] },
    },
    // The buyer's account deletion removes them with its orders.
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['supplierId', 'orderId'] },
    },
  },
} as const;

export const createSupplierOrderRefEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(supplierOrderRefSchema, config);
