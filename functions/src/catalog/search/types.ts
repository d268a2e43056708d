import type { MainCategory, SortColumn, SortDirection, WineFacets } from '@kork/shared';

/**
 * What the in-memory catalogue index holds per wine: the searchable, filterable and sortable fields,
 * nothing else. The snapshot in S3 is an array of these.
 */
export interface SearchDoc {
  id: string;
  name: string;
  producer?: string;
  /** null: non-vintage. */
  vintage: number | null;
  /** Litres. */
  bottleSize: number;
  mainCategoryId: MainCategory;
  style?: string;
  country?: string;
  region?: string;
  subRegion?: string;
  grapes: string[];
  food: string[];
  storeCategory?: string;
  /** Minor units of NOK; absent when the wine has no price. */
  priceMinor?: number;
  isAvailable: boolean;
  isHorecaAvailable: boolean;
  /** The wholesaler selling it to restaurants (its marketplace supplier, `supplierIdOf`). */
  wholesaler?: string;
  imageUrl?: string;
  /** Ids of the experts who published a note on the wine. */
  expertIds: string[];
  rating: number | null;
  expertRating: number | null;
  expertCount: number;
  communityRating: number | null;
  communityCount: number;
  /** ISO time the wine entered the catalogue: the `newest` sort. */
  createdAt: string;
  /** The wine's own Vinmonopolet number and any a merge moved onto it: how a re-import finds it. */
  numbers?: string[];
  /** The wine's Vectura ids (`externalIds` of kind `VecturaID`), when it has any. */
  vecturaIds?: string[];
  /** The import's hash of the source row: a re-import skips unchanged rows without reading the table. */
  contentHash?: string;
}

/** The rating fields a tasting note changes; the index updates them in place. */
export type SearchDocStats = Pick<
  SearchDoc,
  'expertIds' | 'rating' | 'expertRating' | 'expertCount' | 'communityRating' | 'communityCount'
>;

export interface IndexQuery {
  /** Free text over name, producer, country, region, sub-region and grapes; typo and accent tolerant. */
  text?: string;
  /** Each list is OR within itself, AND across lists. Values are facet ids (see `facetId`, `originId`). */
  categories?: string[];
  /** Origin ids at any depth: `frankrike`, `frankrike.bordeaux`, `frankrike.bordeaux.pauillac`. */
  origins?: string[];
  grapes?: string[];
  food?: string[];
  manufacturers?: string[];
  /** Litres as text, "0.75". */
  bottleSizes?: string[];
  stores?: string[];
  /** Years as text, or "NV". */
  vintages?: string[];
  /** Expert user ids. */
  ratedById?: string[];
  /** Supplier ids (`supplierIdOf` of the wholesaler): professional viewers only. */
  nbsSuppliers?: string[];
  /** NOK minor units, inclusive. A bound excludes wines with no price. */
  minPriceMinor?: number;
  maxPriceMinor?: number;
  isAvailable?: boolean;
  isRatedByExpert?: boolean;
  isHorecaAvailable?: boolean;
  /** Only these wine ids (the viewer's reviewed wines for `isReviewedByMe`). */
  onlyIds?: ReadonlySet<string>;
  sortColumn: SortColumn;
  sortDirection: SortDirection;
  offset: number;
  limit: number;
  /** Compute facet counts (the filter panel); off for lookups such as related wines. */
  facets?: boolean;
}

export interface IndexResult {
  rows: SearchDoc[];
  count: number;
  facets: WineFacets;
}
