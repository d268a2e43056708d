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
  /** Google and Apple sign-in as this deployment offers them. */
  signIn: SignInConfig;
}

export interface SignInConfig {
  /** Google's OAuth web client id, when Google sign-in is offered. */
  google?: { clientId: string };
  /** Sign in with Apple's services id, when Apple sign-in is offered. */
  apple?: { clientId: string };
  /** The local sign-in emulator's address (`npm start`); never set in the cloud. */
  emulator?: string;
}

/**
 * From the API's environment: the client ids it accepts (comma-separated; the browser signs in with the
 * first, the web client, the API also accepts the apps' ones) and the local emulator's address.
 */
export function signInConfigOf(env: { google?: string; apple?: string; emulator?: string }): SignInConfig {
  const first = (list?: string) =>
    (list ?? '')
      .split(',')
      .map((s) => s.trim())
      .find(Boolean);
  const google = first(env.google);
  const apple = first(env.apple);
  return {
    ...(google ? { google: { clientId: google } } : {}),
    ...(apple ? { apple: { clientId: apple } } : {}),
    ...(env.emulator ? { emulator: env.emulator } : {}),
  };
}

export function appConfig(map: MapConfig | null = null, signIn: SignInConfig = {}): AppConfig {
  return {
    currencies: CURRENCIES,
    defaultCurrency: DEFAULT_CURRENCY,
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    breakpoints: BREAKPOINTS,
    imageWidths: IMAGE_WIDTHS,
    limits: LIMITS,
    map,
    signIn,
  };
}
