import type { MenuEngineering, MenuEngineeringQuery } from '@kork/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function menuEngineeringPath(userId: string): string {
  return `/wine-cellars/users/${encodeURIComponent(userId)}/sales-analytics/menu-engineering`;
}

/** `GET …/sales-analytics/menu-engineering`: the listed wines by class, price ladders and dead stock. */
export function getMenuEngineering(
  userId: string,
  query: MenuEngineeringQuery,
  signal?: AbortSignal,
): Promise<MenuEngineering> {
  const params: Record<string, string> = {};
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  if (query.listId) params.listId = query.listId;
  if (query.deadDays !== undefined) params.deadDays = String(query.deadDays);
  return api.get<MenuEngineering>(menuEngineeringPath(userId), { query: params, signal });
}

export function menuEngineeringQuery(userId: string, query: MenuEngineeringQuery) {
  return queryOptions({
    queryKey: ['sales-analytics', userId, 'menu-engineering', query] as const,
    queryFn: ({ signal }) => getMenuEngineering(userId, query, signal),
  });
}

/** The engineering of one period; the last answer stays on screen while the next loads. */
export function useMenuEngineering(userId: string, query: MenuEngineeringQuery, enabled: boolean) {
  return useQuery({ ...menuEngineeringQuery(userId, query), placeholderData: keepPreviousData, enabled });
}
