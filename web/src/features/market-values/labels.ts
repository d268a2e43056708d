import type { TFunction } from 'i18next';
import { formatDay } from '../../lib/format-day';
import type { Formats } from '../sales-analytics/formats';

const DAY_MS = 86_400_000;

/** Whole days from `asOf` to `today` (both `YYYY-MM-DD`), 0 when the figure is from today or later. */
export function daysBetween(asOf: string, today: string): number {
  const from = Date.parse(`${asOf}T00:00:00Z`);
  const to = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.max(0, Math.round((to - from) / DAY_MS));
}

/** How old a figure is, as a person says it: "today", "3 days ago", and a date past a month. */
export function ageText(t: TFunction, asOf: string, today: string, locale: string | undefined): string {
  const days = daysBetween(asOf, today);
  if (days === 0) return t('marketValuePage.age.today');
  if (days <= 30) return t('marketValuePage.age.daysAgo', { count: days });
  return formatDay(asOf, locale);
}

/** An amount with its sign spelled out ("+kr 1 200", "−kr 300"), so a change never rests on colour alone. */
export function signedMoney(formats: Formats, minor: number): string {
  const sign = minor > 0 ? '+' : minor < 0 ? '−' : '±';
  return `${sign}${formats.money(Math.abs(minor))}`;
}

/** A percentage with its sign: "+4.2%", "−1.5%". */
export function signedPercent(formats: Formats, percent: number): string {
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${formats.percent(Math.abs(percent))}`;
}

/** Which way a change went, for its colour and its word. */
export function direction(amount: number): 'up' | 'down' | 'unchanged' {
  return amount > 0 ? 'up' : amount < 0 ? 'down' : 'unchanged';
}
