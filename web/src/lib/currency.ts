import { CURRENCY_COOKIE, type CurrencyCode, resolveCurrency } from '@kork/shared';
import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import { setPreferenceCookie } from './preference-cookie';

const listeners = new Set<() => void>();

/** The currency prices are shown in: the cookie's code, or EUR when it is missing or unknown (SPEC §9). */
export function getCurrency(): CurrencyCode {
  return resolveCurrency(Cookies.get(CURRENCY_COOKIE));
}

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
