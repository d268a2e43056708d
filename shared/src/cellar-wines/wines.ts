import * as z from 'zod/mini';
import {
  boolParam,
  type ExternalId,
  type GrapeShare,
  intParam,
  listParam,
  type MainCategory,
} from '../catalog';
import type { CurrencyCode } from '../currencies';
import type { ContainerType } from '../duties';
import { textField } from '../schema-primitives';

/** A cellar wine as the inventory lists it: its sources, placements, columns and query (SPEC §3). */

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
  /** Bottles an order fills up to (docs/reorder.md); absent: suggested from sales. */
  parLevel?: number;
  /** At or under this many bottles the wine is due for an order; absent: suggested from sales. */
  reorderPoint?: number;
  /** Bottles in a case the wine is ordered in; absent: the supplier's. */
  caseSize?: number;
  /**
   * Percent by volume and the container, for the duties (docs/duties.md). The owner's own; for a
   * catalogue wine the cost falls back to the catalogue's alcohol and packaging.
   */
  alcohol?: number;
  container?: ContainerType;
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
