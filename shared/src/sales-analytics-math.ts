import { withoutVat } from './cellar';
import type {
  AnalyticsGroup,
  GroupFigures,
  PeriodFigures,
  SalesAnalytics,
  SalesFigures,
  ShrinkageFigures,
  WineFigures,
} from './sales-analytics';
import { type AnalyticsWine, byGroupRevenue, periodOfDays, rankedWines } from './sales-analytics-order';

/**
 * The arithmetic of sales analytics (definitions in sales-analytics.ts), pure and in one pass: sale lines
 * are held as columns of typed arrays (`SalesLines`), and a period's figures are summed into flat
 * accumulators per total, period, category, country and wine. Days are whole days since 1970-01-01
 * (UTC); money is integer minor units.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD day. */
export function dayNumber(iso: string): number {
  return Math.floor(
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS,
  );
}

/** The YYYY-MM-DD of a day number. */
export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the ISO week a day is in (1970-01-01 was a Thursday). */
export function mondayOf(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** The first day of the month a day is in. */
export function monthStartOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS);
}

function nextMonth(start: number): number {
  const date = new Date(start * DAY_MS);
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS);
}

/** The first day of every period that meets [from, to], in order (a week's Monday, a month's 1st). */
export function periodStarts(from: number, to: number, groupBy: AnalyticsGroup): number[] {
  const starts: number[] = [];
  if (groupBy === 'day') for (let day = from; day <= to; day++) starts.push(day);
  else if (groupBy === 'week') for (let day = mondayOf(from); day <= to; day += 7) starts.push(day);
  else for (let day = monthStartOf(from); day <= to; day = nextMonth(day)) starts.push(day);
  return starts;
}

/** A line's revenue without VAT: its VAT-inclusive total less the style's VAT, rounded to the unit. */
export function revenueWithoutVat(totalWithVat: number, vatPercentage: number): number {
  return withoutVat(totalWithVat, vatPercentage);
}

/** margin ÷ revenue × 100, one decimal; undefined without revenue. */
export function marginPercentage(revenue: number, margin: number): number | undefined {
  if (revenue === 0) return undefined;
  return Math.round((margin / revenue) * 1000) / 10;
}

/** Bottles sold in the period ÷ bottles in stock now, two decimals; undefined for no stock. */
export function turnover(units: number, stock: number | undefined): number | undefined {
  if (stock === undefined || stock <= 0) return undefined;
  return Math.round((units / stock) * 100) / 100;
}

/** Bottles now ÷ bottles sold per day of the period, whole days; undefined when nothing sold. */
export function daysOfStockLeft(stock: number | undefined, units: number, days: number): number | undefined {
  if (stock === undefined || units <= 0 || days <= 0) return undefined;
  return Math.round(Math.max(0, stock) / (units / days));
}

/** A finished count's entry as the report freezes it. */
export interface CountedEntry {
  counted: number;
  expected?: number;
  unitCost?: number;
}

/** What a count's entries found missing: the negative differences, in bottles and at purchase price. */
export function shrinkageOf(entries: Iterable<CountedEntry>): { bottles: number; value: number } {
  let bottles = 0;
  let value = 0;
  for (const { counted, expected, unitCost } of entries) {
    if (expected === undefined) continue;
    const missing = expected - counted;
    if (missing <= 0) continue;
    bottles += missing;
    value += missing * (unitCost ?? 0);
  }
  return { bottles, value };
}

// — Sale lines as columns —

const GLASS = 1;
const HAS_COST = 2;

/** Sale lines as columns; lines of one sale are consecutive (they share `sale`). */
export interface SalesLines {
  length: number;
  day: Int32Array;
  sale: Int32Array;
  /** Index into the wine table the lines were built with. */
  wine: Int32Array;
  /** Index into `categories` / `countries`. */
  category: Int32Array;
  country: Int32Array;
  units: Int32Array;
  revenue: Float64Array;
  revenueWithVat: Float64Array;
  cost: Float64Array;
  flags: Uint8Array;
  categories: string[];
  countries: string[];
}

export interface SaleLineInput {
  day: number;
  wine: number;
  mainCategoryId?: string;
  country?: string;
  units: number;
  /** Per bottle, VAT included. */
  unitPrice: number;
  vatPercentage: number;
  /** Per bottle, without VAT. */
  unitCost?: number;
  byGlass: boolean;
  /**
   * What the line brought in, VAT included, when it is not units × unitPrice: a till's glass or recipe
   * line (servings × unitPrice; docs/pos.md).
   */
  total?: number;
  /** What the line cost without VAT when it is not units × unitCost: a till's pour. */
  lineCost?: number;
}

/** Builds `SalesLines` a sale at a time, the arrays growing as they fill. */
export class SalesLinesBuilder {
  private size = 0;
  private sales = 0;
  private capacity: number;
  private lines: SalesLines;
  private readonly categoryIndex = new Map<string, number>();
  private readonly countryIndex = new Map<string, number>();

  constructor(capacity = 1024) {
    this.capacity = Math.max(16, capacity);
    this.lines = this.allocate(this.capacity);
  }

  private allocate(capacity: number): SalesLines {
    return {
      length: 0,
      day: new Int32Array(capacity),
      sale: new Int32Array(capacity),
      wine: new Int32Array(capacity),
      category: new Int32Array(capacity),
      country: new Int32Array(capacity),
      units: new Int32Array(capacity),
      revenue: new Float64Array(capacity),
      revenueWithVat: new Float64Array(capacity),
      cost: new Float64Array(capacity),
      flags: new Uint8Array(capacity),
      categories: [],
      countries: [],
    };
  }

  private grow(): void {
    const bigger = this.allocate(this.capacity * 2);
    for (const key of COLUMNS) (bigger[key] as Int32Array).set(this.lines[key] as Int32Array);
    this.capacity *= 2;
    this.lines = bigger;
  }

  private indexOf(map: Map<string, number>, key: string): number {
    let index = map.get(key);
    if (index === undefined) {
      index = map.size;
      map.set(key, index);
    }
    return index;
  }

  /** Adds one sale's lines. */
  addSale(lines: readonly SaleLineInput[]): void {
    const sale = this.sales++;
    for (const line of lines) {
      if (this.size === this.capacity) this.grow();
      const i = this.size++;
      const l = this.lines;
      const total = line.total ?? line.units * line.unitPrice;
      const cost = line.lineCost ?? (line.unitCost === undefined ? undefined : line.units * line.unitCost);
      l.day[i] = line.day;
      l.sale[i] = sale;
      l.wine[i] = line.wine;
      l.category[i] = this.indexOf(this.categoryIndex, line.mainCategoryId ?? '');
      l.country[i] = this.indexOf(this.countryIndex, line.country ?? '');
      l.units[i] = line.units;
      l.revenueWithVat[i] = total;
      l.revenue[i] = revenueWithoutVat(total, line.vatPercentage);
      l.cost[i] = cost ?? 0;
      l.flags[i] = (line.byGlass ? GLASS : 0) | (cost === undefined ? 0 : HAS_COST);
    }
  }

  build(): SalesLines {
    return {
      ...this.lines,
      length: this.size,
      categories: [...this.categoryIndex.keys()],
      countries: [...this.countryIndex.keys()],
    };
  }
}

const COLUMNS = [
  'day',
  'sale',
  'wine',
  'category',
  'country',
  'units',
  'revenue',
  'revenueWithVat',
  'cost',
  'flags',
] as const;

// — Aggregation —

/** A wine of the table sale lines point into: a wine of the cellar now, or one only sales remember. */
export interface AnalyticsRequest {
  /** Day numbers, both included. */
  from: number;
  to: number;
  groupBy: AnalyticsGroup;
  /** How many wines the top and bottom lists hold. */
  top: number;
}

// Accumulator slots per group.
const REVENUE = 0;
const WITH_VAT = 1;
const COST = 2;
const UNITS = 3;
const GLASS_UNITS = 4;
const SALES = 5;
const NO_COST = 6;
const SLOTS = 7;

class Accumulator {
  readonly sums: Float64Array;
  private readonly lastSale: Int32Array;

  constructor(readonly size: number) {
    this.sums = new Float64Array(size * SLOTS);
    this.lastSale = new Int32Array(size).fill(-1);
  }

  add(group: number, lines: SalesLines, i: number): void {
    const at = group * SLOTS;
    const s = this.sums;
    const units = lines.units[i] as number;
    const flags = lines.flags[i] as number;
    s[at + REVENUE] = (s[at + REVENUE] as number) + (lines.revenue[i] as number);
    s[at + WITH_VAT] = (s[at + WITH_VAT] as number) + (lines.revenueWithVat[i] as number);
    s[at + COST] = (s[at + COST] as number) + (lines.cost[i] as number);
    s[at + UNITS] = (s[at + UNITS] as number) + units;
    if (flags & GLASS) s[at + GLASS_UNITS] = (s[at + GLASS_UNITS] as number) + units;
    if (!(flags & HAS_COST)) s[at + NO_COST] = (s[at + NO_COST] as number) + units;
    const sale = lines.sale[i] as number;
    if (this.lastSale[group] !== sale) {
      this.lastSale[group] = sale;
      s[at + SALES] = (s[at + SALES] as number) + 1;
    }
  }

  units(group: number): number {
    return this.sums[group * SLOTS + UNITS] as number;
  }

  /** Anything sold in the group: bottles, or what a till's glasses and recipes brought in or poured. */
  sold(group: number): boolean {
    const at = group * SLOTS;
    return (
      (this.sums[at + UNITS] as number) > 0 ||
      (this.sums[at + WITH_VAT] as number) > 0 ||
      (this.sums[at + COST] as number) > 0
    );
  }

  revenue(group: number): number {
    return this.sums[group * SLOTS + REVENUE] as number;
  }

  figures(group: number): SalesFigures {
    const s = this.sums;
    const at = group * SLOTS;
    const revenue = s[at + REVENUE] as number;
    const cost = s[at + COST] as number;
    const margin = revenue - cost;
    const percentage = marginPercentage(revenue, margin);
    return {
      revenue,
      revenueWithVat: s[at + WITH_VAT] as number,
      cost,
      margin,
      ...(percentage === undefined ? {} : { marginPercentage: percentage }),
      units: s[at + UNITS] as number,
      glassUnits: s[at + GLASS_UNITS] as number,
      sales: s[at + SALES] as number,
      unitsWithoutCost: s[at + NO_COST] as number,
    };
  }
}

/** A wine's figures over `days` days, with its turnover and days of stock left. */
export function wineFiguresOf(known: AnalyticsWine, figures: SalesFigures, days: number): WineFigures {
  const rate = turnover(figures.units, known.stock);
  const left = daysOfStockLeft(known.stock, figures.units, days);
  return {
    ownWineId: known.ownWineId,
    wineDisplayName: known.wineDisplayName,
    ...(known.mainCategoryId === undefined ? {} : { mainCategoryId: known.mainCategoryId }),
    ...(known.country === undefined ? {} : { country: known.country }),
    ...figures,
    ...(known.stock === undefined ? {} : { stock: known.stock }),
    ...(rate === undefined ? {} : { turnover: rate }),
    ...(left === undefined ? {} : { daysOfStockLeft: left }),
  };
}

/**
 * Every figure of a period but the currency and the shrinkage: one pass over the lines, then the
 * groups' figures. `wines` is the table `lines.wine` points into.
 */
export function aggregateSales(
  lines: SalesLines,
  wines: readonly AnalyticsWine[],
  request: AnalyticsRequest,
): Omit<SalesAnalytics, 'currency' | 'shrinkage'> {
  const { from, to, groupBy, top } = request;
  const days = to - from + 1;
  const starts = periodStarts(from, to, groupBy);
  const periodOfDay = periodOfDays(from, to, starts);

  const totals = new Accumulator(1);
  const periods = new Accumulator(starts.length);
  const categories = new Accumulator(lines.categories.length);
  const countries = new Accumulator(lines.countries.length);
  const perWine = new Accumulator(wines.length);
  const { day, wine, category, country } = lines;
  for (let i = 0; i < lines.length; i++) {
    const d = day[i] as number;
    if (d < from || d > to) continue;
    totals.add(0, lines, i);
    periods.add(periodOfDay[d - from] as number, lines, i);
    categories.add(category[i] as number, lines, i);
    countries.add(country[i] as number, lines, i);
    perWine.add(wine[i] as number, lines, i);
  }

  const series: PeriodFigures[] = starts.map((start, p) => ({
    period: isoOfDay(start),
    ...periods.figures(p),
  }));
  const groups = (acc: Accumulator, keys: string[]): GroupFigures[] =>
    keys
      .map((key, g) => ({ key, g }))
      .filter(({ g }) => acc.sold(g))
      .map(({ key, g }) => ({ key, ...acc.figures(g) }))
      .sort(byGroupRevenue);
  const wineFigures = (w: number): WineFigures =>
    wineFiguresOf(wines[w] as AnalyticsWine, perWine.figures(w), days);
  const { byRevenue, topSellers, bottomSellers } = rankedWines(wines, perWine, top);

  return {
    from: isoOfDay(from),
    to: isoOfDay(to),
    groupBy,
    totals: totals.figures(0),
    series,
    byCategory: groups(categories, lines.categories),
    byCountry: groups(countries, lines.countries),
    byWine: byRevenue.map(wineFigures),
    topSellers: topSellers.map(wineFigures),
    bottomSellers: bottomSellers.map(wineFigures),
  };
}

/** A finished count as the shrinkage figure reads it. */
export interface FinishedCount {
  id: string;
  date: string;
  name?: string;
  entries: readonly CountedEntry[];
}

/** What finished counts dated in [from, to] (YYYY-MM-DD) found missing, oldest count first. */
export function shrinkageIn(counts: readonly FinishedCount[], from: string, to: string): ShrinkageFigures {
  const found = counts
    .filter((count) => count.date >= from && count.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
    .map((count) => ({
      id: count.id,
      date: count.date,
      ...(count.name ? { name: count.name } : {}),
      ...shrinkageOf(count.entries),
    }));
  return {
    bottles: found.reduce((sum, count) => sum + count.bottles, 0),
    value: found.reduce((sum, count) => sum + count.value, 0),
    counts: found,
  };
}
