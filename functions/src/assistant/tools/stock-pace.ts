/**
 * Low stock with its pace: the user's wines at or under a number of bottles, or selling out within a
 * number of days, each with the bottles sold over the last days and the days its bottles last at that
 * pace (the sales analytics service's days of stock left).
 */
import { type CellarWine, dayNumber, isoOfDay, LOW_STOCK_AT_MOST, todayIso } from '@kork/shared';
import { salesAnalytics } from '../../sales-analytics/sales-analytics-service';
import { type CellarSnapshot, cellarSnapshot, winesByName } from './cellar-rows';

/** Days of sales the pace is measured over. */
export const PACE_DAYS = 90;

export interface PacedWine {
  wine: CellarWine;
  soldInPeriod: number;
  daysLeft: number | null;
}

export interface StockPace {
  snapshot: CellarSnapshot;
  threshold: number;
  /** Every wine's pace, by cellar wine id (wines sold in the period only). */
  paced: Map<string, { units: number; daysLeft: number | null }>;
}

export async function stockPace(
  userId: string,
  now: Date,
  threshold = LOW_STOCK_AT_MOST,
): Promise<StockPace> {
  const to = todayIso(now);
  const from = isoOfDay(dayNumber(to) - (PACE_DAYS - 1));
  const [snapshot, analytics] = await Promise.all([
    cellarSnapshot(userId),
    salesAnalytics(userId, { from, to }),
  ]);
  const paced = new Map<string, { units: number; daysLeft: number | null }>();
  for (const figures of analytics.byWine) {
    paced.set(figures.ownWineId, { units: figures.units, daysLeft: figures.daysOfStockLeft ?? null });
  }
  return { snapshot, threshold, paced };
}

/**
 * Wines at or under the threshold, and (with `withinDays`) wines whose bottles last at most that many
 * days: the fewest days left first (unsold wines after), then the fewest bottles, then the name.
 */
export function lowStockOf(pace: StockPace, withinDays?: number): PacedWine[] {
  const found: PacedWine[] = [];
  for (const wine of winesByName(pace.snapshot)) {
    const sold = pace.paced.get(wine.id);
    const daysLeft = sold ? sold.daysLeft : null;
    const low = wine.quantity <= pace.threshold;
    const soon = withinDays !== undefined && daysLeft !== null && daysLeft <= withinDays;
    if (!low && !soon) continue;
    found.push({ wine, soldInPeriod: sold?.units ?? 0, daysLeft });
  }
  const rank = (days: number | null) => (days === null ? Number.MAX_SAFE_INTEGER : days);
  // Stable: within equal days and bottles, the cellar's name order stays.
  found.sort((a, b) => rank(a.daysLeft) - rank(b.daysLeft) || a.wine.quantity - b.wine.quantity);
  return found;
}
