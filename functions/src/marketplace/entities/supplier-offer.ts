import { Entity } from 'electrodb';

/**
 * What a supplier set itself for one wine (its price list and stock, edited or uploaded by its importer
 * account). Absent: the price follows the retail price (`horecaPriceFromRetail`) and the stock the
 * demo data's deterministic figure (docs/marketplace.md).
 */
export const supplierOfferSchema = {
  model: { entity: 'supplierOffer', version: '1', service: 'kork' },
  attributes: {
    supplierId: { type: 'string', required: true },
    wineId: { type: 'string', required: true },
    horecaPriceMinor: { type: 'number' },
    stock: { type: 'number' },
    updatedAt: { type: 'string', required: true },
    updatedBy: { type: 'string' },
  },
  indexes: {
    bySupplier: {
      pk: { field: 'pk', composite: ['supplierId'] },
      sk: { field: 'sk', composite: ['wineId'] },
    },
  },
} as const;

export const createSupplierOfferEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(supplierOfferSchema, config);
