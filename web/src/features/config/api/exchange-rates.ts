import type { ExchangeRates } from '@kork/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/exchange-rates`: the newest day's rates (NOK per unit), with their date and source. */
export function getExchangeRates(signal?: AbortSignal): Promise<ExchangeRates> {
  return api.get<ExchangeRates>('/exchange-rates', { signal });
}

/** A new day's rates arrive once a day: five minutes of reuse costs nothing and saves a call per page. */
export const exchangeRatesQuery = queryOptions({
  queryKey: ['exchange-rates'] as const,
  queryFn: ({ signal }) => getExchangeRates(signal),
  staleTime: 5 * 60 * 1000,
});
