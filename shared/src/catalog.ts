import * as z from 'zod/mini';
import { withBounds } from './messages';
import {
  crossCheck,
  drinkingWindowYearField,
  idField,
  isoDateField,
  listField,
  MONEY_MAX_MINOR,
  mediaPathField,
  numberField,
  textField,
  todayIso,
  tokenField,
} from './schema-primitives';

/**
 * The wine catalogue and the community around it (SPEC §3 Wine, Tasting note, Search entity kinds,
 * Filters, Active filter defaults; §5 tasting messages; §9 rating descriptions and vintage filter).
 */

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

/**
 * How the global search matches a folded name against a folded query: at the start of the name or of a
 * word in it, or anywhere once the query has four letters or more.
 */
export function matchesFoldedName(folded: string, query: string): boolean {
  return (
    folded.startsWith(query) || folded.includes(` ${query}`) || (query.length >= 4 && folded.includes(query))
  );
}

/** Lower-case ASCII with Norwegian letters folded (ø→o, æ→ae, å→a) and accents dropped: for search and ids. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A facet value's id: the folded text with every run of other characters turned into one dash. */
export function facetId(text: string): string {
  return (
    foldText(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || '-'
  );
}

/**
 * The catalogue index's own keys for places, from the stored Norwegian names; they nest: `frankrike`,
 * `frankrike.bordeaux`, `frankrike.bordeaux.pauillac`. The API and its links speak language-neutral ids
 * (`france.bordeaux.pauillac`) and turn one into the other: see vocabulary/origins.ts.
 */
export function originId(country: string, region?: string, subRegion?: string): string {
  let id = facetId(country);
  if (region) id += `.${facetId(region)}`;
  if (region && subRegion) id += `.${facetId(subRegion)}`;
  return id;
}

export const boolParam = z.optional(
  z.pipe(
    z.enum(['true', 'false', '1', '0'], { error: 'mustBeTrueOrFalse' }),
    z.transform((v) => v === 'true' || v === '1'),
  ),
);
/** Values a comma list in a query takes. */
export const LIST_PARAM_MAX_ITEMS = 200;

/** A comma-separated list: at most 2,000 characters of clean text, at most 200 values. */
export const listParam = z.optional(
  z.pipe(
    z.pipe(
      textField(2000),
      z.transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    z
      .array(z.string())
      .check(
        z.maxLength(LIST_PARAM_MAX_ITEMS, { error: withBounds('maxItems', { max: LIST_PARAM_MAX_ITEMS }) }),
      ),
  ),
);

/** A whole number from `min` to `max` written in digits. */
export const intParam = (min: number, max: number) =>
  z.optional(
    z.pipe(
      z.pipe(
        z
          .string()
          .check(
            z.maxLength(String(max).length, { error: withBounds('between', { min, max }) }),
            z.regex(/^\d+$/, { error: 'mustBeWholeNumber' }),
          ),
        z.transform((v: string) => Number(v)),
      ),
      numberField(min, max, { int: true }),
    ),
  );

/** An amount in the request's currency ("150", "99.90"), up to the largest amount Kork stores. */
const moneyParam = z.optional(
  z.pipe(
    z.pipe(
      z
        .string()
        .check(
          z.maxLength(20, { error: 'amountTooLarge' }),
          z.regex(/^\d+(\.\d+)?$/, { error: 'mustBeNumber' }),
        ),
      z.transform((v) => Number(v)),
    ),
    numberField(0, MONEY_MAX_MINOR),
  ),
);

/** Paging of a list: `page` from 1, `resultsPerPage` up to 100. */
export const PageQuery = z.object({
  page: intParam(1, 10_000),
  resultsPerPage: intParam(1, MAX_RESULTS_PER_PAGE),
});

/** The 100-point scale: 50 is the floor, as in the common wine-critic scale. */
export const POINTS_MIN = 50;
export const POINTS_MAX = 100;

/** Points in a query, whole or half ("88", "89.5"), on the tasting scale below. */
const pointsParam = z.optional(
  z.pipe(
    z.pipe(
      z
        .string()
        .check(
          z.maxLength(5, { error: 'invalidValue' }),
          z.regex(/^\d{1,3}(\.\d)?$/, { error: 'mustBeNumber' }),
        ),
      z.transform((v: string) => Number(v)),
    ),
    z.number().check(
      z.gte(POINTS_MIN, { error: 'invalidValue' }),
      z.lte(POINTS_MAX, { error: 'invalidValue' }),
      z.refine((v) => isTastingPoints(v), { error: 'invalidValue' }),
    ),
  ),
);

/** `GET /api/users/{id}/tastings`: `published=true` leaves the owner's private notes out (the public profile). */
export const UserTastingsQuery = z.object({
  page: intParam(1, 10_000),
  resultsPerPage: intParam(1, MAX_RESULTS_PER_PAGE),
  published: boolParam,
  /** Words the note's wine (name, producer, vintage) or its text holds; accents and case do not matter. */
  q: z.optional(textField(200)),
  /** The wine's style (main category). */
  category: z.optional(z.enum(MAIN_CATEGORIES, { error: 'invalidValue' })),
  /** The note's points from and to (both included), whole or half points. */
  minPoints: pointsParam,
  maxPoints: pointsParam,
});

/** `GET /api/wines` query: arrays are comma separated; absent values take the SPEC defaults. */
export const WineSearchQuery = z.object({
  page: intParam(1, 10_000),
  resultsPerPage: intParam(1, MAX_RESULTS_PER_PAGE),
  sortColumn: z.optional(z.enum(SORT_COLUMNS)),
  sortDirection: z.optional(z.enum(SORT_DIRECTIONS)),
  search: z.optional(textField(200)),
  mainCategoryId: listParam,
  bottleSizes: listParam,
  stores: listParam,
  ratedById: listParam,
  grapes: listParam,
  food: listParam,
  origins: listParam,
  manufacturers: listParam,
  vintages: listParam,
  /** Marketplace supplier ids (`supplierIdOf`): professional accounts only, ignored for others. */
  nbsSuppliers: listParam,
  minPrice: moneyParam,
  maxPrice: moneyParam,
  isAvailable: boolParam,
  isRatedByExpert: boolParam,
  isReviewedByMe: boolParam,
  isHorecaAvailable: boolParam,
});
export type WineSearchQuery = z.infer<typeof WineSearchQuery>;

/** Global search (`GET /api/search?q=`) kinds, SPEC §3. */
export const SEARCH_KINDS = [
  'wine',
  'category',
  'country',
  'region',
  'subRegion',
  'wineEvent',
  'manufacturer',
  'expert',
  'grape',
  'tastingLocation',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchHit {
  kind: SearchKind;
  /** Wine, user or event id; for facet kinds the facet id to filter `GET /api/wines` by. */
  id: string;
  name: string;
  /** A second line: producer and vintage for wines, country for regions, and so on. */
  detail?: string;
  imageUrl?: string;
  /** A wine's style: its bottle is drawn in that style when it has no photo. */
  mainCategoryId?: MainCategory;
}

export interface GlobalSearchResult {
  groups: { kind: SearchKind; hits: SearchHit[] }[];
}

export const GlobalSearchQuery = z.object({ q: textField(200, { min: 1 }) });

// ---------------------------------------------------------------------------------------------------
// Tasting notes

/**
 * SPEC §9 rating descriptions with the thresholds Kork uses (the lowest points of each band).
 * Documented in docs/decisions.md.
 */
export const RATING_BANDS = [
  { min: 98, description: 'Extraordinary' },
  { min: 94, description: 'Outstanding' },
  { min: 90, description: 'Excellent' },
  { min: 86, description: 'Very Good' },
  { min: 82, description: 'Good' },
  { min: 78, description: 'Average' },
  { min: 74, description: 'Acceptable' },
  { min: 70, description: 'Bad' },
  { min: POINTS_MIN, description: 'Unacceptable' },
] as const;
export type RatingDescription = (typeof RATING_BANDS)[number]['description'];

export function ratingDescription(points: number): RatingDescription {
  for (const band of RATING_BANDS) if (points >= band.min) return band.description;
  return 'Unacceptable';
}

/** The latest day a tasting can be dated: today, with a day's grace for time zones east of UTC. */
function latestTastingDay(): string {
  return todayIso(new Date(Date.now() + 24 * 3600 * 1000));
}

/** Points go in whole or half steps: 88.5 as the experts give them, 99.5 too. */
export const POINTS_STEP = 0.5;

/** Whether a number is a tasting's points: from 50 to 100 in whole or half points. */
export function isTastingPoints(value: number): boolean {
  return Number.isFinite(value) && value >= POINTS_MIN && value <= POINTS_MAX && Number.isInteger(value * 2);
}

const POINTS_RULE = withBounds('invalidTastingPoints', { min: POINTS_MIN, max: POINTS_MAX });
export const pointsField = z
  .number({ error: POINTS_RULE })
  .check(
    z.gte(POINTS_MIN, { error: POINTS_RULE }),
    z.lte(POINTS_MAX, { error: POINTS_RULE }),
    z.refine(isTastingPoints, { error: POINTS_RULE }),
  );
/** A tasting's day: from 1900-01-01 to today; "Invalid date" otherwise (SPEC §5). */
const dateField = isoDateField({ max: latestTastingDay, outOfRange: 'invalidDate' });
const windowYear = z.optional(z.nullable(drinkingWindowYearField));

const tastingFields = {
  points: pointsField,
  date: dateField,
  text: z.optional(textField(5000, { lines: true })),
  /** A picture the author uploaded (`POST /api/users/{id}/tasting-images` answers its path). */
  photo: z.optional(z.nullable(mediaPathField)),
  drinkingWindowFrom: windowYear,
  drinkingWindowTo: windowYear,
  isPublished: z.boolean({
    error: (issue) => (issue.input === undefined ? 'required' : 'mustBeTrueOrFalse'),
  }),
};

function windowInOrder(value: { drinkingWindowFrom?: number | null; drinkingWindowTo?: number | null }) {
  const { drinkingWindowFrom: from, drinkingWindowTo: to } = value;
  return from == null || to == null || from <= to;
}

export const TastingInput = z.object(tastingFields).check(
  crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
    error: 'drinkUntilBeforeFrom',
    path: ['drinkingWindowTo'],
  }),
);
export type TastingInput = z.infer<typeof TastingInput>;

export const TastingUpdateInput = z.partial(z.object(tastingFields)).check(
  crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
    error: 'drinkUntilBeforeFrom',
    path: ['drinkingWindowTo'],
  }),
);
export type TastingUpdateInput = z.infer<typeof TastingUpdateInput>;

export interface TastingNote {
  id: string;
  wineId: string;
  authorId: string;
  authorName: string;
  authorImage?: string;
  authorIsExpert: boolean;
  points: number;
  date: string;
  text?: string;
  photo?: string;
  drinkingWindowFrom?: number | null;
  drinkingWindowTo?: number | null;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
  /** The wine, for lists across wines (My tastings, a user's profile). */
  wine?: Pick<WineRow, 'id' | 'name' | 'producer' | 'vintage' | 'imageUrl'> &
    Partial<Pick<WineRow, 'mainCategoryId'>>;
}

/** `GET /api/wines/{id}/tastings`: published notes, experts apart from the community, and the viewer's own. */
export interface WineTastings {
  expert: TastingNote[];
  community: TastingNote[];
  mine: TastingNote[];
}

// ---------------------------------------------------------------------------------------------------
// Public profiles and admin

export interface PublicProfile {
  id: string;
  fullName: string;
  userType: string;
  isExpert: boolean;
  profileImage?: string;
  bio?: string;
  country?: string;
  webUrl?: string;
  instagramUrl?: string;
  status: 'active' | 'deactivated';
  statistic: { tastings: number; averagePoints: number | null; wines: number };
  tastingLocation?: {
    name?: string;
    address?: string;
    lat?: number;
    long?: number;
    image?: string;
    logo?: string;
    bio?: string;
    webUrl?: string;
    menuUrl?: string;
    bookingUrl?: string;
    instagramUsername?: string;
    isWineListPublic: boolean;
  };
}

/** What the admin types to merge wines that differ in style, producer or vintage; either language's. */
export const MERGE_CONFIRMATION_PHRASES = { en: 'MERGE', nb: 'SLÅ SAMMEN' } as const;

export function isMergeConfirmation(typed: string | undefined): boolean {
  const value = (typed ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  return Object.values(MERGE_CONFIRMATION_PHRASES).includes(value as never);
}

export const MergeWinesInput = z.object({
  survivorId: idField,
  duplicateIds: listField(idField, 20, { min: 1 }),
  /**
   * The typed confirmation phrase (MERGE_CONFIRMATION_PHRASES); needed only when a duplicate differs
   * from the survivor in style, producer or vintage (`mergeDifferences`).
   */
  confirmation: z.optional(textField(40)),
});
export type MergeWinesInput = z.infer<typeof MergeWinesInput>;

/** What may tell two wines apart although their names match: a merge of such wines must be confirmed. */
export type MergeDifference = 'style' | 'producer' | 'vintage';

interface MergeComparable {
  mainCategoryId: string;
  producer?: string | null;
  vintage?: number | null;
}

/**
 * How a duplicate differs from the survivor: its style or colour (a rosé is not a white), its producer
 * (when both name one) or its vintage (non-vintage is a vintage of its own).
 */
export function mergeDifferences(survivor: MergeComparable, duplicate: MergeComparable): MergeDifference[] {
  const out: MergeDifference[] = [];
  if (survivor.mainCategoryId !== duplicate.mainCategoryId) out.push('style');
  const producer = (wine: MergeComparable) =>
    foldText(wine.producer ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  if (producer(survivor) && producer(duplicate) && producer(survivor) !== producer(duplicate))
    out.push('producer');
  if ((survivor.vintage ?? null) !== (duplicate.vintage ?? null)) out.push('vintage');
  return out;
}

export interface MergeRecord {
  id: string;
  survivorId: string;
  duplicateIds: string[];
  movedTastings: number;
  movedExternalIds: number;
  mergedBy: string;
  mergedAt: string;
  /** The wines' names as the history shows them ("Name 2019"), by id; read with the history. */
  wineNames?: Record<string, string>;
  /** The admin who merged, by name; read with the history. */
  mergedByName?: string;
}

/**
 * Embed page options: the embed's owner, the signed-in account that made its code, chooses what the card
 * shows. A price shows only with `priceKey`, which only a signed-in account gets (`EmbedPriceKey`).
 */
export const EmbedQuery = z.object({
  showPrice: boolParam,
  showRating: boolParam,
  priceKey: z.optional(tokenField(0, 64, 'invalidValue')),
});

/** `GET /api/embed/wines/{id}/price-key`: lets an embed of this wine show its price. */
export interface EmbedPriceKey {
  priceKey: string;
}

/** `GET /api/embed/wines/{id}`: what an embedded wine card shows; price and rating only when asked for. */
export interface EmbeddedWine {
  id: string;
  name: string;
  producer?: string;
  vintage: number | null;
  imageUrl?: string;
  /** Its style: a wine without a photo is drawn as a bottle of that style. */
  mainCategoryId?: MainCategory;
  country?: string;
  region?: string;
  rating?: number | null;
  expertRating?: number | null;
  price?: number;
  currency?: string;
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
