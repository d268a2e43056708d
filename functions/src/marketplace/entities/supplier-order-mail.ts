import { Entity } from 'electrodb';

/**
 * A mail the supplier-orders consumer sends once: the supplier's order mail, its one reminder, and the
 * buyer's mail for each answer (`seq`: the order version the answer made). Claimed with a conditional
 * create before sending and marked `sent` after, so a message delivered twice mails once; a claim left
 * by a consumer that died lapses after `CLAIM_LEASE` and the redelivered message sends it.
 */
export const supplierOrderMailSchema = {
  model: { entity: 'supplierOrderMail', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    orderId: { type: 'string', required: true },
    /** placed | reminder | answered */
    kind: { type: 'string', required: true },
    seq: { type: 'number', required: true, default: 0 },
    /** claimed | sent */
    state: { type: 'string', required: true },
    claimedAt: { type: 'string', required: true },
    sentAt: { type: 'string' },
    messageId: { type: 'string' },
    to: { type: 'string' },
  },
  indexes: {
    byOrder: {
      pk: { field: 'pk', composite: ['ownerId', 'orderId'] },
      sk: { field: 'sk', composite: ['kind', 'seq'] },
    },
    byOwner: {
      index: 'gsi3',
      collection: 'owned',
      pk: { field: 'gsi3pk', composite: ['ownerId'] },
      sk: { field: 'gsi3sk', composite: ['orderId', 'kind', 'seq'] },
    },
  },
} as const;

export const createSupplierOrderMailEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(supplierOrderMailSchema, config);
