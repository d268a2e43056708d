import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * One checkout: created only where none exists for its `Idempotency-Key` (`id` is derived from the
 * owner and the key), in the same transaction as its orders and the cart's emptying, so a checkout
 * replayed with the same key finds it and answers the same orders.
 */
export const checkoutSchema = {
  model: { entity: 'checkout', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    /** The checkout id shown to the buyer (a ULID). */
    checkoutId: { type: 'string', required: true },
    /** Order record ids, one per supplier. */
    orderIds: { type: 'list', items: { type: 'string' }, required: true },
    placedAt: { type: 'string', required: true },
    /** Suppliers whose lines the buyer left in the cart, placing only those that could go. */
    keptSupplierIds: { type: 'list', items: { type: 'string' } },
  },
  indexes: ownerIndexes,
} as const;

export const createCheckoutEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(checkoutSchema, config);
