export const LOCALES = ['nb', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nb';

/** `Accept-Language` starting with `nb` (or `no`/`nn`) gives Norwegian messages; anything else English. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return /^(nb|no|nn)\b/.test(first) ? 'nb' : 'en';
}
