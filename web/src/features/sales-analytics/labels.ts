import type { AnalyticsGroup } from '@kork/shared';
import { formatDay } from '../../lib/format-day';

/**
 * Dates of the analytics as people read them. A period is named by its first day (a week by its Monday,
 * a month by its 1st); the text follows the page's language ("jan. 2025" / "Jan 2025").
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}:${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, found);
  }
  return found;
}

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** A period's name in a table: a month as "Jan 2025", a week or a day by its (first) day. */
export function periodLabel(period: string, groupBy: AnalyticsGroup, locale: string | undefined): string {
  if (groupBy === 'month') return format(locale, { month: 'short', year: 'numeric' }).format(utc(period));
  return formatDay(period, locale);
}

/** A period's name under a chart, short enough for a phone: "Jan 25", "13 Jan". */
export function periodTick(period: string, groupBy: AnalyticsGroup, locale: string | undefined): string {
  if (groupBy === 'month') return format(locale, { month: 'short', year: '2-digit' }).format(utc(period));
  return format(locale, { day: 'numeric', month: 'short' }).format(utc(period));
}
