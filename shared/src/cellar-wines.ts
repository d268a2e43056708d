import * as z from 'zod/mini';
import {
  boolParam,
  type ExternalId,
  foldText,
  type GrapeShare,
  intParam,
  listParam,
  MAIN_CATEGORIES,
  type MainCategory,
} from './catalog';
import type { CurrencyCode } from './currencies';
import { LIMITS } from './limits';
import { withBounds } from './messages';
import {
  crossCheck,
  drinkingWindowYearField,
  idField,
  isoDateField,
  isStorableNumber,
  listField,
  moneyField,
  percentageField,
  QUANTITY_MAX,
  quantityField as quantityOf,
  textField,
  vintageField,
} from './schema-primitives';

/**
 * The wines in a cellar (SPEC §3 Cellar wine and inventory columns), its locations, wine list
 * categories and history, and the routes' bodies and queries (SPEC §7 wines service).
 *
 * Money is integer minor units of the cellar's base currency (D12). Bottle size is in litres, glass size
 * in centilitres.
 */

/** Price formats a wine list can print a wine's price in (SPEC §3). */
export const PRICE_FORMATS = ['display', 'blank', 'POD', 'PPF', 'stars'] as const;
export type PriceFormat = (typeof PRICE_FORMATS)[number];

/**
 * The inventory's source filter: catalogue wines (`KORK`) or wines typed in by their owner (`CUSTOM`).
 * A batch import's wines count as what they became (`SCAN_MATCHING_KORK` as catalogue wines,
 * `SCAN_MATCHING_CUSTOM` as custom ones).
 */
export const CELLAR_WINE_SOURCES = ['KORK', 'CUSTOM'] as const;
export type CellarWineSourceFilter = (typeof CELLAR_WINE_SOURCES)[number];

/** Where a cellar wine came from (SPEC §3 source kinds): added by hand, or matched by a batch import. */
export const CELLAR_WINE_STORED_SOURCES = [
  'KORK',
  'CUSTOM',
  'SCAN_MATCHING_KORK',
  'SCAN_MATCHING_CUSTOM',
] as const;
export type CellarWineSource = (typeof CELLAR_WINE_STORED_SOURCES)[number];

/** Custom wines (typed in, or kept as typed by an import) carry their own identity fields. */
export function isCustomSource(source: CellarWineSource): boolean {
  return source === 'CUSTOM' || source === 'SCAN_MATCHING_CUSTOM';
}

/** The source filter a stored source falls under. */
export function sourceFilterOf(source: CellarWineSource): CellarWineSourceFilter {
  return isCustomSource(source) ? 'CUSTOM' : 'KORK';
}

/** The id the API uses for "no location" (SPEC §3: wines with no location are uncategorized). */
export const UNCATEGORIZED = 'uncategorized';

/** Bottles of a wine in one location; `locationId` null is Uncategorized. */
export interface Placement {
  locationId: string | null;
  quantity: number;
}

/** One row of the inventory (`GET …/own-wines`). Every money field is minor units of `currency`. */
export interface CellarWine {
  id: string;
  cellarId: string;
  ownerId: string;
  source: CellarWineSource;
  /** The catalogue wine, for `KORK` wines. */
  wineId?: string;
  wineName: string;
  producerName?: string;
  /** null is non-vintage (NV). */
  vintage: number | null;
  /** Litres. */
  bottleSize: number;
  mainCategoryId: MainCategory;
  country?: string;
  region?: string;
  grapes: GrapeShare[];
  imageUrl?: string;
  vinmonopoletNumber?: string;
  /** Ids other systems know the wine by (SPEC §3 external id kinds), as a batch import read them. */
  externalIds?: ExternalId[];
  /** The catalogue's window; never set on custom wines (SPEC §5). */
  suggestedDrinkingWindowFrom?: number;
  suggestedDrinkingWindowTo?: number;
  /** The owner's own window. */
  drinkingWindowFrom?: number;
  drinkingWindowTo?: number;
  /** Producer, name and vintage as one line: what every list shows. */
  wineDisplayName: string;
  /** Bottles in the cellar, all locations together. 0 stays in the cellar, marked, left out of wine lists. */
  quantity: number;
  placements: Placement[];
  purchaseNote?: string;
  purchasePriceWovat?: number;
  purchasePriceWvat?: number;
  /** Including VAT. */
  sellingPrice?: number;
  /** A locked selling price stays as it is when the purchase price changes. */
  sellingPriceLocked: boolean;
  marketValue?: number;
  /** Mark-up of the selling price over the purchase price with VAT, in percent (derived). */
  surcharge?: number;
  /** Bottles × purchase price without VAT (derived). */
  cost?: number;
  newCategorisation?: string;
  /** Points 50–100: the owner's own rating, else the catalogue's. */
  rating?: number;
  pricePerGlass?: number;
  /** Centilitres; the cellar's default when absent. */
  glassSize?: number;
  privateNote?: string;
  wineListCategoryId?: string;
  customListWineName?: string;
  customListProducerName?: string;
  posName?: string;
  posGlassName?: string;
  productId?: string;
  supplier?: string;
  showBottleSizeInList: boolean;
  priceFormat: PriceFormat;
  /**
   * Kept by the store on every write (never sent): when the purchase price without VAT last changed and
   * when the selling or glass price was last set. A purchase price changed after the selling price was
   * set puts the wine under price review (docs/pricing.md).
   */
  purchasePriceChangedAt?: string;
  sellingPriceSetAt?: string;
  /** Centilitres left in the bottle the till pours glasses from (docs/pos.md); absent: none open. */
  openBottleCl?: number;
  currency: CurrencyCode;
  createdAt: string;
  updatedAt: string;
}

/** The inventory's columns (the column chooser and `sortColumn`). */
export const INVENTORY_COLUMNS = [
  'wineDisplayName',
  'quantity',
  'purchaseNote',
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'marketValue',
  'surcharge',
  'drinkingWindow',
  'newCategorisation',
  'grapes',
  'rating',
  'cost',
] as const;
export type InventoryColumn = (typeof INVENTORY_COLUMNS)[number];

export const CELLAR_SORT_COLUMNS = [
  'wineDisplayName',
  'quantity',
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'marketValue',
  'surcharge',
  'drinkingWindow',
  'rating',
  'cost',
  'vintage',
  'createdAt',
  'updatedAt',
] as const;
export type CellarSortColumn = (typeof CELLAR_SORT_COLUMNS)[number];

/** Totals of the whole filtered inventory (not just the page), in minor units of the base currency. */
export interface InventoryTotals {
  wines: number;
  bottles: number;
  purchaseValue: number;
  sellingValue: number;
}

export interface CellarWinePage {
  rows: CellarWine[];
  count: number;
  totals: InventoryTotals;
}

export const MAX_CELLAR_RESULTS_PER_PAGE = 500;

/**
 * `GET /api/wine-cellars/users/{userId}/own-wines`. Arrays are comma separated. `locationId` takes
 * `uncategorized` for wines with bottles outside every location; a location includes its sub-locations.
 */
export const CellarWineQuery = z.object({
  page: intParam(1, 100_000),
  resultsPerPage: intParam(1, MAX_CELLAR_RESULTS_PER_PAGE),
  search: z.optional(textField(200)),
  locationId: listParam,
  mainCategoryId: listParam,
  source: listParam,
  country: listParam,
  vintages: listParam,
  wineListCategoryId: listParam,
  /** Catalogue wine ids: the cellar's copies of these catalogue wines (a wine's profile asks for its own). */
  wineId: listParam,
  /** true: only wines with bottles; false: only wines with 0 bottles. */
  inStock: boolParam,
  /** Wines whose drinking window includes this year. */
  drinkNow: boolParam,
  sortColumn: z.optional(z.enum(CELLAR_SORT_COLUMNS)),
  sortDirection: z.optional(z.enum(['asc', 'desc'])),
});
export type CellarWineQuery = z.infer<typeof CellarWineQuery>;

const text = (max: number) => z.optional(textField(max));
/** Optional text that may be cleared with null; `lines` keeps line breaks (notes). */
const nullableText = (max: number, lines = false) => z.optional(z.nullable(textField(max, { lines })));
const nullableId = z.optional(z.nullable(idField));
const money = z.optional(z.nullable(moneyField));
const year = z.optional(z.nullable(drinkingWindowYearField));
const vintage = z.optional(z.nullable(vintageField));
const quantityField = quantityOf(0);
/** A relative change to a wine's bottles: "add 3" or "take 2" (−2), decided on the fresh count. */
const quantityChangeField = z
  .int({ error: (issue) => (issue.input === undefined ? 'required' : 'mustBeWholeNumber') })
  .check(
    z.gte(-QUANTITY_MAX, { error: withBounds('between', { min: -QUANTITY_MAX, max: QUANTITY_MAX }) }),
    z.lte(QUANTITY_MAX, { error: withBounds('between', { min: -QUANTITY_MAX, max: QUANTITY_MAX }) }),
    z.refine((value: number) => value !== 0, { error: 'quantityChangeZero' }),
  );
const bottleSizeField = z
  .number({ error: 'mustBeNumber' })
  .check(
    z.gt(0, { error: withBounds('moreThan', { min: 0 }) }),
    z.lt(LIMITS.bottleSizeBelow, { error: 'bottleSizeTooLarge' }),
    z.refine(isStorableNumber, { error: 'tooManyDecimals' }),
  );
const glassSizeField = z.optional(
  z.nullable(
    z
      .number({ error: 'mustBeNumber' })
      .check(
        z.gt(0, { error: withBounds('moreThan', { min: 0 }) }),
        z.lte(LIMITS.glassSizeMaxCl, { error: 'glassSizeTooLarge' }),
        z.refine(isStorableNumber, { error: 'tooManyDecimals' }),
      ),
  ),
);
/** SPEC §5: POS names have a character limit; Kork uses 40, what receipt printers fit on a line. */
export const POS_NAME_MAX = 40;

/** Fields the owner sets on any cellar wine (create and update alike). */
const ownFields = {
  purchaseNote: nullableText(1000, true),
  purchasePriceWovat: money,
  purchasePriceWvat: money,
  sellingPrice: money,
  sellingPriceLocked: z.optional(z.boolean()),
  marketValue: money,
  drinkingWindowFrom: year,
  drinkingWindowTo: year,
  newCategorisation: nullableText(200),
  rating: z.optional(
    z.nullable(
      z
        .number({ error: 'invalidPoints' })
        .check(
          z.gte(50, { error: 'invalidPoints' }),
          z.lte(100, { error: 'invalidPoints' }),
          z.refine(isStorableNumber, { error: 'invalidPoints' }),
        ),
    ),
  ),
  pricePerGlass: money,
  glassSize: glassSizeField,
  privateNote: nullableText(2000, true),
  wineListCategoryId: nullableId,
  customListWineName: nullableText(200),
  customListProducerName: nullableText(200),
  posName: nullableText(POS_NAME_MAX),
  posGlassName: nullableText(POS_NAME_MAX),
  productId: nullableText(100),
  supplier: nullableText(200),
  showBottleSizeInList: z.optional(z.boolean()),
  priceFormat: z.optional(z.enum(PRICE_FORMATS, { error: 'invalidValue' })),
};

function windowInOrder(value: { drinkingWindowFrom?: number | null; drinkingWindowTo?: number | null }) {
  const { drinkingWindowFrom: from, drinkingWindowTo: to } = value;
  return from == null || to == null || from <= to;
}

/** A catalogue wine into the cellar: `{wineId, quantity, …}`. */
export const CatalogCellarWineInput = z.object({
  source: z.literal('KORK'),
  wineId: idField,
  quantity: quantityField,
  locationId: nullableId,
  ...ownFields,
});

/** A wine the owner types in: `{source: "CUSTOM", wineName, producerName, vintage, bottleSize, quantity, …}`. */
export const CustomCellarWineInput = z.object({
  source: z.literal('CUSTOM'),
  wineName: textField(200, { min: 1 }),
  producerName: text(200),
  vintage,
  bottleSize: bottleSizeField,
  quantity: quantityField,
  mainCategoryId: z.optional(z.enum(MAIN_CATEGORIES, { error: 'invalidValue' })),
  country: text(100),
  region: text(100),
  grapes: z.optional(
    z
      .array(z.object({ name: textField(100, { min: 1 }), share: z.optional(percentageField) }))
      .check(z.maxLength(30, { error: withBounds('maxItems', { max: 30 }) })),
  ),
  /** Rejected: custom wines cannot have a suggested drinking window (SPEC §5). */
  suggestedDrinkingWindowFrom: z.optional(z.never({ error: 'customWineNoSuggestedWindow' })),
  suggestedDrinkingWindowTo: z.optional(z.never({ error: 'customWineNoSuggestedWindow' })),
  locationId: nullableId,
  ...ownFields,
});

/** `POST …/own-wines`: a catalogue wine or a custom one. */
export const CellarWineInput = z.pipe(
  // A body without `source` names a catalogue wine (`{wineId, quantity}`).
  z.transform((value: unknown) =>
    value && typeof value === 'object' && !('source' in value) ? { ...value, source: 'KORK' } : value,
  ),
  z
    .discriminatedUnion('source', [CustomCellarWineInput, CatalogCellarWineInput], { error: 'invalidValue' })
    .check(
      crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
        error: 'drinkUntilBeforeFrom',
        path: ['drinkingWindowTo'],
      }),
    ),
);
/** What a client sends: `source` may be left out for a catalogue wine. */
export type CellarWineInput =
  | z.input<typeof CustomCellarWineInput>
  | (Omit<z.input<typeof CatalogCellarWineInput>, 'source'> & { source?: 'KORK' });
export type ParsedCellarWineInput = z.output<typeof CellarWineInput>;

/**
 * `POST …/own-wines` adds one wine a person picked: it comes with at least one bottle ("Must be at least 1").
 * A batch import (`BulkCreateInput`) may carry wines at 0 bottles, as a wine list or price list does.
 */
export const NewCellarWineInput = CellarWineInput.check(
  crossCheck(['quantity'], (value: { quantity: number }) => value.quantity >= 1, {
    error: withBounds('atLeast', { min: 1 }),
    path: ['quantity'],
  }),
);

/** Wines one `bulk_create` call takes; the web client sends larger imports in chunks it can cancel between. */
export const BULK_CREATE_MAX = 500;

export const BulkCreateInput = z.object({
  ownWines: listField(CellarWineInput, BULK_CREATE_MAX, { min: 1 }),
});
export type BulkCreateInput = z.infer<typeof BulkCreateInput>;

/**
 * `PATCH …/own-wines/{id}`: any own field, and for custom wines the wine's own fields. `quantity` sets the
 * total; the difference is taken from or added to `locationId` (default: where most bottles are).
 */
export const CellarWineUpdate = z
  .object({
    ...ownFields,
    quantity: z.optional(quantityField),
    /** Bottles to add (negative: to take) on the count the change meets, exclusive with `quantity`. */
    addQuantity: z.optional(quantityChangeField),
    locationId: nullableId,
    wineName: z.optional(textField(200, { min: 1 })),
    producerName: nullableText(200),
    vintage,
    bottleSize: z.optional(bottleSizeField),
    mainCategoryId: z.optional(z.enum(MAIN_CATEGORIES, { error: 'invalidValue' })),
    country: nullableText(100),
    region: nullableText(100),
  })
  .check(
    crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
      error: 'drinkUntilBeforeFrom',
      path: ['drinkingWindowTo'],
    }),
    crossCheck(
      ['quantity', 'addQuantity'],
      (value) => value.quantity === undefined || value.addQuantity === undefined,
      {
        error: 'changeQuantityOnce',
        path: ['addQuantity'],
      },
    ),
  );
export type CellarWineUpdate = z.infer<typeof CellarWineUpdate>;

/** Wines one delete takes. */
export const DELETE_MAX = 1000;

/** `DELETE …/own-wines?includeId=a,b,c`. */
export const DeleteCellarWinesQuery = z.object({
  includeId: z.pipe(
    z.pipe(
      textField(20_000, { min: 1 }),
      z.transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    listField(idField, DELETE_MAX, { min: 1 }),
  ),
});

/** Moves one `POST …/own-wines/move` takes; each is one transaction with its history. */
export const MOVE_MAX = 50;

/** Move `quantity` bottles of a wine from one location to another (null: Uncategorized). */
export const MoveInput = z.object({
  moves: z
    .array(
      z.object({
        ownWineId: idField,
        fromLocationId: z.nullable(idField),
        toLocationId: z.nullable(idField),
        quantity: quantityOf(1),
      }),
    )
    .check(
      z.minLength(1, { error: 'required' }),
      z.maxLength(MOVE_MAX, { error: withBounds('maxItems', { max: MOVE_MAX }) }),
    ),
});
export type MoveInput = z.infer<typeof MoveInput>;

/** A place in the cellar; `parentId` makes it a sub-location. */
export interface CellarLocation {
  id: string;
  name: string;
  parentId: string | null;
  order: number;
  /** Set while the location is shared as a read-only public link. */
  shareToken?: string;
  /** Bottles in this location itself (not its sub-locations). */
  bottles: number;
  createdAt: string;
}

const nameField = textField(100, { min: 1 });

/**
 * What two locations (or two wine list categories) under one parent may not share: the name trimmed, its
 * spaces collapsed, case and accents folded ("Kjøleskap" and " kjoleskap " are one name).
 */
export function treeNameKey(name: string): string {
  return foldText(name.trim().replace(/\s+/g, ' '));
}

export const LocationInput = z.object({
  name: nameField,
  parentId: nullableId,
});
export type LocationInput = z.infer<typeof LocationInput>;

export const LocationUpdate = z.object({
  name: z.optional(nameField),
  parentId: nullableId,
});
export type LocationUpdate = z.infer<typeof LocationUpdate>;

/** `GET /api/shared-locations/{token}`: what a shared link shows — that location and its sub-locations only. */
export interface SharedLocationView {
  location: { id: string; name: string; path: string[] };
  ownerName: string;
  sublocations: { id: string; name: string; parentId: string | null }[];
  rows: {
    id: string;
    wineDisplayName: string;
    wineName: string;
    producerName?: string;
    vintage: number | null;
    bottleSize: number;
    mainCategoryId: MainCategory;
    country?: string;
    region?: string;
    imageUrl?: string;
    wineId?: string;
    /** Bottles in the shared location and its sub-locations. */
    quantity: number;
    placements: { locationId: string; quantity: number }[];
  }[];
  count: number;
  bottles: number;
}

/** A wine list category or subcategory (SPEC §3): name, parent, visibility, order. */
export interface WineListCategory {
  id: string;
  name: string;
  parentId: string | null;
  isVisible: boolean;
  order: number;
}

export const CategoryInput = z.object({
  name: nameField,
  parentId: nullableId,
  isVisible: z.optional(z.boolean()),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryUpdate = z.object({
  name: z.optional(nameField),
  parentId: nullableId,
  isVisible: z.optional(z.boolean()),
});
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

/** `PUT …/wine-list-categories/order`: the ids of one level (same parent) in their new order. */
export const CategoryOrderInput = z.object({
  parentId: z.nullable(idField),
  ids: listField(idField, 500, { min: 1 }),
});
export type CategoryOrderInput = z.infer<typeof CategoryOrderInput>;

/**
 * What happened to a cellar wine. SOLD: a sale took bottles out; SALE_DELETED: a deleted sale put them
 * back; COUNTED: a finished stock count set the stock to what was counted (before, after, difference and
 * its value); RECEIVED: an order's bottles arrived (and the purchase price became the weighted average);
 * PRICE_CHANGED: a price rule or an approved price review set the selling and glass price.
 */
export const HISTORY_ACTIONS = [
  'ADDED',
  'QUANTITY',
  'MOVED',
  'PRICES',
  'UPDATED',
  'DELETED',
  'SOLD',
  'SALE_DELETED',
  'COUNTED',
  'RECEIVED',
  'PRICE_CHANGED',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The fields a history entry's `before` and `after` hold. */
export type HistoryState = Partial<
  Pick<
    CellarWine,
    | 'quantity'
    | 'placements'
    | 'purchasePriceWovat'
    | 'purchasePriceWvat'
    | 'sellingPrice'
    | 'sellingPriceLocked'
    | 'marketValue'
    | 'pricePerGlass'
  >
> &
  Record<string, unknown>;

/** One change to a cellar wine, written in the same transaction as the change. */
export interface HistoryEntry {
  id: string;
  at: string;
  action: HistoryAction;
  ownWineId: string;
  wineDisplayName: string;
  actorId: string;
  actorName: string;
  /** null for ADDED. */
  before: HistoryState | null;
  /** null for DELETED. */
  after: HistoryState | null;
}

/** A day the history is filtered from or to: 1900-01-01 to the end of next year. */
const historyDay = isoDateField({ max: () => `${new Date().getUTCFullYear() + 1}-12-31` });

/** `GET …/history`. */
export const HistoryQuery = z.object({
  page: intParam(1, 100_000),
  resultsPerPage: intParam(1, 200),
  action: listParam,
  ownWineId: z.optional(idField),
  search: z.optional(textField(200)),
  /** ISO dates (inclusive). */
  from: z.optional(historyDay),
  to: z.optional(historyDay),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** An exchange rate held in the table: how many NOK one unit costs, on a date, from a source. */
export interface ExchangeRate {
  currency: CurrencyCode;
  nokPerUnit: number;
  date: string;
  source: string;
}

/** `GET …/dashboard`: the cellar home. Amounts in minor units of `baseCurrency`, and of `viewCurrency` converted. */
export interface CellarDashboard {
  baseCurrency: CurrencyCode;
  viewCurrency: CurrencyCode;
  /** Base → view; absent when the two are the same. */
  rate?: { value: number; date: string; source: string };
  totals: InventoryTotals;
  /** The same totals in the viewer's currency. */
  viewTotals: InventoryTotals;
  /** Wines whose drinking window includes this year. */
  drinkNow: CellarWine[];
  /**
   * Wines at or below the low-stock threshold (LOW_STOCK_AT_MOST), most urgent first: those with 0
   * bottles, then those still running (fewest first), each by name. At most a few of each, so wines at 0
   * never crowd out the ones about to run out; `lowStockCount` tells how many there are in all.
   */
  lowStock: CellarWine[];
  lowStockCount: { outOfStock: number; runningLow: number };
  recentHistory: HistoryEntry[];
  locations: number;
}

/** The cellar home's low-stock threshold: a wine with this many bottles or fewer is low. */
export const LOW_STOCK_AT_MOST = 2;
