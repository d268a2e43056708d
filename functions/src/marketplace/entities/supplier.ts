import { Entity } from 'electrodb';

/**
 * A marketplace supplier: one of the catalogue's wholesalers (Vinmonopolet's `Grossist`), made and kept
 * in step with the catalogue by `syncSuppliers`. All suppliers share one partition (a few hundred
 * items), so the list is one query and one is a get by key. `wineIds` are the catalogue wines it
 * imports. `version` rises with every change; changes are conditional on it.
 */
export const supplierSchema = {
  model: { entity: 'supplier', version: '1', service: 'kork' },
  attributes: {
    /** Always `suppliers`: the one partition of the list. */
    scope: { type: 'string', required: true, default: 'suppliers' },
    supplierId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    organizationNumber: { type: 'string', required: true },
    orderEmail: { type: 'string', required: true },
    phone: { type: 'string' },
    city: { type: 'string' },
    description: { type: 'string' },
    minimumOrderMinor: { type: 'number', required: true, default: 0 },
    /** Weekday[] */
    deliveryDays: { type: 'list', items: { type: 'string' }, required: true },
    leadTimeDays: { type: 'number', required: true, default: 2 },
    /** Catalogue wine ids it imports. */
    wineIds: { type: 'list', items: { type: 'string' }, required: true },
    /** The Wine importer or Wholesaler account that answers its orders in Kork. */
    linkedUserId: { type: 'string' },
    orderImportActive: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    version: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'] },
      sk: { field: 'sk', composite: ['supplierId'] },
    },
  },
} as const;

export const createSupplierEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(supplierSchema, config);
