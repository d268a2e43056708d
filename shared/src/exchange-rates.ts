import { type CurrencyCode, currency as currencyOf } from './currencies';

/**
 * Reference exchange rates: how many Norwegian kroner one unit of a currency costs. The catalogue's
 * prices are in NOK; a request's `X-Currency` converts them with these. They are approximate reference
 * values (Norges Bank's published mid rates rounded, autumn 2025) that the cellar's scheduled rates job
 * replaces with dated rates held in the table.
 */
export const REFERENCE_RATES = {
  asOf: '2025-10-01',
  source: 'Norges Bank reference rates (rounded)',
  nokPerUnit: {
    NOK: 1,
    EUR: 11.7,
    GBP: 13.4,
    USD: 10.0,
    AUD: 6.6,
    CAD: 7.2,
    CNY: 1.4,
    CZK: 0.48,
    DKK: 1.57,
    HKD: 1.29,
    HUF: 0.03,
    JPY: 0.067,
    SGD: 7.75,
    SEK: 1.06,
    CHF: 12.5,
    RSD: 0.1,
    RON: 2.3,
    BAM: 5.98,
    PLN: 2.74,
    INR: 0.113,
    BRL: 1.87,
    MXN: 0.54,
    ZAR: 0.57,
    NZD: 5.8,
    ARS: 0.0072,
    CLP: 0.0104,
    KRW: 0.0071,
    VND: 0.00038,
    SAR: 2.66,
    AED: 2.72,
    RUB: 0.12,
    TRY: 0.24,
    ILS: 3.0,
    THB: 0.31,
  } satisfies Record<CurrencyCode, number>,
} as const;

/** Minor units of NOK in `currency`, as a number rounded to 2 decimals (0 for currencies without). */
export function convertFromNokMinor(amountMinor: number, currency: CurrencyCode): number {
  const rate = REFERENCE_RATES.nokPerUnit[currency];
  const value = amountMinor / 100 / rate;
  const decimals = currencyOf(currency).minorUnits;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** An amount in `currency` as minor units of NOK (price filters). */
export function convertToNokMinor(amount: number, currency: CurrencyCode): number {
  return Math.round(amount * REFERENCE_RATES.nokPerUnit[currency] * 100);
}

/**
 * Minor units of `from` as minor units of `to`, through NOK with the given rates (NOK per unit), rounded
 * to `to`'s smallest unit. The cellar converts its totals with the dated rates held in the table.
 */
export function convertMinor(
  amountMinor: number,
  from: CurrencyCode,
  to: CurrencyCode,
  nokPerUnit: Partial<Record<CurrencyCode, number>>,
): number {
  if (from === to) return amountMinor;
  const fromRate = nokPerUnit[from] ?? REFERENCE_RATES.nokPerUnit[from];
  const toRate = nokPerUnit[to] ?? REFERENCE_RATES.nokPerUnit[to];
  const major = (amountMinor / 10 ** currencyOf(from).minorUnits) * (fromRate / toRate);
  return Math.round(major * 10 ** currencyOf(to).minorUnits);
}

/** A day's rates as the API answers them (`GET /api/exchange-rates`): NOK per unit, with date and source. */
export interface ExchangeRates {
  /** ISO day the rates were published for. */
  date: string;
  source: string;
  nokPerUnit: Partial<Record<CurrencyCode, number>>;
}

/** A rate older than this many days is said to be old wherever it is shown. */
export const RATE_STALE_AFTER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from the rates' date to `now` (0 on the day itself; never negative). */
export function rateAgeDays(date: string, now: Date = new Date()): number {
  const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day)) return 0;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.floor((today - day) / DAY_MS));
}

/** True when the rates are more than a week old, so a converted amount must say so. */
export function isStaleRate(date: string, now: Date = new Date()): boolean {
  return rateAgeDays(date, now) > RATE_STALE_AFTER_DAYS;
}

/** Units of `to` one unit of `from` buys with these rates (1 for the same currency). */
export function rateBetween(
  from: CurrencyCode,
  to: CurrencyCode,
  nokPerUnit: Partial<Record<CurrencyCode, number>>,
): number {
  if (from === to) return 1;
  const fromRate = nokPerUnit[from] ?? REFERENCE_RATES.nokPerUnit[from];
  const toRate = nokPerUnit[to] ?? REFERENCE_RATES.nokPerUnit[to];
  return fromRate / toRate;
}
