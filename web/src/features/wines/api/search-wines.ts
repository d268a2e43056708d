import {
  type SortColumn,
  type SortDirection,
  WINE_SEARCH_DEFAULTS,
  type WineSearchResult,
} from '@kork/shared';
import { api } from '../../../lib/api-client';

/** The list filters of `GET /api/wines`: facet ids, OR within a list and AND across lists. */
export const WINE_LIST_PARAMS = [
  'mainCategoryId',
  'origins',
  'grapes',
  'food',
  'manufacturers',
  'bottleSizes',
  'stores',
  'vintages',
  'ratedById',
  'nbsSuppliers',
] as const;
export type WineListParam = (typeof WINE_LIST_PARAMS)[number];

export const WINE_BOOLEAN_PARAMS = [
  'isAvailable',
  'isRatedByExpert',
  'isReviewedByMe',
  'isHorecaAvailable',
] as const;
export type WineBooleanParam = (typeof WINE_BOOLEAN_PARAMS)[number];

/** What the client asks `GET /api/wines` for; anything left out takes the SPEC defaults on the server. */
export type WineSearchParams = {
  page?: number;
  resultsPerPage?: number;
  sortColumn?: SortColumn;
  sortDirection?: SortDirection;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
} & { [K in WineListParam]?: readonly string[] } & { [K in WineBooleanParam]?: boolean };

/**
 * The query string values for a search: lists comma separated, and every value equal to its default
 * (or empty) left out, so equal searches make equal URLs and the server's defaults stay in one place.
 */
export function wineSearchQuery(params: WineSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  const defaults: Record<string, unknown> = WINE_SEARCH_DEFAULTS;
  const put = (key: string, value: string | number | boolean | undefined) => {
    if (value === undefined || value === defaults[key]) return;
    query[key] = String(value);
  };
  put('page', params.page);
  put('resultsPerPage', params.resultsPerPage);
  put('sortColumn', params.sortColumn);
  put('sortDirection', params.sortDirection);
  const search = params.search?.trim();
  if (search) query.search = search;
  for (const key of WINE_LIST_PARAMS) {
    const values = params[key]?.filter(Boolean);
    if (values && values.length > 0) query[key] = values.join(',');
  }
  if (params.minPrice !== undefined && Number.isFinite(params.minPrice)) put('minPrice', params.minPrice);
  if (params.maxPrice !== undefined && Number.isFinite(params.maxPrice)) put('maxPrice', params.maxPrice);
  for (const key of WINE_BOOLEAN_PARAMS) put(key, params[key]);
  return query;
}

/** `GET /api/wines`: one page of the catalogue with the facet counts for the filter panel. */
export function searchWines(params: WineSearchParams, signal?: AbortSignal): Promise<WineSearchResult> {
  return api.get<WineSearchResult>('/wines', { query: wineSearchQuery(params), signal });
}
