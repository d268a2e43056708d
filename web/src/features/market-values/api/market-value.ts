import type { MarketValueAnswer, ValuationsAnswer } from '@kork/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** The filters of the page: locations and main categories (empty: the whole cellar). */
export interface MarketValueFilter {
  locationIds: readonly string[];
  categoryIds: readonly string[];
}

export const marketValueKeys = {
  all: ['market-value'] as const,
  cellar: (userId: string) => [...marketValueKeys.all, userId] as const,
  sample: () => [...marketValueKeys.all, 'sample'] as const,
  valuations: (userId: string, ownWineId: string) =>
    [...marketValueKeys.cellar(userId), 'valuations', ownWineId] as const,
};

export function marketValuePath(userId: string): string {
  return `/wine-cellars/users/${encodeURIComponent(userId)}/market-value`;
}

/** True for the API's answer that the account's plan does not include market value (403 `planRequired`). */
export function isPlanRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'planRequired';
}

/** `GET …/market-value`: the cellar's value, its history and its wines (a free plan: 403 `planRequired`). */
export function marketValueQuery(userId: string, filter: MarketValueFilter) {
  const query = {
    locationIds: filter.locationIds.length ? [...filter.locationIds].sort().join(',') : undefined,
    categoryIds: filter.categoryIds.length ? [...filter.categoryIds].sort().join(',') : undefined,
  };
  return queryOptions({
    queryKey: [...marketValueKeys.cellar(userId), query] as const,
    queryFn: ({ signal }) => api.get<MarketValueAnswer>(marketValuePath(userId), { query, signal }),
    placeholderData: keepPreviousData,
    // A plan that does not include it is an answer, not a failure to retry.
    retry: (count, error) =>
      !isPlanRequired(error) && !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** `GET /api/market-value/sample`: what the page shows, on demo data, for a plan without market value. */
export function marketValueSampleQuery() {
  return queryOptions({
    queryKey: marketValueKeys.sample(),
    queryFn: ({ signal }) => api.get<MarketValueAnswer>('/market-value/sample', { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

/** `GET …/own-wines/{ownWineId}/valuations`: one cellar wine's valuation history, newest first. */
export function valuationsQuery(userId: string, ownWineId: string) {
  return queryOptions({
    queryKey: marketValueKeys.valuations(userId, ownWineId),
    queryFn: ({ signal }) =>
      api.get<ValuationsAnswer>(
        `/wine-cellars/users/${encodeURIComponent(userId)}/own-wines/${encodeURIComponent(ownWineId)}/valuations`,
        { signal },
      ),
    retry: false,
  });
}
