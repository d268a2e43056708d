/**
 * Rollup rows laid out by column for the copy instances share (sales-rollups-held.ts): each group's
 * names (wine id, wine name, category, country) once in a dictionary and a number per row pointing at
 * it, the days as differences from the row before, and each sum as a column of numbers. For the 9,433
 * rows of the benchmark's year this is a quarter of the rows' own JSON, half of it gzipped, and read back
 * into rows in a third of the time (docs/sales-analytics.md "Shared between instances").
 */
import { SUM_FIELDS } from '../sales/sale-rollup-sums';
import type { RollupRow } from './rollup-figures';

/** Raised when the layout changes: a copy of another layout is read as absent. */
export const ROLLUP_COLUMNS_LAYOUT = 1;

/** The sums each row carries: the rollup's own fields (sales/sale-rollup-sums.ts). */
const SUMS = SUM_FIELDS satisfies readonly (keyof RollupRow)[];

type Sum = (typeof SUMS)[number];

/** The rows of the days `from` to `to` (day numbers, both included), by column. */
export interface RollupColumns {
  layout: typeof ROLLUP_COLUMNS_LAYOUT;
  from: number;
  to: number;
  /** [ownWineId, wineDisplayName, mainCategoryId, country] of each group, once. */
  groups: [string, string, string, string][];
  /** Each row's group, by its place in `groups`. */
  group: number[];
  /** Each row's day less the day of the row before (the first: less 0). */
  day: number[];
  sums: Record<Sum, number[]>;
}

export function rollupColumnsOf(rows: readonly RollupRow[], from: number, to: number): RollupColumns {
  const groups: RollupColumns['groups'] = [];
  const places = new Map<string, number>();
  const group = new Array<number>(rows.length);
  const day = new Array<number>(rows.length);
  const sums = Object.fromEntries(SUMS.map((sum) => [sum, new Array<number>(rows.length)])) as Record<
    Sum,
    number[]
  >;
  let previous = 0;
  rows.forEach((row, i) => {
    const key = `${row.ownWineId}\u0000${row.wineDisplayName}\u0000${row.mainCategoryId}\u0000${row.country}`;
    let place = places.get(key);
    if (place === undefined) {
      place = groups.length;
      places.set(key, place);
      groups.push([row.ownWineId, row.wineDisplayName, row.mainCategoryId, row.country]);
    }
    group[i] = place;
    day[i] = row.day - previous;
    previous = row.day;
    for (const sum of SUMS) sums[sum][i] = row[sum];
  });
  return { layout: ROLLUP_COLUMNS_LAYOUT, from, to, groups, group, day, sums };
}

const isNumbers = (value: unknown, length: number): value is number[] =>
  Array.isArray(value) && value.length === length;

/**
 * The rows back, in their order, with their days; undefined when the columns are not of this layout or
 * do not fit together (a copy written otherwise is worked out again, never half used).
 */
export function rollupRowsFromColumns(
  columns: RollupColumns,
): { rows: RollupRow[]; from: number; to: number } | undefined {
  if (columns?.layout !== ROLLUP_COLUMNS_LAYOUT) return undefined;
  const { from, to, groups, group, day, sums } = columns;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from > to) return undefined;
  if (!Array.isArray(groups) || !Array.isArray(group) || !isNumbers(day, group.length)) return undefined;
  if (!sums || !SUMS.every((sum) => isNumbers(sums[sum], group.length))) return undefined;
  const rows = new Array<RollupRow>(group.length);
  let current = 0;
  for (let i = 0; i < group.length; i++) {
    current += day[i] as number;
    const names = groups[group[i] as number];
    if (!names || current < from || current > to) return undefined;
    rows[i] = {
      day: current,
      ownWineId: names[0],
      wineDisplayName: names[1],
      mainCategoryId: names[2],
      country: names[3],
      units: sums.units[i] as number,
      glassUnits: sums.glassUnits[i] as number,
      unitsWithoutCost: sums.unitsWithoutCost[i] as number,
      revenue: sums.revenue[i] as number,
      revenueWithVat: sums.revenueWithVat[i] as number,
      cost: sums.cost[i] as number,
      sales: sums.sales[i] as number,
      daySales: sums.daySales[i] as number,
      categorySales: sums.categorySales[i] as number,
      countrySales: sums.countrySales[i] as number,
    };
  }
  return { rows, from, to };
}
