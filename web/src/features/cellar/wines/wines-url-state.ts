import {
  CELLAR_SORT_COLUMNS,
  CELLAR_WINE_SOURCES,
  type CellarSortColumn,
  type CellarWineSource,
  MAIN_CATEGORIES,
  type MainCategory,
} from '@kork/shared';
import type { CellarWinesFilter } from '../api/list-cellar-wines';

/**
 * The inventory's view lives in the URL (search, filters, location, sort and page), so a reload, the
 * back button and a shared link show the same wines. Empty or default values are left out of the URL.
 */

export const PAGE_SIZE = 50;

export type StockFilter = 'in' | 'out';
export type SortDirection = 'asc' | 'desc';

export interface WinesView {
  search: string;
  styles: MainCategory[];
  source: CellarWineSource | undefined;
  stock: StockFilter | undefined;
  drinkNow: boolean;
  /** undefined: every wine; `uncategorized` or a location id otherwise. */
  location: string | undefined;
  sort: { column: CellarSortColumn; direction: SortDirection } | undefined;
  page: number;
}

const PARAM = {
  search: 'q',
  styles: 'style',
  source: 'source',
  stock: 'stock',
  drinkNow: 'drinkNow',
  location: 'location',
  sort: 'sort',
  direction: 'dir',
  page: 'page',
} as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function parseWinesView(params: URLSearchParams): WinesView {
  const styles = (params.get(PARAM.styles) ?? '')
    .split(',')
    .filter((style): style is MainCategory => (MAIN_CATEGORIES as readonly string[]).includes(style));
  const column = oneOf(CELLAR_SORT_COLUMNS, params.get(PARAM.sort));
  const page = Number(params.get(PARAM.page));
  return {
    search: params.get(PARAM.search) ?? '',
    styles,
    source: oneOf(CELLAR_WINE_SOURCES, params.get(PARAM.source)),
    stock: oneOf(['in', 'out'] as const, params.get(PARAM.stock)),
    drinkNow: params.get(PARAM.drinkNow) === 'true',
    location: params.get(PARAM.location) || undefined,
    sort: column ? { column, direction: params.get(PARAM.direction) === 'desc' ? 'desc' : 'asc' } : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The view as search params; parameters that are not the inventory's own are kept. */
export function winesViewToParams(view: WinesView, current?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const name of Object.values(PARAM)) params.delete(name);
  const put = (name: string, value: string | undefined) => {
    if (value) params.set(name, value);
  };
  put(PARAM.search, view.search.trim());
  put(PARAM.styles, view.styles.join(','));
  put(PARAM.source, view.source);
  put(PARAM.stock, view.stock);
  put(PARAM.drinkNow, view.drinkNow ? 'true' : undefined);
  put(PARAM.location, view.location);
  put(PARAM.sort, view.sort?.column);
  put(PARAM.direction, view.sort?.direction);
  put(PARAM.page, view.page > 1 ? String(view.page) : undefined);
  return params;
}

/** True when the search or a filter (not the location, not the sort) narrows the list. */
export function hasFilters(view: WinesView): boolean {
  return (
    view.search.trim() !== '' ||
    view.styles.length > 0 ||
    view.source !== undefined ||
    view.stock !== undefined ||
    view.drinkNow
  );
}

/** The `GET …/own-wines` query for the view. */
export function winesQuery(view: WinesView): CellarWinesFilter {
  const search = view.search.trim();
  return {
    page: view.page,
    resultsPerPage: PAGE_SIZE,
    search: search || undefined,
    locationId: view.location ? [view.location] : undefined,
    mainCategoryId: view.styles.length > 0 ? view.styles : undefined,
    source: view.source ? [view.source] : undefined,
    inStock: view.stock === undefined ? undefined : view.stock === 'in',
    drinkNow: view.drinkNow || undefined,
    sortColumn: view.sort?.column,
    sortDirection: view.sort?.direction,
  };
}
