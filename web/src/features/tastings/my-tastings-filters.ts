import { MAIN_CATEGORIES, type MainCategory } from '@kork/shared';

/** The points ranges My tastings offers, each a pair of bounds (both included). */
export const POINT_RANGES = {
  '95': { minPoints: 95 },
  '90': { minPoints: 90, maxPoints: 94.5 },
  '86': { minPoints: 86, maxPoints: 89.5 },
  '80': { minPoints: 80, maxPoints: 85.5 },
  below80: { maxPoints: 79.5 },
} as const satisfies Record<string, { minPoints?: number; maxPoints?: number }>;
export type PointRange = keyof typeof POINT_RANGES;
export const POINT_RANGE_KEYS = Object.keys(POINT_RANGES) as PointRange[];

/** My tastings' search as the address keeps it: `?q=barolo&style=red&points=90&page=2`. */
export interface MyTastingsSearch {
  q: string;
  style: MainCategory | undefined;
  points: PointRange | undefined;
  page: number;
}

export const MAX_SEARCH_LENGTH = 200;

export function readSearch(params: URLSearchParams): MyTastingsSearch {
  const style = params.get('style');
  const points = params.get('points');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    style: MAIN_CATEGORIES.includes(style as MainCategory) ? (style as MainCategory) : undefined,
    points: POINT_RANGE_KEYS.includes(points as PointRange) ? (points as PointRange) : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address of a search: empty values and the first page are left out. */
export function writeSearch(search: MyTastingsSearch): Record<string, string> {
  const out: Record<string, string> = {};
  if (search.q.trim()) out.q = search.q;
  if (search.style) out.style = search.style;
  if (search.points) out.points = search.points;
  if (search.page > 1) out.page = String(search.page);
  return out;
}

/** The API query of a search (`GET /api/users/{id}/tastings`). */
export function queryOf(search: MyTastingsSearch): {
  q?: string;
  category?: MainCategory;
  minPoints?: number;
  maxPoints?: number;
} {
  const query: { q?: string; category?: MainCategory; minPoints?: number; maxPoints?: number } = {};
  if (search.q.trim()) query.q = search.q.trim();
  if (search.style) query.category = search.style;
  if (search.points) Object.assign(query, POINT_RANGES[search.points]);
  return query;
}

export function isFiltered(search: MyTastingsSearch): boolean {
  return Boolean(search.q.trim() || search.style || search.points);
}
