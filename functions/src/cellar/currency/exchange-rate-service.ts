/**
 * Exchange rates held in the table with their date and source. The cellar converts its totals with the
 * newest day's rates; a scheduled job stores a new day's set.
 */
import { CURRENCY_CODES, type CurrencyCode, type ExchangeRate, REFERENCE_RATES } from '@kork/shared';
import { tables } from '../../data/tables';
import { backoffMs, TRANSACTION_ATTEMPTS } from '../../data/transactions';

/** Where a day's rates come from. */
export interface RatesProvider {
  rates(): Promise<{ date: string; source: string; nokPerUnit: Record<CurrencyCode, number> }>;
}

/**
 * The published reference rates Kork ships with, under their own date. It is the provider when no live
 * feed is configured (locally); in the cloud the job reads Norges Bank (`norgesBankRates`), which returns
 * each day's rates and date.
 */
export const referenceRates: RatesProvider = {
  async rates() {
    return {
      date: REFERENCE_RATES.asOf,
      source: REFERENCE_RATES.source,
      nokPerUnit: REFERENCE_RATES.nokPerUnit,
    };
  },
};

/**
 * Stores one day's rates (idempotent per day and currency). The provider is asked first: when it throws,
 * nothing is written and the last stored day stays the one in use.
 */
export async function storeRates(
  provider: RatesProvider = referenceRates,
): Promise<{ date: string; source: string; count: number }> {
  const { date, source, nokPerUnit } = await provider.rates();
  const items = CURRENCY_CODES.map((currency) => ({
    date,
    currency,
    nokPerUnit: nokPerUnit[currency],
    source,
  }));
  // A batch write may leave items unprocessed (throttling): they are sent again, never dropped.
  let pending: typeof items = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= TRANSACTION_ATTEMPTS) throw new Error('Exchange rates were left unprocessed');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    const { unprocessed } = await tables('cellar').exchangeRate.put(pending).go();
    const left = new Set(unprocessed.map((key) => `${key.date}#${key.currency}`));
    pending = pending.filter((item) => left.has(`${item.date}#${item.currency}`));
  }
  return { date, source, count: items.length };
}

/** The newest day's rates; the shipped reference rates when the table has none yet. */
export async function latestRates(): Promise<{
  date: string;
  source: string;
  nokPerUnit: Record<string, number>;
}> {
  const { data } = await tables('cellar')
    .exchangeRate.query.byDate({})
    .go({ order: 'desc', limit: CURRENCY_CODES.length });
  const newest = data[0];
  if (!newest)
    return {
      date: REFERENCE_RATES.asOf,
      source: REFERENCE_RATES.source,
      nokPerUnit: REFERENCE_RATES.nokPerUnit,
    };
  const day = data.filter((rate) => rate.date === newest.date);
  return {
    date: newest.date,
    source: newest.source,
    nokPerUnit: {
      ...REFERENCE_RATES.nokPerUnit,
      ...Object.fromEntries(day.map((rate) => [rate.currency, rate.nokPerUnit])),
    },
  };
}

export function toExchangeRate(
  currency: CurrencyCode,
  rates: Awaited<ReturnType<typeof latestRates>>,
): ExchangeRate {
  return { currency, nokPerUnit: rates.nokPerUnit[currency] ?? 1, date: rates.date, source: rates.source };
}
