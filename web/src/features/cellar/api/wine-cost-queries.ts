import { queryOptions } from '@tanstack/react-query';
import { cellarKeys } from './cellar-queries';
import { getDutyRates, getWineCost } from './wine-cost';

/**
 * A wine's cost, kept under the cellar's own wines: whatever refreshes the inventory refreshes it too,
 * and a change to the wine refreshes it by `wineCostKey`.
 */
export const wineCostKey = (userId: string, id: string) =>
  [...cellarKeys.cellarWines(userId), 'cost', id] as const;

export const wineCostQuery = (userId: string, id: string) =>
  queryOptions({
    queryKey: wineCostKey(userId, id),
    queryFn: ({ signal }) => getWineCost(userId, id, signal),
    retry: false,
  });

/** Today's duty rates, for the price typed without duties; they change once a year at most. */
export const dutyRatesQuery = () =>
  queryOptions({
    queryKey: ['duties', 'rates', 'today'] as const,
    queryFn: ({ signal }) => getDutyRates(signal),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
