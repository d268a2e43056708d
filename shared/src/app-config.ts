import { CURRENCIES, type Currency, type CurrencyCode, DEFAULT_CURRENCY } from './currencies';
import { BREAKPOINTS, IMAGE_WIDTHS, LIMITS } from './limits';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

/** What `GET /api/config` answers: everything the web app needs to know before it renders. */
export interface AppConfig {
  currencies: readonly Currency[];
  defaultCurrency: CurrencyCode;
  locales: readonly Locale[];
  defaultLocale: Locale;
  breakpoints: typeof BREAKPOINTS;
  imageWidths: readonly number[];
  limits: typeof LIMITS;
}

export function appConfig(): AppConfig {
  return {
    currencies: CURRENCIES,
    defaultCurrency: DEFAULT_CURRENCY,
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    breakpoints: BREAKPOINTS,
    imageWidths: IMAGE_WIDTHS,
    limits: LIMITS,
  };
}
