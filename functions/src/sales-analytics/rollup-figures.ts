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
  byGroupRevenue,
  type GroupFigures,
  isoOfDay,
  marginPercentage,
  type PeriodFigures,
  periodOfDays,
  periodStarts,
  rankedWines,
  type SalesAnalytics,
  type SalesFigures,
  type WineFigures,
  wineFiguresOf,
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
  const periodOfDay = periodOfDays(from, to, starts);
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
      .sort(byGroupRevenue);
  const wineFigures = (w: number): WineFigures =>
    wineFiguresOf(wines[w] as AnalyticsWine, figures(perWine[w] as Sums), days);
  const { byRevenue, topSellers, bottomSellers } = rankedWines(
    wines,
    {
      sold: (w) => sold(perWine[w] as Sums),
      units: (w) => (perWine[w] as Sums).units,
      revenue: (w) => (perWine[w] as Sums).revenue,
    },
    top,
  );
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
