import {
  type CurrencyCode,
  convertMinor,
  type ExchangeRates,
  isStaleRate,
  rateAgeDays,
  rateBetween,
} from '@kork/shared';
import { useQuery } from '@tanstack/react-query';
import { useCurrency } from '../../lib/currency';
import { queryClient } from '../../lib/query-client';
import { exchangeRatesQuery } from './api/exchange-rates';

/**
 * Amounts kept in a cellar's base currency, as the viewer reads them: in the currency they chose,
 * converted with the newest rates for display only. Stored amounts and everything written stay in the
 * base currency; `toView` is applied to what is shown, never to what is sent.
 */
export interface ViewMoney {
  /** The currency the amounts are kept (and typed) in. */
  base: CurrencyCode;
  /** The currency they are shown in: the viewer's, or the base while there are no rates to convert with. */
  currency: CurrencyCode;
  /** True when shown amounts are converted from the base currency. */
  converted: boolean;
  /** Minor units of `base` as minor units of `currency`, rounded to its smallest unit for display. */
  toView: (minor: number) => number;
  /** The rate used (units of `currency` per unit of `base`), when converted. */
  rate?: { value: number; date: string; source: string; stale: boolean; ageDays: number };
}

/** How `base` amounts show for a viewer of `viewCurrency` with these rates (none yet: unconverted). */
export function viewMoneyOf(
  base: CurrencyCode,
  viewCurrency: CurrencyCode,
  rates: ExchangeRates | undefined,
  now: Date = new Date(),
): ViewMoney {
  if (base === viewCurrency || !rates?.nokPerUnit) {
    return { base, currency: base, converted: false, toView: (minor) => minor };
  }
  const { nokPerUnit, date, source } = rates;
  return {
    base,
    currency: viewCurrency,
    converted: true,
    toView: (minor) => convertMinor(minor, base, viewCurrency, nokPerUnit),
    rate: {
      value: rateBetween(base, viewCurrency, nokPerUnit),
      date,
      source,
      stale: isStaleRate(date, now),
      ageDays: rateAgeDays(date, now),
    },
  };
}

/**
 * Amounts of a cellar kept in `base` (undefined while the cellar loads) in the viewer's currency. The
 * rates are fetched only when the two differ; until they arrive the amounts show unconverted, in `base`.
 */
export function useViewMoney(base: CurrencyCode | undefined): ViewMoney {
  const viewCurrency = useCurrency();
  const from = base ?? viewCurrency;
  // The app's one query client, named here so pages without a QueryProvider of their own can convert too.
  const rates = useQuery({ ...exchangeRatesQuery, enabled: from !== viewCurrency }, queryClient);
  return viewMoneyOf(from, viewCurrency, rates.data);
}
