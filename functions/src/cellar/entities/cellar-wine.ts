import { Entity } from 'electrodb';
import { ownerIndexes } from '../../data/owner-indexes';

/**
 * A wine in a person's cellar (SPEC §3 Cellar wine): a copy of the catalogue wine's identity (so the
 * cellar keeps it when the catalogue changes or deletes the wine) or a custom wine, its bottles per
 * location and every inventory field. It lives in its owner's partition beside the cellar, so the whole
 * inventory is one query.
 */
export const cellarWineSchema = {
  model: { entity: 'cellarWine', version: '1', service: 'kork' },
  attributes: {
    ownerId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    cellarId: { type: 'string', required: true },
    source: { type: 'string', required: true },
    wineId: { type: 'string' },
    wineName: { type: 'string', required: true },
    producerName: { type: 'string' },
    /** Absent for non-vintage (NV). */
    vintage: { type: 'number' },
    bottleSize: { type: 'number', required: true },
    mainCategoryId: { type: 'string', required: true },
    country: { type: 'string' },
    region: { type: 'string' },
    grapes: { type: 'any' },
    imageUrl: { type: 'string' },
    vinmonopoletNumber: { type: 'string' },
    /** `[{kind: 'VinmonopoletID' | 'VecturaID', value}]`, as a batch import read them. */
    externalIds: { type: 'any' },
    suggestedDrinkingWindowFrom: { type: 'number' },
    suggestedDrinkingWindowTo: { type: 'number' },
    catalogRating: { type: 'number' },
    /** Bottles per location id; `_` is Uncategorized. */
    placements: { type: 'any', required: true },
    quantity: { type: 'number', required: true },
    /** Every owner-set field of SPEC §3 (prices, notes, list and POS names, …), as one map. */
    own: { type: 'any', required: true },
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    ...ownerIndexes,
    // Every cellar's wines of one catalogue wine (the community's price, docs/market-value.md): sparse,
    // its keys written only for wines with a `wineId` (ElectroDB leaves an index
    // out of a put that lacks its composite attributes).
    byWine: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['wineId'] },
      sk: { field: 'gsi1sk', composite: ['ownerId', 'id'] },
    },
  },
} as const;

export const createCellarWineEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(cellarWineSchema, config);
