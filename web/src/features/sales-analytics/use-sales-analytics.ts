import type { SalesAnalytics, SalesAnalyticsQuery } from '@kork/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { AnalyticsView } from './period';

/** How many wines the top and bottom seller lists hold. */
export const SELLER_LIST_SIZE = 10;

export function salesAnalyticsPath(userId: string): string {
  return `/wine-cellars/users/${encodeURIComponent(userId)}/sales-analytics`;
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
  return useQuery({
    queryKey: ['sales-analytics', userId, query],
    queryFn: ({ signal }) =>
      api.get<SalesAnalytics>(salesAnalyticsPath(userId), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
