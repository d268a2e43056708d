import { ANALYTICS_GROUPS, ANALYTICS_MAX_DAYS, type AnalyticsGroup } from '@kork/shared';

/**
 * The period the sales analytics page looks at, as it stands in the address bar: a preset
 * (`?period=last90`) or a custom range (`?from=2025-01-01&to=2025-03-31`), and how it is grouped
 * (`&group=week`). The default view, the last 365 days by month, is the bare address. Dates are
 * calendar days (YYYY-MM-DD) in the reader's own time zone.
 */

export const PERIOD_PRESETS = ['last30', 'last90', 'thisYear', 'last365', 'lastYear'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type PeriodChoice = PeriodPreset | 'custom';

export const DEFAULT_PRESET: PeriodPreset = 'last365';

/** Grouping by day is offered up to this many days; beyond it a chart of days is noise. */
export const MAX_DAYS_BY_DAY = 92;

export interface AnalyticsView {
  period: PeriodChoice;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  groupBy: AnalyticsGroup;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A calendar day as a UTC midnight timestamp, or NaN when it is no real date. */
function dayNumber(date: string): number {
  const match = DATE.exec(date);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day
    ? time
    : Number.NaN;
}

function dayText(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function isDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && !Number.isNaN(dayNumber(value));
}

/** Today in the reader's time zone, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function addDays(date: string, days: number): string {
  return dayText(dayNumber(date) + days * DAY_MS);
}

/** The days a period covers, both ends included (0 when `to` is before `from`). */
export function daysIn(from: string, to: string): number {
  const days = Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS) + 1;
  return Number.isFinite(days) ? Math.max(0, days) : 0;
}

/** The first and last day of a preset, counted back from `today`. */
export function presetRange(preset: PeriodPreset, today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  switch (preset) {
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'last365':
      return { from: addDays(today, -364), to: today };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}

/** The groupings that make sense for a period of `days`: days only up to about a quarter. */
export function groupsFor(days: number): AnalyticsGroup[] {
  return ANALYTICS_GROUPS.filter((group) => group !== 'day' || days <= MAX_DAYS_BY_DAY);
}

/** The grouping a period starts with: days for a month, weeks for a quarter, months beyond. */
export function defaultGroup(days: number): AnalyticsGroup {
  if (days <= 31) return 'day';
  if (days <= MAX_DAYS_BY_DAY) return 'week';
  return 'month';
}

function isPreset(value: string | null): value is PeriodPreset {
  return (PERIOD_PRESETS as readonly string[]).includes(value ?? '');
}

function isGroup(value: string | null): value is AnalyticsGroup {
  return (ANALYTICS_GROUPS as readonly string[]).includes(value ?? '');
}

/**
 * The view an address asks for. A custom range needs at least one real date (the other end defaults to
 * the same day); a range that ends before it starts is kept, so the page can say what is wrong with it.
 * A grouping the period does not offer falls back to the period's own.
 */
export function parseView(params: URLSearchParams, today: string): AnalyticsView {
  const fromParam = params.get('from');
  const toParam = params.get('to');
  let period: PeriodChoice;
  let from: string;
  let to: string;
  if (isDate(fromParam) || isDate(toParam)) {
    period = 'custom';
    from = isDate(fromParam) ? fromParam : (toParam as string);
    to = isDate(toParam) ? toParam : (fromParam as string);
  } else {
    const preset = params.get('period');
    period = isPreset(preset) ? preset : DEFAULT_PRESET;
    ({ from, to } = presetRange(period, today));
  }
  const days = daysIn(from, to);
  const group = params.get('group');
  const groupBy = isGroup(group) && groupsFor(days).includes(group) ? group : defaultGroup(days);
  return { period, from, to, groupBy };
}

/** The address of a view; what is default is left out. */
export function writeView(view: AnalyticsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.period === 'custom') {
    params.set('from', view.from);
    params.set('to', view.to);
  } else if (view.period !== DEFAULT_PRESET) {
    params.set('period', view.period);
  }
  if (view.groupBy !== defaultGroup(daysIn(view.from, view.to))) params.set('group', view.groupBy);
  return params;
}

/** What is wrong with a period before it is asked for: the shared message key, or undefined. */
export function periodProblem(
  view: Pick<AnalyticsView, 'from' | 'to'>,
): 'periodOrder' | 'periodTooLong' | undefined {
  if (view.to < view.from) return 'periodOrder';
  if (daysIn(view.from, view.to) > ANALYTICS_MAX_DAYS) return 'periodTooLong';
  return undefined;
}
