import type { CurrencyCode, StockCount } from '@kork/shared';
import { currentLocale } from '../../i18n/i18n';
import { formatDay } from '../../lib/format-day';
import { formatDecimal } from '../../lib/format-number';
import { formatMoney } from '../../lib/money';

/** How the stock count pages write days, differences and names. */

function intlLocale(): string {
  return currentLocale() === 'nb' ? 'nb-NO' : 'en-GB';
}

/** A difference with its sign: "+2", "−3", "−0,6" (tenths of an open bottle), "0". */
export function formatDifference(value: number): string {
  const text = formatDecimal(Math.abs(value), intlLocale(), 1);
  if (value > 0) return `+${text}`;
  if (value < 0) return `−${text}`;
  return text;
}

/** A difference in money with its sign. */
export function formatDifferenceValue(minor: number, currency: CurrencyCode): string {
  const text = formatMoney(Math.abs(minor), currency, intlLocale());
  if (minor > 0) return `+${text}`;
  if (minor < 0) return `−${text}`;
  return text;
}

/** Bottles or lines: whole, or with the tenths of an open bottle ("3,4" / "3.4"). */
export function formatWhole(value: number): string {
  return formatDecimal(value, intlLocale(), 1);
}

/** The colour a difference is shown in: missing bottles red, found ones blue, none neutral. */
export function differenceColor(value: number | undefined): string | undefined {
  if (value === undefined || value === 0) return undefined;
  return value < 0 ? 'red.9' : 'blue.9';
}

/** A count's name, or its day when it has none. */
export function countTitle(
  count: Pick<StockCount, 'name' | 'date'>,
  unnamed: (date: string) => string,
): string {
  return count.name?.trim() || unnamed(formatDay(count.date));
}

/** Today on this device, as YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
