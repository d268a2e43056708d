import { type CurrencyCode, currency } from '@kork/shared';

/**
 * Money in the cellar is integer minor units of the cellar's currency (docs/cellar-api.md). These
 * helpers are the one place that turns it into what people read and type, so yen (no minor units)
 * and kroner (two) are never mixed up.
 */

function factor(code: CurrencyCode): number {
  return 10 ** currency(code).minorUnits;
}

/** The digits after the decimal point a price input allows. */
export function decimalsOf(code: CurrencyCode): number {
  return currency(code).minorUnits;
}

/** Minor units → a number as typed in a form (e.g. 12550 NOK → 125.5). */
export function fromMinor(minor: number, code: CurrencyCode): number {
  return minor / factor(code);
}

/** A typed amount → minor units, rounded to the nearest unit. */
export function toMinor(amount: number, code: CurrencyCode): number {
  return Math.round(amount * factor(code));
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units as a price in the visitor's language, e.g. "kr 125,50" or "¥1,200". */
export function formatMoney(minor: number, code: CurrencyCode, locale: string): string {
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

/** A NumberInput's value ('' while empty) as minor units; empty is `null` (the field was cleared). */
export function inputToMinor(value: number | string, code: CurrencyCode): number | null {
  const amount = inputNumber(value);
  return amount === null ? null : toMinor(amount, code);
}

/** Minor units as a NumberInput value; no price is an empty field. */
export function minorToInput(minor: number | null | undefined, code: CurrencyCode): number | string {
  return minor == null ? '' : fromMinor(minor, code);
}

/** A NumberInput's value as a number, `null` while empty or not a number. */
export function inputNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}
