import type { SalesAnalytics, SalesAnalyticsQuery } from '@kork/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AnalyticsView } from '../period';

/** How many wines the top and bottom seller lists hold. */
export const SELLER_LIST_SIZE = 10;

export function salesAnalyticsPath(userId: string): string {
  return `/wine-cellars/users/${encodeURIComponent(userId)}/sales-analytics`;
}

/** `GET …/sales-analytics`: the figures of one period, grouped by day, week or month. */
export function getSalesAnalytics(
  userId: string,
  query: SalesAnalyticsQuery,
  signal?: AbortSignal,
): Promise<SalesAnalytics> {
  return api.get<SalesAnalytics>(salesAnalyticsPath(userId), { query: { ...query }, signal });
}

export function salesAnalyticsQuery(userId: string, query: SalesAnalyticsQuery) {
  return queryOptions({
    queryKey: ['sales-analytics', userId, query] as const,
    queryFn: ({ signal }) => getSalesAnalytics(userId, query, signal),
  });
}

/**
 * The figures of one period. The last answer stays on screen while the next period loads, so the page
 * does not jump; nothing is asked for while `enabled` is false (a period that cannot be asked for).
 */
export function useSalesAnalytics(userId: string, view: AnalyticsView, enabled: boolean) {
  const query: SalesAnalyticsQuery = {
    from: view.from,
    to: view.to,
    groupBy: view.groupBy,
    top: SELLER_LIST_SIZE,
  };
  return useQuery({ ...salesAnalyticsQuery(userId, query), placeholderData: keepPreviousData, enabled });
}
