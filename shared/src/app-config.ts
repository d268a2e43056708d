import { CURRENCIES, type Currency, type CurrencyCode, DEFAULT_CURRENCY } from './currencies';
import type { MapConfig } from './geocoding';
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
  /** The map's tiles; null when the deployment configured none (the app then says the map cannot be loaded). */
  map: MapConfig | null;
}

export function appConfig(map: MapConfig | null = null): AppConfig {
  return {
    currencies: CURRENCIES,
    defaultCurrency: DEFAULT_CURRENCY,
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    breakpoints: BREAKPOINTS,
    imageWidths: IMAGE_WIDTHS,
    limits: LIMITS,
    map,
  };
}
