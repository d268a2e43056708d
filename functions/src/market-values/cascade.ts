/**
 * The valuation rule (docs/market-value.md "The valuation rule"), pure: which figure a cellar wine's value
 * per bottle is, and how a value moves over a window of days when some days have no figure.
 *
 * The cascade, as CellarTracker values a cellar: the owner's own `marketValue` when set; else the
 * provider's market price for the wine's valuation key; else the community's average of what owners paid
 * (at least `COMMUNITY_MIN_OWNERS` of them); else the wine's own purchase price without VAT. A wine with
 * none of these has no value (`undefined`): it is left out of totals and counted, never taken as 0.
 */
import {
  COMMUNITY_MIN_OWNERS,
  type CurrencyCode,
  dayNumber,
  isoOfDay,
  type PriceType,
  type ValuationKey,
  type ValueSource,
  valuationKey,
} from '@kork/shared';

/** A figure the cascade may take, in its own currency. */
interface Figure {
  /** Minor units per bottle. */
  price: number;
  currency: CurrencyCode;
  /** yyyy-mm-dd (or a full ISO time: only its day is kept). */
  asOf: string;
}

export interface MarketFigure extends Figure {
  priceType: PriceType;
  /** The provider's name (`demo` for the local provider). */
  provider: string;
  demo: boolean;
  sampleSize?: number;
  confidence?: number;
}

export interface CommunityFigure extends Figure {
  /** Distinct owners whose purchase prices make the average. */
  owners: number;
}

export interface CascadeInput {
  /** The owner's own `marketValue` and when it was set. */
  own?: Figure;
  market?: MarketFigure;
  community?: CommunityFigure;
  /** The purchase price without VAT and when it was last set. */
  purchase?: Figure;
}

/** A wine's value per bottle as the cascade found it, in the figure's own currency. */
export interface CascadeValue extends Figure {
  source: ValueSource;
  priceType?: PriceType;
  provider?: string;
  demo: boolean;
  sampleSize?: number;
  confidence?: number;
}

const usable = (figure: Figure | undefined): figure is Figure =>
  figure !== undefined && Number.isFinite(figure.price) && figure.price >= 0;

/** The first figure of the cascade that is there; `undefined` when the wine has no value. */
export function cascade(input: CascadeInput): CascadeValue | undefined {
  const day = (iso: string) => iso.slice(0, 10);
  const { own, market, community, purchase } = input;
  if (usable(own)) return { ...plain(own), asOf: day(own.asOf), source: 'own', demo: false };
  if (usable(market)) {
    return {
      ...plain(market),
      asOf: day(market.asOf),
      source: 'market',
      priceType: market.priceType,
      provider: market.provider,
      demo: market.demo,
      ...(market.sampleSize !== undefined ? { sampleSize: market.sampleSize } : {}),
      ...(market.confidence !== undefined ? { confidence: market.confidence } : {}),
    };
  }
  if (usable(community) && community.owners >= COMMUNITY_MIN_OWNERS) {
    return {
      ...plain(community),
      asOf: day(community.asOf),
      source: 'community',
      sampleSize: community.owners,
      demo: false,
    };
  }
  if (usable(purchase))
    return { ...plain(purchase), asOf: day(purchase.asOf), source: 'purchase', demo: false };
  return undefined;
}

function plain({ price, currency, asOf }: Figure): Figure {
  return { price, currency, asOf };
}

// — Valuation keys —

/** The LWIN-7 of an LWIN a wine carries (LWIN-7, -11, -16 or -18 all start with it). */
export function lwin7Of(
  externalIds: readonly { kind: string; value: string }[] | undefined,
): string | undefined {
  const lwin = externalIds?.find((id) => id.kind.toUpperCase() === 'LWIN')?.value.trim();
  return lwin && /^1\d{6}(\d{4}(\d{8}|\d{10})?)?$/.test(lwin) ? lwin.slice(0, 7) : undefined;
}

/** A cellar wine's valuation key: its LWIN-11 when it carries an LWIN, else its Vinmonopolet number, else its catalogue wine. */
export function valuationKeyOf(wine: {
  externalIds?: readonly { kind: string; value: string }[];
  vinmonopoletNumber?: string;
  wineId?: string;
  vintage: number | null;
  bottleSize: number;
}): ValuationKey | undefined {
  return valuationKey({
    lwin7: lwin7Of(wine.externalIds),
    vinmonopoletNumber: wine.vinmonopoletNumber,
    wineId: wine.wineId,
    vintage: wine.vintage,
    bottleSize: wine.bottleSize,
  });
}

// — Values over days —

export interface DayValue {
  /** yyyy-mm-dd. */
  date: string;
  value: number;
}

/**
 * A value on every day from `from` to `to` (yyyy-mm-dd, both included), from figures on some days
 * (oldest first or not): a day without a figure carries the last known one forward; days before the first
 * figure take the first figure (a wine valued from the middle of the span is flat before it, so it adds
 * no change it did not have). `undefined` when there is no figure on or before `to`.
 */
export function dailyValues(points: readonly DayValue[], from: string, to: string): number[] | undefined {
  const byDay = new Map(points.map((p) => [p.date.slice(0, 10), p.value]));
  let earliest: string | undefined;
  for (const day of byDay.keys()) if (day <= to && (earliest === undefined || day < earliest)) earliest = day;
  if (earliest === undefined) return undefined;
  const first = byDay.get(earliest) as number;
  // Days before the span carry into it: the last figure on or before `from` opens it.
  let opening: string | undefined;
  for (const day of byDay.keys()) if (day <= from && (opening === undefined || day > opening)) opening = day;
  const start = opening === undefined ? first : (byDay.get(opening) as number);
  return dailyValuesOn(calendar(from, to), (day) => byDay.get(day), start);
}

/** Every yyyy-mm-dd from `from` to `to`, both included. */
export function calendar(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) days.push(isoOfDay(day));
  return days;
}

/**
 * `dailyValues` over a ready calendar and a lookup (the analytics' fast path): a day without a figure
 * carries the last one forward; days before the first figure take `opening` when given, else the first
 * figure of the span. `undefined` when no day of the span has a figure and there is no opening.
 */
export function dailyValuesOn(
  days: readonly string[],
  valueOn: (day: string, index: number) => number | undefined,
  opening?: number,
): number[] | undefined {
  const values = new Float64Array(days.length);
  for (let i = 0; i < days.length; i++) values[i] = valueOn(days[i] as string, i) ?? Number.NaN;
  return fillGaps(values, opening) ? Array.from(values) : undefined;
}

/**
 * The same rule in place over prices by day (NaN: no figure that day), the analytics' fast path: a day
 * without a figure carries the last one forward; the days before the first figure take `opening` when
 * given, else the first figure. False when no day has a figure and there is no opening.
 */
export function fillGaps(values: Float64Array, opening?: number): boolean {
  let current = opening ?? Number.NaN;
  let firstAt = -1;
  for (let i = 0; i < values.length; i++) {
    const figure = values[i] as number;
    if (Number.isNaN(figure)) values[i] = current;
    else {
      current = figure;
      if (firstAt < 0) firstAt = i;
    }
  }
  if (Number.isNaN(current)) return false;
  // No opening: the days before the first figure take it.
  if (opening === undefined) values.fill(values[firstAt] as number, 0, firstAt);
  return true;
}

/** Percent of `amount` against `base`, one decimal; `undefined` without a base. */
export function percentOf(amount: number, base: number): number | undefined {
  if (base === 0) return undefined;
  return Math.round((amount / base) * 1000) / 10;
}

/**
 * The change of a value over the `days` days ending `to` (default: the newest figure's day): the value
 * on `to` against the value `days` days earlier, each the last known figure on or before its day (missing
 * days carry the last figure forward). When there is no figure on or before the window's start, the first
 * figure after it is the start (the value is taken as flat until it was first known). `undefined` when
 * there is no figure on or before `to`.
 */
export function changeOverWindow(
  series: readonly DayValue[],
  days: number,
  to?: string,
): { amount: number; percent?: number; from: string; to: string; before: number; after: number } | undefined {
  if (series.length === 0) return undefined;
  const end = to ?? series.reduce((newest, p) => (p.date > newest ? p.date : newest), '');
  const start = isoOfDay(dayNumber(end) - days);
  const values = dailyValues(series, start, end);
  if (!values || values.length === 0) return undefined;
  const before = values[0] as number;
  const after = values[values.length - 1] as number;
  const amount = after - before;
  const percent = percentOf(amount, before);
  return { amount, ...(percent !== undefined ? { percent } : {}), from: start, to: end, before, after };
}
