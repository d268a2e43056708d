/**
 * What one sale adds to its day's rollups (entities/sale-rollup.ts), pure: its lines summed by group
 * (the wine with the category and country they were sold under), each figure exactly as the sales
 * analytics sums a line (shared/src/sales-analytics-math.ts `SalesLinesBuilder`), and the distinct-sale
 * counts placed once per sale: `sales` on the first group of each wine, `daySales` on the first group
 * of the sale, `categorySales` and `countrySales` on the first group of each category and country.
 * Deleting the sale subtracts the same sums (`negated`).
 */
import { revenueWithoutVat, type SaleLine } from '@kork/shared';

export const SUM_FIELDS = [
  'units',
  'glassUnits',
  'unitsWithoutCost',
  'revenue',
  'revenueWithVat',
  'cost',
  'sales',
  'daySales',
  'categorySales',
  'countrySales',
] as const;

export type SumField = (typeof SUM_FIELDS)[number];
export type RollupSums = Record<SumField, number>;

/** One group's sums and what names it. */
export interface RollupDelta extends RollupSums {
  group: string;
  ownWineId: string;
  wineDisplayName: string;
  mainCategoryId: string;
  country: string;
}

export const zeroSums = (): RollupSums =>
  Object.fromEntries(SUM_FIELDS.map((field) => [field, 0])) as RollupSums;

/** The group key of a line: wine, category and country (`|` is not in an id or a category). */
export function groupOf(line: Pick<SaleLine, 'ownWineId' | 'mainCategoryId' | 'country'>): string {
  return `${line.ownWineId}|${line.mainCategoryId ?? ''}|${line.country ?? ''}`;
}

/** A line's figures as the analytics count them (a till's glass or recipe line by its total and cost). */
export function lineFigures(line: SaleLine): {
  revenue: number;
  revenueWithVat: number;
  cost: number | undefined;
} {
  const till = line.kind !== undefined;
  const total = till ? line.total : line.units * line.unitPrice;
  const unitCost = line.unitCost ?? undefined;
  const lineCost = till ? line.lineCost : undefined;
  const cost = lineCost ?? (unitCost === undefined ? undefined : line.units * unitCost);
  return { revenue: revenueWithoutVat(total, line.vatPercentage ?? 0), revenueWithVat: total, cost };
}

/** A sale's lines summed by group, in the order the groups first appear. */
export function rollupOf(lines: readonly SaleLine[]): RollupDelta[] {
  const groups = new Map<string, RollupDelta>();
  const wines = new Set<string>();
  const categories = new Set<string>();
  const countries = new Set<string>();
  for (const line of lines) {
    const key = groupOf(line);
    let delta = groups.get(key);
    if (!delta) {
      delta = {
        group: key,
        ownWineId: line.ownWineId,
        wineDisplayName: line.wineDisplayName,
        mainCategoryId: line.mainCategoryId ?? '',
        country: line.country ?? '',
        ...zeroSums(),
      };
      groups.set(key, delta);
      if (groups.size === 1) delta.daySales = 1;
      if (!wines.has(line.ownWineId)) {
        wines.add(line.ownWineId);
        delta.sales = 1;
      }
      if (!categories.has(delta.mainCategoryId)) {
        categories.add(delta.mainCategoryId);
        delta.categorySales = 1;
      }
      if (!countries.has(delta.country)) {
        countries.add(delta.country);
        delta.countrySales = 1;
      }
    }
    const { revenue, revenueWithVat, cost } = lineFigures(line);
    delta.units += line.units;
    if (line.byGlass === true) delta.glassUnits += line.units;
    if (cost === undefined) delta.unitsWithoutCost += line.units;
    delta.revenue += revenue;
    delta.revenueWithVat += revenueWithVat;
    delta.cost += cost ?? 0;
  }
  return [...groups.values()];
}

/** The sums to subtract when the sale is deleted. */
export function negated(delta: RollupDelta): RollupDelta {
  const out = { ...delta };
  for (const field of SUM_FIELDS) out[field] = -delta[field] || 0;
  return out;
}

/** Adds `delta`'s sums into `into` (changed in place). */
export function addSums(into: RollupSums, delta: RollupSums): void {
  for (const field of SUM_FIELDS) into[field] += delta[field];
}
