import { MAIN_CATEGORIES, WINE_SOURCES } from '@kork/shared';
import { Entity } from 'electrodb';

const text = { type: 'string' } as const;
const num = { type: 'number' } as const;

/**
 * A catalogue wine (SPEC §3 Wine). Ratings are kept as sums and counts so a tasting note changes them
 * with one atomic update in the note's own transaction. A deleted or merged wine stays as a tombstone
 * (`status`), so the search change feed sees it and old links can follow `mergedInto`.
 */
export const wineSchema = {
  model: { entity: 'wine', version: '1', service: 'kork' },
  attributes: {
    id: { type: 'string', required: true },
    status: { type: ['active', 'deleted', 'merged'] as const, required: true, default: 'active' },
    mergedInto: text,
    source: { type: WINE_SOURCES, required: true },
    externalIds: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: { kind: { type: 'string', required: true }, value: { type: 'string', required: true } },
      },
    },
    name: { type: 'string', required: true },
    producer: text,
    /** null/absent: non-vintage. */
    vintage: num,
    bottleSize: { type: 'number', required: true },
    mainCategoryId: { type: MAIN_CATEGORIES, required: true },
    style: text,
    country: text,
    region: text,
    subRegion: text,
    grapes: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: { name: { type: 'string', required: true }, share: { type: 'number' } },
      },
    },
    alcohol: num,
    acid: num,
    sugar: num,
    colour: text,
    taste: text,
    aroma: text,
    foodPairings: { type: 'list', required: true, default: () => [], items: { type: 'string' } },
    body: num,
    freshness: num,
    tannins: num,
    bitterness: num,
    sweetness: num,
    packaging: text,
    corkType: text,
    storingGrade: text,
    method: text,
    wholesaler: text,
    carrier: text,
    classification: text,
    productSelection: text,
    storeCategory: text,
    vinmonopoletNumber: text,
    productUrl: text,
    imageUrl: text,
    suggestedDrinkingWindowFrom: num,
    suggestedDrinkingWindowTo: num,
    priceMinor: num,
    priceCurrency: text,
    isAvailable: { type: 'boolean', required: true, default: true },
    isHorecaAvailable: { type: 'boolean', required: true, default: false },
    expertCount: { type: 'number', required: true, default: 0 },
    expertSum: { type: 'number', required: true, default: 0 },
    communityCount: { type: 'number', required: true, default: 0 },
    communitySum: { type: 'number', required: true, default: 0 },
    /** Experts with a published note on the wine: the `ratedById` filter. */
    expertIds: { type: 'set', items: 'string' },
    /** Hash of the imported fields: a re-import rewrites only the wines whose source row changed. */
    contentHash: text,
    createdAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    /** Time-ordered, unique change stamp (`<ISO time>#<ULID>`): the search index's change feed. */
    changeSeq: { type: 'string', required: true },
  },
  indexes: {
    // Load a wine by id.
    byId: {
      pk: { field: 'pk', composite: ['id'] },
      sk: { field: 'sk', composite: [] },
    },
    // Every wine in change order: the search snapshot reads it whole, the warm index reads its tail.
    byChange: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['changeSeq'] },
    },
  },
} as const;

export const createWineEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(wineSchema, config);
