/**
 * The currencies a person can choose (SPEC §3). Money is stored as integer minor units plus one of
 * these codes; `displayFallback` names the currency whose display mapping is used where a currency has
 * no mapping of its own (Danish and Swedish kroner show as Norwegian, yen as yuan, Argentine and
 * Chilean pesos as US dollars).
 */
export interface Currency {
  code: CurrencyCode;
  symbol: string;
  minorUnits: 0 | 2;
  displayFallback?: CurrencyCode;
}

export const CURRENCY_CODES = [
  'EUR',
  'NOK',
  'GBP',
  'USD',
  'AUD',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'HKD',
  'HUF',
  'JPY',
  'SGD',
  'SEK',
  'CHF',
  'RSD',
  'RON',
  'BAM',
  'PLN',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
  'NZD',
  'ARS',
  'CLP',
  'KRW',
  'VND',
  'SAR',
  'AED',
  'RUB',
  'TRY',
  'ILS',
  'THB',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const DEFAULT_CURRENCY: CurrencyCode = 'EUR';

/** Countries whose own currency a new account starts with when it chose none (the product is for Norway). */
const COUNTRY_CURRENCIES: Readonly<Record<string, CurrencyCode>> = { NO: 'NOK' };

/**
 * A new account's currency where the person chose none: its country's (NOK for a business in Norway),
 * EUR only when the country is unknown or has none of its own here (SPEC §9).
 */
export function defaultCurrencyFor(country: string | null | undefined): CurrencyCode {
  return COUNTRY_CURRENCIES[country?.trim().toUpperCase() ?? ''] ?? DEFAULT_CURRENCY;
}

export const CURRENCIES: readonly Currency[] = [
  { code: 'EUR', symbol: '€', minorUnits: 2 },
  { code: 'NOK', symbol: 'kr', minorUnits: 2 },
  { code: 'GBP', symbol: '£', minorUnits: 2 },
  { code: 'USD', symbol: '$', minorUnits: 2 },
  { code: 'AUD', symbol: 'A$', minorUnits: 2 },
  { code: 'CAD', symbol: 'C$', minorUnits: 2 },
  { code: 'CNY', symbol: '¥', minorUnits: 2 },
  { code: 'CZK', symbol: 'Kč', minorUnits: 2 },
  { code: 'DKK', symbol: 'kr', minorUnits: 2, displayFallback: 'NOK' },
  { code: 'HKD', symbol: 'HK$', minorUnits: 2 },
  { code: 'HUF', symbol: 'Ft', minorUnits: 2 },
  { code: 'JPY', symbol: '¥', minorUnits: 0, displayFallback: 'CNY' },
  { code: 'SGD', symbol: 'S$', minorUnits: 2 },
  { code: 'SEK', symbol: 'kr', minorUnits: 2, displayFallback: 'NOK' },
  { code: 'CHF', symbol: 'CHF', minorUnits: 2 },
  { code: 'RSD', symbol: 'дин', minorUnits: 2 },
  { code: 'RON', symbol: 'lei', minorUnits: 2 },
  { code: 'BAM', symbol: 'KM', minorUnits: 2 },
  { code: 'PLN', symbol: 'zł', minorUnits: 2 },
  { code: 'INR', symbol: '₹', minorUnits: 2 },
  { code: 'BRL', symbol: 'R$', minorUnits: 2 },
  { code: 'MXN', symbol: 'MX$', minorUnits: 2 },
  { code: 'ZAR', symbol: 'R', minorUnits: 2 },
  { code: 'NZD', symbol: 'NZ$', minorUnits: 2 },
  { code: 'ARS', symbol: 'AR$', minorUnits: 2, displayFallback: 'USD' },
  { code: 'CLP', symbol: 'CLP$', minorUnits: 0, displayFallback: 'USD' },
  { code: 'KRW', symbol: '₩', minorUnits: 0 },
  { code: 'VND', symbol: '₫', minorUnits: 0 },
  { code: 'SAR', symbol: 'SR', minorUnits: 2 },
  { code: 'AED', symbol: 'AED', minorUnits: 2 },
  { code: 'RUB', symbol: '₽', minorUnits: 2 },
  { code: 'TRY', symbol: '₺', minorUnits: 2 },
  { code: 'ILS', symbol: '₪', minorUnits: 2 },
  { code: 'THB', symbol: '฿', minorUnits: 2 },
];

const byCode = new Map(CURRENCIES.map((c) => [c.code, c]));

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && byCode.has(value as CurrencyCode);
}

/** The currency for a code from a header or cookie: an unknown or missing code means EUR (SPEC §9). */
export function resolveCurrency(value: string | null | undefined): CurrencyCode {
  const code = value?.trim().toUpperCase();
  return isCurrencyCode(code) ? code : DEFAULT_CURRENCY;
}

export function currency(code: CurrencyCode): Currency {
  return byCode.get(code) as Currency;
}

/** The currency whose display mapping is used for `code`. */
export function displayCurrency(code: CurrencyCode): CurrencyCode {
  return currency(code).displayFallback ?? code;
}
