import type { PriceFormat } from '../cellar-wines';
import { type CurrencyCode, currency } from '../currencies';
import type { Locale } from '../locales';
import type { PrintedPrice } from '../wine-lists';

/**
 * Prices as a wine list prints them (docs/wine-lists.md, "Price formats"). All arithmetic is on integer
 * minor units; the currency's own minor digits decide the decimals.
 */

/** The no-break space between the thousands and after a currency sign (every list font has U+00A0, none U+202F). */
export const PRICE_SPACE = '\u00a0';

/** Currencies whose sign goes right before the amount in both languages: `€ 1 290` (nb), `€1,290` (en). */
const SIGN_PREFIX: Partial<Record<CurrencyCode, string>> = { EUR: '€', USD: '$', GBP: '£' };
/** Currencies printed `kr 1 290` in Norwegian. */
const KRONER: ReadonlySet<CurrencyCode> = new Set(['NOK', 'SEK', 'DKK']);

/** The upper bounds (exclusive, major units of the list's currency) of a bottle's 1, 2, 3 and 4 stars; 5 above. */
export const STAR_THRESHOLDS = [400, 800, 1600, 3200] as const;
/** A glass price's stars use the bottle thresholds divided by this (about five glasses to a bottle). */
export const GLASS_STAR_DIVISOR = 5;

export const PRICE_TEXTS = {
  nb: { onRequest: 'Pris på forespørsel', perBottle: '/ fl.' },
  en: { onRequest: 'Price on request', perBottle: '/ btl.' },
} as const satisfies Record<Locale, { onRequest: string; perBottle: string }>;

/** An amount as a list prints it: `kr 1 290` (nb), `NOK 1,290` (en); decimals only when not whole. */
export function formatListPrice(minor: number, currencyCode: CurrencyCode, locale: Locale): string {
  const digits = currency(currencyCode).minorUnits;
  const scale = 10 ** digits;
  const value = Math.round(minor);
  const negative = value < 0;
  const absolute = Math.abs(value);
  const whole = Math.floor(absolute / scale);
  const fraction = absolute % scale;
  const groupSeparator = locale === 'nb' ? PRICE_SPACE : ',';
  let number = groupDigits(String(whole), groupSeparator);
  if (fraction !== 0) number += (locale === 'nb' ? ',' : '.') + String(fraction).padStart(digits, '0');
  if (negative) number = `-${number}`;
  const sign = SIGN_PREFIX[currencyCode];
  if (sign) return locale === 'nb' ? `${sign}${PRICE_SPACE}${number}` : `${sign}${number}`;
  if (locale === 'nb' && KRONER.has(currencyCode)) return `kr${PRICE_SPACE}${number}`;
  return `${currencyCode}${PRICE_SPACE}${number}`;
}

function groupDigits(digits: string, separator: string): string {
  let result = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) result += separator;
    result += digits[i];
  }
  return result;
}

/** Stars (1–5) of a price in minor units: the band it falls in (STAR_THRESHOLDS, in major units). */
export function priceStars(
  minor: number,
  currencyCode: CurrencyCode,
  unit: 'bottle' | 'glass' = 'bottle',
): number {
  const scale = 10 ** currency(currencyCode).minorUnits;
  const divisor = unit === 'glass' ? GLASS_STAR_DIVISOR : 1;
  // minor < threshold × scale ÷ divisor, kept in integers: minor × divisor < threshold × scale.
  const index = STAR_THRESHOLDS.findIndex((threshold) => Math.round(minor) * divisor < threshold * scale);
  return index === -1 ? 5 : index + 1;
}

/**
 * A price in a wine's price format (documented in docs/wine-lists.md):
 * - `display`: the amount (`kr 1 290`);
 * - `blank`: nothing;
 * - `POD`: "Pris på forespørsel" / "Price on request", with or without a price;
 * - `PPF`: the amount per bottle, `kr 1 290 / fl.` / `NOK 1,290 / btl.` (a glass price: the amount alone);
 * - `stars`: 1–5 stars by price band (STAR_THRESHOLDS).
 * Without a price, `display`, `PPF` and `stars` print nothing.
 */
export function printedPrice(
  minor: number | undefined,
  format: PriceFormat,
  currencyCode: CurrencyCode,
  locale: Locale,
  unit: 'bottle' | 'glass' = 'bottle',
): PrintedPrice {
  if (format === 'blank') return { kind: 'none' };
  if (format === 'POD') return { kind: 'text', text: PRICE_TEXTS[locale].onRequest };
  if (minor === undefined || !Number.isFinite(minor)) return { kind: 'none' };
  if (format === 'stars') return { kind: 'stars', stars: priceStars(minor, currencyCode, unit) };
  const amount = formatListPrice(minor, currencyCode, locale);
  if (format === 'PPF' && unit === 'bottle')
    return { kind: 'text', text: `${amount} ${PRICE_TEXTS[locale].perBottle}` };
  return { kind: 'text', text: amount };
}
