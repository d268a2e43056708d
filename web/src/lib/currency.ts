import { CURRENCY_COOKIE, type CurrencyCode, DEFAULT_CURRENCY, isCurrencyCode } from '@kork/shared';
import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import { setPreferenceCookie } from './preference-cookie';

const listeners = new Set<() => void>();

/**
 * The currency a visitor who chose none sees: NOK for a Norwegian browser language (nb, no, nn — Kork is
 * mainly for Norway), EUR for any other or none (SPEC §9).
 */
export function browserCurrency(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): CurrencyCode {
  for (const language of languages) {
    if (/^(nb|no|nn)\b/.test(language.toLowerCase())) return 'NOK';
  }
  return DEFAULT_CURRENCY;
}

/**
 * The currency amounts are shown in: the one chosen (cookie KORK_CURRENCY, kept from the account on
 * sign-in), else the browser's language's (NOK for Norwegian, else EUR).
 */
export function getCurrency(): CurrencyCode {
  const chosen = Cookies.get(CURRENCY_COOKIE)?.trim().toUpperCase();
  return isCurrencyCode(chosen) ? chosen : browserCurrency();
}

/**
 * A signed-in person's own currency on a device where none was chosen yet (a session opened there without
 * the sign-in form, or the cookie cleared): the account's choice wins over the browser's language.
 */
export function adoptAccountCurrency(code: string | null | undefined): void {
  const chosen = Cookies.get(CURRENCY_COOKIE)?.trim().toUpperCase();
  if (isCurrencyCode(chosen) || !isCurrencyCode(code)) return;
  setCurrency(code);
}

/** Remembers the currency on this device; `chooseCurrency` (features/config) also saves it on the account. */
export function setCurrency(code: CurrencyCode): void {
  setPreferenceCookie(CURRENCY_COOKIE, code);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrency(): CurrencyCode {
  return useSyncExternalStore(subscribe, getCurrency, getCurrency);
}
