import { type CurrencyCode, currency, type Locale } from '@kork/shared';

/**
 * Numbers as people type them, in the language of the page. Number fields keep the text exactly as typed
 * (components/number-field.tsx); these pure helpers read it when the form is checked or sent, and write a
 * stored number as the text a field starts with.
 *
 * - Norwegian (`nb`): decimal comma "2,5" (a point "2.5" too), thousands grouped with spaces or no-break
 *   spaces "1 234,5".
 * - English (`en`): decimal point "2.5", thousands grouped with commas "1,234.5" (groups of three).
 * - A leading minus ("-" or the typographic "−") is kept: "-5" is minus five, for the schema to judge.
 * - Anything else ("abc", "1,2,3", "--5", "1e5") is not a number, never a guess.
 */

/** Text that is not empty but is no number in the page's language. */
export const NOT_A_NUMBER: unique symbol = Symbol('not a number');
/** Money typed with more decimals than its currency has (12,345 kr): refused, never rounded. */
export const TOO_MANY_DECIMALS: unique symbol = Symbol('too many decimals');

export type ParsedNumber = number | null | typeof NOT_A_NUMBER;
export type ParsedMoney = ParsedNumber | typeof TOO_MANY_DECIMALS;

/** Typed text taken apart: sign, the digits before and after the decimal separator (grouping removed). */
interface NumberParts {
  negative: boolean;
  whole: string;
  fraction: string;
}

const MINUS = /^[-\u2212]/;
/** Spaces people and browsers group thousands with in Norwegian: space, no-break space, narrow no-break space. */
const NB_GROUP = '[ \\u00a0\\u202f]';
const NB_WHOLE = new RegExp(`^(?:\\d+|\\d{1,3}(?:${NB_GROUP}\\d{3})+)$`);
const EN_WHOLE = /^(?:\d+|\d{1,3}(?:,\d{3})+)$/;

function partsOf(text: string, locale: Locale): NumberParts | null | typeof NOT_A_NUMBER {
  let rest = text.trim();
  if (rest === '') return null;
  const negative = MINUS.test(rest);
  if (negative) rest = rest.slice(1);
  // The decimal separator: the comma or the point in Norwegian, the point in English; at most one.
  const separators = locale === 'nb' ? /[.,]/g : /\./g;
  const found = rest.match(separators) ?? [];
  if (found.length > 1) return NOT_A_NUMBER;
  const [whole = '', fraction = ''] = found.length === 1 ? rest.split(found[0] as string) : [rest];
  if (whole === '' && fraction === '') return NOT_A_NUMBER;
  if (whole !== '' && !(locale === 'nb' ? NB_WHOLE : EN_WHOLE).test(whole)) return NOT_A_NUMBER;
  if (!/^\d*$/.test(fraction)) return NOT_A_NUMBER;
  return { negative, whole: whole.replace(/\D/g, ''), fraction };
}

/**
 * The number typed, `null` for an empty field, `NOT_A_NUMBER` for text that is none. Nothing is clamped,
 * rounded or dropped: "-5" is −5 and "2,5" is 2.5, for the field's schema to accept or refuse.
 */
export function parseNumberText(text: string, locale: Locale): ParsedNumber {
  const parts = partsOf(text, locale);
  if (parts === null || parts === NOT_A_NUMBER) return parts;
  const value = Number(`${parts.negative ? '-' : ''}${parts.whole || '0'}.${parts.fraction || '0'}`);
  return Number.isFinite(value) ? value : NOT_A_NUMBER;
}

/**
 * What a schema should judge for a typed number: the number, `null` when empty (a cleared field), and NaN
 * for text that is no number, which every number schema refuses with "Must be a number".
 */
export function schemaNumber(text: string, locale: Locale): number | null {
  const parsed = parseNumberText(text, locale);
  return parsed === NOT_A_NUMBER ? Number.NaN : parsed;
}

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: Locale, decimals: number | undefined, fixed: boolean): Intl.NumberFormat {
  const key = `${locale}:${decimals}:${fixed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      useGrouping: false,
      minimumFractionDigits: fixed ? decimals : 0,
      maximumFractionDigits: decimals ?? 20,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A stored number as a field's starting text in the page's language (125.5 → "125,5" in Norwegian), empty
 * for none. Never grouped, so a year reads "2024"; `decimals` caps the digits after the separator.
 */
export function numberText(value: number | null | undefined, locale: Locale, decimals?: number): string {
  if (value == null || !Number.isFinite(value)) return '';
  return formatOf(locale, decimals, false).format(value);
}

/**
 * A bound as a hint names it ("From 0 to 1 000 000"): numbers of five digits or more grouped the local way,
 * as the shared messages write them, so a year stays "2027".
 */
export function boundText(value: number, locale: Locale): string {
  if (Math.abs(value) < 10_000) return numberText(value, locale);
  return new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-GB', { maximumFractionDigits: 20 }).format(
    value,
  );
}

// — Money —

/** Digits a currency has after the decimal separator (2 for kroner, 0 for yen). */
export function moneyDecimals(code: CurrencyCode): number {
  return currency(code).minorUnits;
}

/**
 * A typed amount as whole minor units of the currency (øre, cents), without rounding: "125,5" kroner is
 * 12550, "12,345" kroner is `TOO_MANY_DECIMALS`, "abc" is `NOT_A_NUMBER`, an empty field `null`.
 */
export function moneyTextToMinor(text: string, code: CurrencyCode, locale: Locale): ParsedMoney {
  const parts = partsOf(text, locale);
  if (parts === null || parts === NOT_A_NUMBER) return parts;
  const decimals = moneyDecimals(code);
  // Zeros past the currency's decimals change nothing ("125,500" kroner); other digits there would be lost.
  const fraction = parts.fraction.replace(/0+$/, '');
  if (fraction.length > decimals) return TOO_MANY_DECIMALS;
  const minor = Number(`${parts.whole || '0'}${fraction.padEnd(decimals, '0')}`);
  if (!Number.isFinite(minor)) return NOT_A_NUMBER;
  return parts.negative && minor !== 0 ? -minor : minor;
}

/**
 * What a money schema should judge: minor units, `null` when empty, NaN for text that is no number. An
 * amount with too many decimals is NaN too here; `moneyTextError` names that rule for the field.
 */
export function schemaMoney(text: string, code: CurrencyCode, locale: Locale): number | null {
  const minor = moneyTextToMinor(text, code, locale);
  return minor === NOT_A_NUMBER || minor === TOO_MANY_DECIMALS ? Number.NaN : minor;
}

/** The message key for typed money no schema can judge once it is minor units: more decimals than the currency has. */
export function moneyTextError(
  text: string,
  code: CurrencyCode,
  locale: Locale,
): 'tooManyDecimals' | undefined {
  return moneyTextToMinor(text, code, locale) === TOO_MANY_DECIMALS ? 'tooManyDecimals' : undefined;
}

/** Minor units as a field's starting text, with the currency's decimals ("125,50" kroner); empty for none. */
export function minorText(minor: number | null | undefined, code: CurrencyCode, locale: Locale): string {
  if (minor == null || !Number.isFinite(minor)) return '';
  const decimals = moneyDecimals(code);
  return formatOf(locale, decimals, true).format(minor / 10 ** decimals);
}
