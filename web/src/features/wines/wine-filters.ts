import {
  SORT_COLUMNS,
  SORT_DIRECTIONS,
  type SortColumn,
  type SortDirection,
  WINE_SEARCH_DEFAULTS,
} from '@kork/shared';
import { WINE_SEARCH_MAX_LENGTH } from '../search/search-rules';
import {
  WINE_BOOLEAN_PARAMS,
  WINE_LIST_PARAMS,
  type WineBooleanParam,
  type WineListParam,
  type WineSearchParams,
} from './api/search-wines';

/**
 * The feed's wine filters and how they live in the page URL, so that a link, a reload and the back
 * button all bring back the same list. Pure functions: the page reads them with `useSearchParams`.
 *
 * The URL uses the API's parameter names, except `category` for `mainCategoryId` (the home page's
 * category strip has always linked `/feed?category=red`). Defaults are never written.
 */

export const LIST_FILTERS = WINE_LIST_PARAMS;
export type ListFilter = WineListParam;
export const BOOLEAN_FILTERS = WINE_BOOLEAN_PARAMS;
export type BooleanFilter = WineBooleanParam;

export type WineFilters = {
  search: string;
  sortColumn: SortColumn;
  sortDirection: SortDirection;
  minPrice: number | null;
  maxPrice: number | null;
} & { [K in ListFilter]: string[] } & { [K in BooleanFilter]: boolean };

/** The parameter a list filter has in the page URL. */
export const URL_PARAM: Record<ListFilter, string> = {
  mainCategoryId: 'category',
  origins: 'origins',
  grapes: 'grapes',
  food: 'food',
  manufacturers: 'manufacturers',
  bottleSizes: 'bottleSizes',
  stores: 'stores',
  vintages: 'vintages',
  ratedById: 'ratedById',
  nbsSuppliers: 'nbsSuppliers',
};

const SCALAR_PARAMS = ['search', 'sortColumn', 'sortDirection', 'minPrice', 'maxPrice'] as const;

/** Every URL parameter the filters own; any other one (a campaign tag, say) is left alone. */
export const FILTER_URL_PARAMS: readonly string[] = [
  ...SCALAR_PARAMS,
  ...LIST_FILTERS.map((key) => URL_PARAM[key]),
  ...BOOLEAN_FILTERS,
];

/** SPEC §3 Active filter defaults: nothing chosen, best rated first. */
export const DEFAULT_FILTERS: WineFilters = {
  search: '',
  sortColumn: WINE_SEARCH_DEFAULTS.sortColumn,
  sortDirection: WINE_SEARCH_DEFAULTS.sortDirection,
  minPrice: null,
  maxPrice: null,
  mainCategoryId: [],
  origins: [],
  grapes: [],
  food: [],
  manufacturers: [],
  bottleSizes: [],
  stores: [],
  vintages: [],
  ratedById: [],
  nbsSuppliers: [],
  isAvailable: WINE_SEARCH_DEFAULTS.isAvailable,
  isRatedByExpert: WINE_SEARCH_DEFAULTS.isRatedByExpert,
  isReviewedByMe: WINE_SEARCH_DEFAULTS.isReviewedByMe,
  isHorecaAvailable: WINE_SEARCH_DEFAULTS.isHorecaAvailable,
};

/** A search from a link, cut to what the API takes (never through the middle of a character). */
function boundedSearch(text: string): string {
  const trimmed = text.trim();
  if (WINE_SEARCH_MAX_LENGTH === undefined || trimmed.length <= WINE_SEARCH_MAX_LENGTH) return trimmed;
  return trimmed
    .slice(0, WINE_SEARCH_MAX_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
}

function parseList(value: string | null): string[] {
  if (!value) return [];
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return [...new Set(items)];
}

function parseBoolean(value: string | null, fallback: boolean): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
}

function parsePrice(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value);
}

/** The filters a page URL stands for; anything unknown or malformed falls back to its default. */
export function parseWineFilters(params: URLSearchParams): WineFilters {
  const filters: WineFilters = { ...DEFAULT_FILTERS };
  filters.search = boundedSearch(params.get('search') ?? '');
  const column = params.get('sortColumn');
  if (isOneOf(SORT_COLUMNS, column)) filters.sortColumn = column;
  const direction = params.get('sortDirection');
  if (isOneOf(SORT_DIRECTIONS, direction)) filters.sortDirection = direction;
  for (const key of LIST_FILTERS) filters[key] = parseList(params.get(URL_PARAM[key]));
  for (const key of BOOLEAN_FILTERS) filters[key] = parseBoolean(params.get(key), DEFAULT_FILTERS[key]);
  filters.minPrice = parsePrice(params.get('minPrice'));
  filters.maxPrice = parsePrice(params.get('maxPrice'));
  return filters;
}

/**
 * The URL query for the filters: only what differs from the defaults, in a fixed order. Parameters of
 * `base` that the filters do not own are kept.
 */
export function wineFiltersToSearchParams(
  filters: WineFilters,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of base) if (!FILTER_URL_PARAMS.includes(key)) params.append(key, value);
  const search = filters.search.trim();
  if (search) params.set('search', search);
  for (const key of LIST_FILTERS) {
    if (filters[key].length > 0) params.set(URL_PARAM[key], filters[key].join(','));
  }
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  for (const key of BOOLEAN_FILTERS) {
    if (filters[key] !== DEFAULT_FILTERS[key]) params.set(key, String(filters[key]));
  }
  if (filters.sortColumn !== DEFAULT_FILTERS.sortColumn) params.set('sortColumn', filters.sortColumn);
  if (filters.sortDirection !== DEFAULT_FILTERS.sortDirection)
    params.set('sortDirection', filters.sortDirection);
  return params;
}

/** What the viewer may filter by: prices and their own lists need an account, trade stock a business one. */
export interface FilterAbilities {
  loggedIn: boolean;
  business: boolean;
}

/** Whether a boolean filter is offered to the viewer (the others keep their defaults for them). */
export function offersBooleanFilter(key: BooleanFilter, abilities: FilterAbilities): boolean {
  if (key === 'isHorecaAvailable') return abilities.business;
  if (key === 'isAvailable' || key === 'isReviewedByMe') return abilities.loggedIn;
  return true;
}

/** Whether a list filter is offered to the viewer: the marketplace's suppliers are for business accounts. */
export function offersListFilter(key: ListFilter, abilities: FilterAbilities): boolean {
  return key === 'nbsSuppliers' ? abilities.business : true;
}

/** The filters as they apply to this viewer: what they cannot use goes back to its default. */
export function effectiveFilters(filters: WineFilters, abilities: FilterAbilities): WineFilters {
  const effective = { ...filters };
  for (const key of BOOLEAN_FILTERS) {
    if (!offersBooleanFilter(key, abilities)) effective[key] = DEFAULT_FILTERS[key];
  }
  for (const key of LIST_FILTERS) {
    if (!offersListFilter(key, abilities)) effective[key] = DEFAULT_FILTERS[key];
  }
  if (!abilities.loggedIn) {
    effective.minPrice = null;
    effective.maxPrice = null;
  }
  return effective;
}

/** The parent ids of a nested origin id: `a.b.c` → `a`, `a.b`. */
export function originAncestors(id: string): string[] {
  const parts = id.split('.');
  return parts.slice(1).map((_, index) => parts.slice(0, index + 1).join('.'));
}

/**
 * The origins to ask for: a country whose region is chosen too stands for that region only (choosing
 * Bordeaux under France narrows France down, it does not widen Bordeaux back to all of France).
 */
export function narrowOrigins(origins: readonly string[]): string[] {
  return origins.filter((id) => !origins.some((other) => other.startsWith(`${id}.`)));
}

/** Chooses or drops an origin; dropping a country or region drops what was chosen inside it too. */
export function toggleOrigin(origins: readonly string[], id: string): string[] {
  if (origins.includes(id)) return origins.filter((other) => other !== id && !other.startsWith(`${id}.`));
  return [...origins, id];
}

/**
 * Whether the list comes best match first: the API ranks a text search by how well each wine matches
 * (exact words, then prefixes, then typos; by rating within each) when the sort is the default one,
 * rating descending, and the text has a word to match. Any other sort orders by its column alone.
 */
export function ranksByMatch(filters: Pick<WineFilters, 'search' | 'sortColumn' | 'sortDirection'>): boolean {
  return (
    /[\p{L}\p{N}]/u.test(filters.search) &&
    filters.sortColumn === DEFAULT_FILTERS.sortColumn &&
    filters.sortDirection === DEFAULT_FILTERS.sortDirection
  );
}

/** The `GET /api/wines` parameters for one page of the filtered list. */
export function wineSearchParams(
  filters: WineFilters,
  abilities: FilterAbilities,
  page = 1,
  resultsPerPage: number = WINE_SEARCH_DEFAULTS.resultsPerPage,
): WineSearchParams {
  const effective = effectiveFilters(filters, abilities);
  const params: WineSearchParams = {
    page,
    resultsPerPage,
    sortColumn: effective.sortColumn,
    sortDirection: effective.sortDirection,
    search: effective.search || undefined,
    minPrice: effective.minPrice ?? undefined,
    maxPrice: effective.maxPrice ?? undefined,
  };
  for (const key of LIST_FILTERS) {
    const values = key === 'origins' ? narrowOrigins(effective.origins) : effective[key];
    if (values.length > 0) params[key] = values;
  }
  for (const key of BOOLEAN_FILTERS) params[key] = effective[key];
  return params;
}

/** One removable chip of the active filters. */
export type ActiveFilter =
  | { kind: 'search'; value: string }
  | { kind: 'list'; key: ListFilter; value: string }
  | { kind: 'price'; key: 'minPrice' | 'maxPrice'; value: number }
  | { kind: 'boolean'; key: BooleanFilter; value: boolean };

/** Everything the viewer has narrowed the list by (the sort order is no filter). */
export function activeFilters(filters: WineFilters, abilities: FilterAbilities): ActiveFilter[] {
  const effective = effectiveFilters(filters, abilities);
  const active: ActiveFilter[] = [];
  if (effective.search) active.push({ kind: 'search', value: effective.search });
  for (const key of LIST_FILTERS) {
    for (const value of effective[key]) active.push({ kind: 'list', key, value });
  }
  if (effective.minPrice !== null) active.push({ kind: 'price', key: 'minPrice', value: effective.minPrice });
  if (effective.maxPrice !== null) active.push({ kind: 'price', key: 'maxPrice', value: effective.maxPrice });
  for (const key of BOOLEAN_FILTERS) {
    if (effective[key] !== DEFAULT_FILTERS[key]) active.push({ kind: 'boolean', key, value: effective[key] });
  }
  return active;
}

/** The filters without one chip. */
export function removeActiveFilter(filters: WineFilters, filter: ActiveFilter): WineFilters {
  switch (filter.kind) {
    case 'search':
      return { ...filters, search: '' };
    case 'list':
      return {
        ...filters,
        [filter.key]:
          filter.key === 'origins'
            ? toggleOrigin(filters.origins, filter.value)
            : filters[filter.key].filter((value) => value !== filter.value),
      };
    case 'price':
      return { ...filters, [filter.key]: null };
    case 'boolean':
      return { ...filters, [filter.key]: DEFAULT_FILTERS[filter.key] };
  }
}

/** Every filter and the search back to the defaults; the chosen order stays. */
export function clearWineFilters(filters: WineFilters): WineFilters {
  return { ...DEFAULT_FILTERS, sortColumn: filters.sortColumn, sortDirection: filters.sortDirection };
}
