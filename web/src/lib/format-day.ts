import { currentLocale } from '../i18n/i18n';

/** Every page writes a day the same way: "13 Jan 2025" / "13. jan. 2025". */

const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const tag = locale.startsWith('nb') ? 'nb-NO' : 'en-GB';
  const key = `${tag}:${timeZone ?? ''}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone });
    formats.set(key, found);
  }
  return found;
}

/**
 * A calendar day (`YYYY-MM-DD`) as that day wherever the reader is, and a moment (an ISO time) as the
 * day it was where the reader is, in the page's language unless `locale` (`nb`, `en`) says otherwise.
 * A value that is no date is shown as it is.
 */
export function formatDay(value: string, locale: string = currentLocale()): string {
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = calendarDay ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dayFormat(locale, calendarDay ? 'UTC' : undefined).format(date);
}
