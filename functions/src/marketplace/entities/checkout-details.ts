import { Entity } from 'electrodb';
import { ownerItemIndexes } from '../../data/owner-indexes';

/** The billing and delivery a business last checked out with, remembered for the next checkout. */
export const checkoutDetailsSchema = {
  model: { entity: 'checkoutDetails', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    /** BillingInput */
    billing: { type: 'any', required: true },
    /** DeliveryInput */
    delivery: { type: 'any', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: ownerItemIndexes,
} as const;

export const createCheckoutDetailsEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(checkoutDetailsSchema, config);
