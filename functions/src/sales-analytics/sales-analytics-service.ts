/**
 * Sales analytics of a cellar (shared/src/sales-analytics.ts, docs/sales-analytics.md): revenue, cost
 * and margin over a period by day, week or month, by category, country and wine, top and bottom
 * sellers, turnover, days of stock left and shrinkage from finished counts. The cost is each sale line's
 * `unitCost` (or a pour's `lineCost`): the purchase price without VAT when sold, which the cellar keeps
 * with duties, so the margin is after the duties without a duty read per sale.
 *
 * The figures are summed on every request from what the instance holds: the cellar snapshot (wines
 * and their stock now) and, kept with it, the sales domain's day rollups of the days asked for
 * (sales-rollups-held.ts): per day and wine the sums of its sale lines, written in each sale's
 * transaction. Every sale and every sale deleted changes wines in the transaction that raises the
 * cellar's version, so a snapshot of the current version holds every sale made before the request; a
 * new version is a new snapshot, and the rollups of its period are read again (O(days × wines sold),
 * not the sales). Finished counts are read at each request (a few items), and
 * their entries, frozen when a count is finished, are kept once read.
 */
import {
  ANALYTICS_MAX_DAYS,
  type AnalyticsGroup,
  type AnalyticsWine,
  dayNumber,
  type FinishedCount,
  isoOfDay,
  type SalesAnalytics,
  type SalesAnalyticsQuery,
  shrinkageIn,
  todayIso,
  withBounds,
} from '@kork/shared';
import { type CellarSnapshot, cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { ValidationError } from '../platform/errors';
import { countEntryFigures, finishedCountsBetween } from '../stock-counts/finished-counts-service';
import { aggregateRollups, wineTable } from './rollup-figures';
import { rollupRowsOf } from './sales-rollups-held';

/** Days of the default period, today included. */
const DEFAULT_DAYS = 365;
const DEFAULT_TOP = 10;

export interface AnalyticsPeriod {
  from: number;
  to: number;
  groupBy: AnalyticsGroup;
  top: number;
}

/** The period asked for, as day numbers: the last 365 days to today by month when nothing is given. */
export function periodOf(query: SalesAnalyticsQuery, today = todayIso()): AnalyticsPeriod {
  const to = dayNumber(query.to ?? today);
  const from = query.from ? dayNumber(query.from) : to - (DEFAULT_DAYS - 1);
  if (from > to) throw new ValidationError({ to: 'periodOrder' });
  if (to - from + 1 > ANALYTICS_MAX_DAYS)
    throw new ValidationError({ from: withBounds('periodTooLong', { max: ANALYTICS_MAX_DAYS }) });
  return { from, to, groupBy: query.groupBy ?? 'month', top: query.top ?? DEFAULT_TOP };
}

// — Finished counts —

/** Entries of finished counts, frozen when finished: kept by count and finishing moment. */
const countEntries = new Map<string, FinishedCount['entries']>();
const COUNTS_KEPT = 500;

async function entriesOf(ownerId: string, countId: string, finishedAt: string) {
  const key = `${ownerId}#${countId}#${finishedAt}`;
  const kept = countEntries.get(key);
  if (kept) return kept;
  const entries = await countEntryFigures(ownerId, countId);
  if (countEntries.size >= COUNTS_KEPT) countEntries.delete(countEntries.keys().next().value as string);
  countEntries.set(key, entries);
  return entries;
}

/** The owner's finished counts dated in the period, with their entries. */
async function finishedCounts(ownerId: string, from: string, to: string): Promise<FinishedCount[]> {
  const finished = await finishedCountsBetween(ownerId, from, to);
  return Promise.all(
    finished.map(async (count) => ({
      id: count.id,
      date: count.date,
      name: count.name,
      entries: await entriesOf(ownerId, count.id, count.finishedAt ?? ''),
    })),
  );
}

/** The cellar's wines now as the analytics' wine table starts (kept with the snapshot). */
export function analyticsWinesOf(snapshot: CellarSnapshot): AnalyticsWine[] {
  return snapshot.derived<AnalyticsWine[]>('salesAnalytics:wines', () =>
    snapshot.wines.map((wine) => ({
      ownWineId: wine.id,
      wineDisplayName: wine.wineDisplayName,
      mainCategoryId: wine.mainCategoryId,
      ...(wine.country ? { country: wine.country } : {}),
      stock: wine.quantity,
    })),
  );
}

/**
 * The figures of `GET …/sales-analytics`, from the day rollups of the period (never the sales
 * themselves; docs/sales-analytics.md "Rollups").
 */
export async function salesAnalytics(ownerId: string, query: SalesAnalyticsQuery): Promise<SalesAnalytics> {
  const period = periodOf(query);
  const from = isoOfDay(period.from);
  const to = isoOfDay(period.to);
  const [snapshot, counts] = await Promise.all([cellarSnapshot(ownerId), finishedCounts(ownerId, from, to)]);
  const rows = await rollupRowsOf(snapshot, period.from, period.to);
  // The wine table (and its name order) is made again only when the rows held grew.
  const table = snapshot.derived<{ rows?: unknown; wines: AnalyticsWine[] }>('salesAnalytics:table', () => ({
    wines: [],
  }));
  if (table.rows !== rows) {
    table.wines = wineTable(analyticsWinesOf(snapshot), rows);
    table.rows = rows;
  }
  const { wines } = table;
  return {
    ...aggregateRollups(rows, wines, period),
    currency: snapshot.cellar.baseCurrency,
    shrinkage: shrinkageIn(counts, from, to),
  };
}
