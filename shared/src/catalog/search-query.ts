import * as z from 'zod/mini';
import { withBounds } from '../messages';
import { MONEY_MAX_MINOR, numberField, textField } from '../schema-primitives';
import { isTastingPoints, POINTS_MAX, POINTS_MIN } from './tastings';
import {
  MAIN_CATEGORIES,
  MAX_RESULTS_PER_PAGE,
  type MainCategory,
  SORT_COLUMNS,
  SORT_DIRECTIONS,
} from './wines';

/** The query parameters of the catalogue's lists and searches (SPEC §3 Filters, Active filter defaults). */

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
