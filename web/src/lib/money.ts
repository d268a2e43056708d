import { type CurrencyCode, currency } from '@kork/shared';

/**
 * Money in the cellar is integer minor units of the cellar's currency (docs/cellar-api.md). These
 * helpers are the one place that turns it into what people read, so yen (no minor units) and kroner
 * (two) are never mixed up; what people type is read by lib/number-text.ts (`schemaMoney`).
 */

function factor(code: CurrencyCode): number {
  return 10 ** currency(code).minorUnits;
}

function decimalsOf(code: CurrencyCode): number {
  return currency(code).minorUnits;
}

/** Minor units → whole units of the currency (e.g. 12550 NOK → 125.5). */
function fromMinor(minor: number, code: CurrencyCode): number {
  return minor / factor(code);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units as a price in the visitor's language, e.g. "kr 125,50" or "¥1,200". */
export function formatMoney(minor: number, code: CurrencyCode, locale: string | undefined): string {
  const key = `${locale}:${code}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = decimalsOf(code);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(fromMinor(minor, code));
}

/**
 * Minor units as whole units of money, for totals where øre only add noise: "kr 1 234 568" /
 * "NOK 1,234,568". Exact amounts (a bottle's price) keep `formatMoney`.
 */
export function formatWholeMoney(minor: number, code: CurrencyCode, locale: string | undefined): string {
  return cachedFormat(
    `whole:${locale}:${code}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
  ).format(fromMinor(minor, code));
}

/**
 * Minor units in the short form for a tight space: "1,2 mill. kr" / "NOK 1.2M", "123,5k kr" /
 * "NOK 123.5K". Always show the full amount beside it for those who want it (a title, or text for
 * screen readers): `MoneyFigure` does both.
 */
export function formatCompactMoney(minor: number, code: CurrencyCode, locale: string | undefined): string {
  return cachedFormat(
    `compact:${locale}:${code}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }),
  ).format(fromMinor(minor, code));
}

/** From this many whole units on, a total has a compact form for narrow places (six digits and up). */
export const COMPACT_FROM = 100_000;

/** True when the amount is large enough for its compact form to be shorter than the whole one. */
export function isLargeAmount(minor: number, code: CurrencyCode): boolean {
  return Math.abs(fromMinor(minor, code)) >= COMPACT_FROM;
}

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}
