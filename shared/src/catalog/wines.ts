import { foldText } from './folding';

/** A wine of the catalogue, its categories, facets and search results (SPEC §3 Wine, Filters). */

/** Where a wine came from (SPEC §3 source kinds; the product's own catalogue is `KORK`). */
export const WINE_SOURCES = [
  'CUSTOM',
  'KORK',
  'RECIPE',
  'SCAN_MATCHING_KORK',
  'SCAN_MATCHING_CUSTOM',
] as const;
export type WineSource = (typeof WINE_SOURCES)[number];

export const EXTERNAL_ID_KINDS = ['VinmonopoletID', 'VecturaID'] as const;
export type ExternalIdKind = (typeof EXTERNAL_ID_KINDS)[number];

export interface ExternalId {
  kind: ExternalIdKind;
  value: string;
}

/**
 * Main categories (`mainCategoryId`). Wine styles first (the home strip shows them), then the other
 * drinks the catalogue keeps for beverage recipes.
 */
export const MAIN_CATEGORIES = [
  'red',
  'white',
  'rose',
  'sparkling',
  'orange',
  'dessert',
  'fortified',
  'fruit',
  'aromatized',
  'spirits',
  'beer',
  'nonAlcoholic',
] as const;
export type MainCategory = (typeof MAIN_CATEGORIES)[number];

export function isMainCategory(value: unknown): value is MainCategory {
  return typeof value === 'string' && (MAIN_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Vinmonopolet's product types (`Varetype`, folded) that only name a main category, or its "other"
 * bucket: beside the category they say nothing more ("Rødvin" is a red wine, "Øvrig Sterkvin" a fortified one).
 */
const GENERIC_STYLES: Record<string, MainCategory> = {
  rodvin: 'red',
  hvitvin: 'white',
  rosevin: 'rose',
  'musserende vin': 'sparkling',
  oransjevin: 'orange',
  dessertvin: 'dessert',
  sterkvin: 'fortified',
  'ovrig sterkvin': 'fortified',
  fruktvin: 'fruit',
  'aromatisert svakvin og annen blandet dri': 'aromatized',
  'aromatisert svakvin og annen blandet drikk': 'aromatized',
  'ovrig svakvin': 'aromatized',
  brennevin: 'spirits',
  'ovrig brennevin': 'spirits',
  ol: 'beer',
  alkoholfritt: 'nonAlcoholic',
};

/**
 * The one style badge's second part: the wine's specific product type (its stored `style`, e.g. "Portvin"
 * under fortified, "Whisky" under spirits, "Rødvin" for a sweet red filed as dessert) only where it adds
 * to the main category; undefined where it would repeat it ("Rødvin" for a red wine) or is "Ukjent".
 * The value is the stored Norwegian one: the web shows it through its style vocabulary.
 */
export function styleDetail(mainCategoryId: MainCategory, style: string | undefined): string | undefined {
  const trimmed = style?.trim();
  if (!trimmed) return undefined;
  const folded = foldText(trimmed).replace(/\s+/g, ' ');
  if (folded === 'ukjent' || GENERIC_STYLES[folded] === mainCategoryId) return undefined;
  const names = MAIN_CATEGORY_NAMES[mainCategoryId];
  if (folded === foldText(names.nb) || folded === foldText(names.en)) return undefined;
  return trimmed;
}

export interface GrapeShare {
  name: string;
  /** Percent of the blend, when the producer states it. */
  share?: number;
}

/**
 * A catalogue wine with every SPEC §3 Wine field the source has. Money is integer minor units of
 * `priceCurrency` (NOK for Vinmonopolet). `vintage` null means non-vintage (shown as NV).
 */
export interface Wine {
  id: string;
  source: WineSource;
  externalIds: ExternalId[];
  name: string;
  producer?: string;
  vintage: number | null;
  /** Litres. */
  bottleSize: number;
  mainCategoryId: MainCategory;
  /** The source's own style name, for example Vinmonopolet's `Varetype` ("Rødvin", "Whisky"). */
  style?: string;
  country?: string;
  region?: string;
  subRegion?: string;
  grapes: GrapeShare[];
  /** Percent by volume. */
  alcohol?: number;
  /** Grams per litre. */
  acid?: number;
  /** Grams per litre. */
  sugar?: number;
  colour?: string;
  taste?: string;
  aroma?: string;
  foodPairings: string[];
  /** Vinmonopolet's 1–12 taste profile; absent when not rated. */
  body?: number;
  freshness?: number;
  tannins?: number;
  bitterness?: number;
  sweetness?: number;
  packaging?: string;
  corkType?: string;
  storingGrade?: string;
  method?: string;
  wholesaler?: string;
  carrier?: string;
  classification?: string;
  /** Vinmonopolet's product selection ("Basisutvalget", "Bestillingsutvalget", …). */
  productSelection?: string;
  /** Vinmonopolet's store category ("Butikkategori 3", "Uavhengig sortiment", …): the `stores` filter. */
  storeCategory?: string;
  vinmonopoletNumber?: string;
  productUrl?: string;
  imageUrl?: string;
  suggestedDrinkingWindowFrom?: number;
  suggestedDrinkingWindowTo?: number;
  /** Price in minor units of `priceCurrency`. */
  priceMinor?: number;
  priceCurrency?: string;
  /** Sold by the monopoly today. */
  isAvailable: boolean;
  /** Restaurants and bars can buy it through a wholesaler. */
  isHorecaAvailable: boolean;
}

/** The community's and the experts' view of a wine, kept on the wine and updated with every note. */
export interface WineRatings {
  /** The points `sortColumn=rating` sorts by: the expert average when experts rated it, else the community's. */
  rating: number | null;
  expertRating: number | null;
  expertCount: number;
  communityRating: number | null;
  communityCount: number;
}

/** One row of `GET /api/wines`. `price` and `isAvailable` are only sent to registered users. */
export interface WineRow extends WineRatings {
  id: string;
  name: string;
  producer?: string;
  vintage: number | null;
  bottleSize: number;
  mainCategoryId: MainCategory;
  /** The stored product type (Vinmonopolet's `Varetype`): for filters and admin, not for the badge. */
  style?: string;
  /** The badge's product type: `style` only where it adds to `mainCategoryId` (see `styleDetail`). */
  styleDetail?: string;
  country?: string;
  region?: string;
  grapes: string[];
  imageUrl?: string;
  /** In the request's currency (a number, not minor units). */
  price?: number;
  currency?: string;
  isAvailable?: boolean;
}

export interface FacetValue {
  id: string;
  name: string;
  count: number;
  /**
   * Regions and sub-regions only: the stored name of the country or region the value lies in, given when
   * the list holds another value of the same name ("Øvrige" under Burgund and under Bordeaux, "Fins Bois"
   * under two cognac classes), so a label can say which one it is ("Other (Burgundy)").
   */
  parent?: string;
}

/** Vinmonopolet's "other" region or sub-region ("Øvrige"): it says no more than the origin above it. */
export function isOtherOrigin(name: string | undefined): boolean {
  if (!name) return false;
  const folded = foldText(name).trim();
  return folded === 'ovrige' || folded === 'ovrig';
}

export const FACETS = [
  'categories',
  'countries',
  'regions',
  'subRegions',
  'grapes',
  'food',
  'manufacturers',
  'bottleSizes',
  'stores',
  'vintages',
  'experts',
  /** The marketplace's suppliers (wholesalers), by supplier id: professional accounts only, empty for others. */
  'nbsSuppliers',
] as const;
export type FacetName = (typeof FACETS)[number];

/** Facet counts of a search (`nbsSuppliers` is empty for viewers other than professional accounts). */
export type WineFacets = Record<FacetName, FacetValue[]>;

export interface WineSearchResult {
  rows: WineRow[];
  count: number;
  facets: WineFacets;
  /**
   * With a search text and the expert-rated filter on (its default): how many more wines the text
   * finds among those without an expert rating, which that filter leaves out. Absent when none.
   */
  withoutExpertRating?: number;
}

/** `GET /api/wines/{id}`: the whole wine, its ratings, other vintages and related wines. */
export interface WineDetail extends Omit<Wine, 'priceMinor' | 'priceCurrency' | 'isAvailable'>, WineRatings {
  /** The badge's product type: `style` only where it adds to `mainCategoryId` (see `styleDetail`). */
  styleDetail?: string;
  price?: number;
  currency?: string;
  isAvailable?: boolean;
  /** Set when an admin merged this wine into another; the client should go there. */
  mergedInto?: string;
  vintages: WineRow[];
  related: WineRow[];
}

export const SORT_COLUMNS = ['rating', 'price', 'name', 'vintage', 'newest'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** SPEC §3 Active filter defaults. */
export const WINE_SEARCH_DEFAULTS = {
  page: 1,
  resultsPerPage: 24,
  sortColumn: 'rating',
  sortDirection: 'desc',
  isAvailable: true,
  isRatedByExpert: true,
  isHorecaAvailable: true,
  isReviewedByMe: false,
} as const;

export const MAX_RESULTS_PER_PAGE = 100;
/** SPEC §9: the vintage filter reaches 50 years back. */
export const VINTAGE_FILTER_YEARS = 50;

export function vintageFilterYears(today: Date = new Date()): number[] {
  const year = today.getUTCFullYear();
  return Array.from({ length: VINTAGE_FILTER_YEARS }, (_, i) => year - i);
}

/** Category names for the global search (the web app's own texts live in its catalogues). */
export const MAIN_CATEGORY_NAMES: Record<MainCategory, { en: string; nb: string }> = {
  red: { en: 'Red wine', nb: 'Rødvin' },
  white: { en: 'White wine', nb: 'Hvitvin' },
  rose: { en: 'Rosé wine', nb: 'Rosévin' },
  sparkling: { en: 'Sparkling wine', nb: 'Musserende vin' },
  orange: { en: 'Orange wine', nb: 'Oransjevin' },
  dessert: { en: 'Dessert wine', nb: 'Dessertvin' },
  fortified: { en: 'Fortified wine', nb: 'Sterkvin' },
  fruit: { en: 'Fruit wine', nb: 'Fruktvin' },
  aromatized: { en: 'Aromatised wine', nb: 'Aromatisert vin' },
  spirits: { en: 'Spirits', nb: 'Brennevin' },
  beer: { en: 'Beer', nb: 'Øl' },
  nonAlcoholic: { en: 'Alcohol-free', nb: 'Alkoholfritt' },
};
