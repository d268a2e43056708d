/**
 * Sales analytics summed from the sales domain's day rollups (functions/src/sales/sale-rollups.ts)
 * instead of sale lines, pure: the same figures as shared/src/sales-analytics-math.ts `aggregateSales`
 * gives for the lines the rollups were summed from (the sales-analytics integration test compares both).
 * A rollup row is one day's sales of one wine under one category and country; its distinct-sale counts
 * are placed so that summing `daySales` gives a period's sales, `categorySales` a category's,
 * `countrySales` a country's and `sales` a wine's.
 */
import {
  type AnalyticsRequest,
  type AnalyticsWine,
  daysOfStockLeft,
  type GroupFigures,
  isoOfDay,
  marginPercentage,
  type PeriodFigures,
  periodStarts,
  type SalesAnalytics,
  type SalesFigures,
  turnover,
  type WineFigures,
} from '@kork/shared';

/** One rollup item as the analytics hold it. */
export interface RollupRow {
  day: number;
  ownWineId: string;
  wineDisplayName: string;
  mainCategoryId: string;
  country: string;
  units: number;
  glassUnits: number;
  unitsWithoutCost: number;
  revenue: number;
  revenueWithVat: number;
  cost: number;
  sales: number;
  daySales: number;
  categorySales: number;
  countrySales: number;
}

interface Sums {
  revenue: number;
  revenueWithVat: number;
  cost: number;
  units: number;
  glassUnits: number;
  sales: number;
  unitsWithoutCost: number;
}

const empty = (): Sums => ({
  revenue: 0,
  revenueWithVat: 0,
  cost: 0,
  units: 0,
  glassUnits: 0,
  sales: 0,
  unitsWithoutCost: 0,
});

function add(into: Sums, row: RollupRow, sales: number): void {
  into.revenue += row.revenue;
  into.revenueWithVat += row.revenueWithVat;
  into.cost += row.cost;
  into.units += row.units;
  into.glassUnits += row.glassUnits;
  into.unitsWithoutCost += row.unitsWithoutCost;
  into.sales += sales;
}

function groupSums(groups: Map<string, Sums>, key: string): Sums {
  let sums = groups.get(key);
  if (!sums) {
    sums = empty();
    groups.set(key, sums);
  }
  return sums;
}

/** Anything sold: bottles, or what a till's glasses and recipes brought in or poured. */
const sold = (s: Sums) => s.units > 0 || s.revenueWithVat > 0 || s.cost > 0;

function figures(s: Sums): SalesFigures {
  const margin = s.revenue - s.cost;
  const percentage = marginPercentage(s.revenue, margin);
  return {
    revenue: s.revenue,
    revenueWithVat: s.revenueWithVat,
    cost: s.cost,
    margin,
    ...(percentage === undefined ? {} : { marginPercentage: percentage }),
    units: s.units,
    glassUnits: s.glassUnits,
    sales: s.sales,
    unitsWithoutCost: s.unitsWithoutCost,
  };
}

const collator = new Intl.Collator('nb');

/**
 * The wine table: the cellar's wines now (`cellar`), then wines only the rows remember (no longer in
 * the cellar, or a till recipe's revenue), named as their latest row.
 */
export function wineTable(cellar: readonly AnalyticsWine[], rows: readonly RollupRow[]): AnalyticsWine[] {
  const wines = [...cellar];
  const known = new Set(cellar.map((wine) => wine.ownWineId));
  const remembered = new Map<string, { row: RollupRow }>();
  for (const row of rows) {
    if (known.has(row.ownWineId)) continue;
    const seen = remembered.get(row.ownWineId);
    if (!seen || row.day >= seen.row.day) remembered.set(row.ownWineId, { row });
  }
  for (const { row } of remembered.values())
    wines.push({
      ownWineId: row.ownWineId,
      wineDisplayName: row.wineDisplayName,
      ...(row.mainCategoryId ? { mainCategoryId: row.mainCategoryId } : {}),
      ...(row.country ? { country: row.country } : {}),
    });
  return wines;
}

/** Every figure of a period but the currency and the shrinkage, from the rows of its days. */
export function aggregateRollups(
  rows: readonly RollupRow[],
  wines: readonly AnalyticsWine[],
  request: AnalyticsRequest,
): Omit<SalesAnalytics, 'currency' | 'shrinkage'> {
  const { from, to, groupBy, top } = request;
  const days = to - from + 1;
  const starts = periodStarts(from, to, groupBy);
  const periodOfDay = new Int32Array(days);
  for (let p = 0, day = from; day <= to; day++) {
    while (p + 1 < starts.length && (starts[p + 1] as number) <= day) p++;
    periodOfDay[day - from] = p;
  }
  const index = new Map(wines.map((wine, i) => [wine.ownWineId, i]));
  const totals = empty();
  const periods = starts.map(empty);
  const categories = new Map<string, Sums>();
  const countries = new Map<string, Sums>();
  const perWine = wines.map(empty);
  for (const row of rows) {
    if (row.day < from || row.day > to) continue;
    add(totals, row, row.daySales);
    add(periods[periodOfDay[row.day - from] as number] as Sums, row, row.daySales);
    add(groupSums(categories, row.mainCategoryId), row, row.categorySales);
    add(groupSums(countries, row.country), row, row.countrySales);
    const w = index.get(row.ownWineId);
    if (w !== undefined) add(perWine[w] as Sums, row, row.sales);
  }

  const groups = (sums: Map<string, Sums>): GroupFigures[] =>
    [...sums.entries()]
      .filter(([, s]) => sold(s))
      .map(([key, s]) => ({ key, ...figures(s) }))
      .sort((a, b) => b.revenue - a.revenue || b.units - a.units || collator.compare(a.key, b.key));
  const wineFigures = (w: number): WineFigures => {
    const known = wines[w] as AnalyticsWine;
    const f = figures(perWine[w] as Sums);
    const rate = turnover(f.units, known.stock);
    const left = daysOfStockLeft(known.stock, f.units, days);
    return {
      ownWineId: known.ownWineId,
      wineDisplayName: known.wineDisplayName,
      ...(known.mainCategoryId === undefined ? {} : { mainCategoryId: known.mainCategoryId }),
      ...(known.country === undefined ? {} : { country: known.country }),
      ...f,
      ...(known.stock === undefined ? {} : { stock: known.stock }),
      ...(rate === undefined ? {} : { turnover: rate }),
      ...(left === undefined ? {} : { daysOfStockLeft: left }),
    };
  };
  const rank = nameRanks(wines);
  const byName = (a: number, b: number) => (rank[a] as number) - (rank[b] as number);
  const units = (w: number) => (perWine[w] as Sums).units;
  const revenue = (w: number) => (perWine[w] as Sums).revenue;
  const soldWines: number[] = [];
  const inStock: number[] = [];
  for (let w = 0; w < wines.length; w++) {
    if (sold(perWine[w] as Sums)) soldWines.push(w);
    if (((wines[w] as AnalyticsWine).stock ?? 0) > 0) inStock.push(w);
  }
  const byRevenue = [...soldWines].sort(
    (a, b) => revenue(b) - revenue(a) || units(b) - units(a) || byName(a, b),
  );
  const topSellers = [...soldWines]
    .sort((a, b) => units(b) - units(a) || revenue(b) - revenue(a) || byName(a, b))
    .slice(0, top);
  const bottomSellers = inStock
    .sort((a, b) => units(a) - units(b) || revenue(a) - revenue(b) || byName(a, b))
    .slice(0, top);
  const series: PeriodFigures[] = starts.map((start, p) => ({
    period: isoOfDay(start),
    ...figures(periods[p] as Sums),
  }));
  return {
    from: isoOfDay(from),
    to: isoOfDay(to),
    groupBy,
    totals: figures(totals),
    series,
    byCategory: groups(categories),
    byCountry: groups(countries),
    byWine: byRevenue.map(wineFigures),
    topSellers: topSellers.map(wineFigures),
    bottomSellers: bottomSellers.map(wineFigures),
  };
}

/** Each wine's place in name order (Norwegian collation), worked out once per wine table. */
const rankings = new WeakMap<readonly AnalyticsWine[], Int32Array>();

function nameRanks(wines: readonly AnalyticsWine[]): Int32Array {
  let ranks = rankings.get(wines);
  if (!ranks) {
    const order = Int32Array.from(wines.keys()).sort((a, b) =>
      collator.compare(
        (wines[a] as AnalyticsWine).wineDisplayName,
        (wines[b] as AnalyticsWine).wineDisplayName,
      ),
    );
    const made = new Int32Array(wines.length);
    order.forEach((wine, place) => {
      made[wine] = place;
    });
    rankings.set(wines, made);
    ranks = made;
  }
  return ranks;
}
