/**
 * The orders the sales analytics answer in: periods of days, groups by revenue and wines by revenue,
 * units and name (Norwegian collation). Shared by the figures from sale lines (sales-analytics-math.ts)
 * and from day rollups (functions/src/sales-analytics/rollup-figures.ts).
 */
import type { GroupFigures } from './sales-analytics';

export interface AnalyticsWine {
  ownWineId: string;
  wineDisplayName: string;
  mainCategoryId?: string;
  country?: string;
  /** Bottles in stock now; absent for a wine no longer in the cellar. */
  stock?: number;
}

const collator = new Intl.Collator('nb');

/** Each wine's place in name order (Norwegian collation), worked out once per wine table. */
const rankings = new WeakMap<readonly AnalyticsWine[], Int32Array>();

function nameRanks(wines: readonly AnalyticsWine[]): Int32Array {
  let rank = rankings.get(wines);
  if (!rank) {
    const order = Int32Array.from(wines.keys()).sort((a, b) =>
      collator.compare(
        (wines[a] as AnalyticsWine).wineDisplayName,
        (wines[b] as AnalyticsWine).wineDisplayName,
      ),
    );
    const ranks = new Int32Array(wines.length);
    order.forEach((wine, place) => {
      ranks[wine] = place;
    });
    rankings.set(wines, ranks);
    rank = ranks;
  }
  return rank;
}

/** The period (index into `starts`) of each day from `from` to `to`. */
export function periodOfDays(from: number, to: number, starts: readonly number[]): Int32Array {
  const periodOfDay = new Int32Array(to - from + 1);
  for (let p = 0, day = from; day <= to; day++) {
    while (p + 1 < starts.length && (starts[p + 1] as number) <= day) p++;
    periodOfDay[day - from] = p;
  }
  return periodOfDay;
}

/** Groups (categories, countries) by revenue, then units, then key. */
export function byGroupRevenue(a: GroupFigures, b: GroupFigures): number {
  return b.revenue - a.revenue || b.units - a.units || collator.compare(a.key, b.key);
}

/**
 * The wines (indexes into `wines`) in the analytics' three orders: what sold by revenue, the top
 * sellers by units and the bottom sellers among those in stock; ties go by revenue or units, then name.
 */
export function rankedWines(
  wines: readonly AnalyticsWine[],
  perWine: { sold(w: number): boolean; units(w: number): number; revenue(w: number): number },
  top: number,
): { byRevenue: number[]; topSellers: number[]; bottomSellers: number[] } {
  const rank = nameRanks(wines);
  const byName = (a: number, b: number) => (rank[a] as number) - (rank[b] as number);
  const units = (w: number) => perWine.units(w);
  const revenue = (w: number) => perWine.revenue(w);
  const sold: number[] = [];
  const inStock: number[] = [];
  for (let w = 0; w < wines.length; w++) {
    if (perWine.sold(w)) sold.push(w);
    if (((wines[w] as AnalyticsWine).stock ?? 0) > 0) inStock.push(w);
  }
  return {
    byRevenue: [...sold].sort((a, b) => revenue(b) - revenue(a) || units(b) - units(a) || byName(a, b)),
    topSellers: [...sold]
      .sort((a, b) => units(b) - units(a) || revenue(b) - revenue(a) || byName(a, b))
      .slice(0, top),
    bottomSellers: inStock
      .sort((a, b) => units(a) - units(b) || revenue(a) - revenue(b) || byName(a, b))
      .slice(0, top),
  };
}
