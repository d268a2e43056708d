/**
 * The sales domain's rollups (entities/sale-rollup.ts): written with each sale, read by day for the
 * sales analytics, and rebuilt from the sales by the backfill job.
 *
 * A sale's rollups are ADD updates in the sale's own transaction (sale-writes.ts, till-sale-writes.ts):
 * the transaction either writes the sale and adds its sums, or does neither, and a sale is written once
 * (its record is created only where there is none, a till transaction once per marker), so a retried or
 * cancelled transaction never counts twice. Deleting a sale subtracts the same sums in the transaction
 * that deletes it, conditional on the sale being there.
 */
import type { SaleLine } from '@kork/shared';
import { type EntityRecord, tables, writeItems } from '../data/tables';
import { negated, type RollupDelta, rollupOf, SUM_FIELDS } from './sale-rollup-sums';

export type SaleRollupRecord = EntityRecord<'saleRollup'>;

/** The backfill's marker item: its day sorts after every YYYY-MM-DD. */
export const MARKER_DAY = 'marker';

/**
 * One group's ADD update: an upsert, so a new item gets every key (its place in the account's `owned`
 * collection too), with the names SET to the latest sale's and the sums added.
 */
function addUpdate(ownerId: string, day: string, delta: RollupDelta): unknown {
  const add = Object.fromEntries(SUM_FIELDS.map((field) => [field, delta[field]]));
  return writeItems('sales')
    .saleRollup.upsert({
      ownerId,
      day,
      group: delta.group,
      ownWineId: delta.ownWineId,
      wineDisplayName: delta.wineDisplayName,
      mainCategoryId: delta.mainCategoryId,
      country: delta.country,
    })
    .add(add)
    .commit();
}

/** How many rollup items a sale's lines update (one per group: a wine's lines share one). */
export function rollupItemsOf(lines: readonly SaleLine[]): number {
  return rollupOf(lines).length;
}

/** Transaction items adding a sale's lines to its day's rollups. */
export function rollupAdds(ownerId: string, date: string, lines: readonly SaleLine[]): unknown[] {
  return rollupOf(lines).map((delta) => addUpdate(ownerId, date, delta));
}

/** Transaction items taking a deleted sale's lines out of its day's rollups. */
export function rollupSubtractions(ownerId: string, date: string, lines: readonly SaleLine[]): unknown[] {
  return rollupOf(lines).map((delta) => addUpdate(ownerId, date, negated(delta)));
}

/** Days a single Query covers before a period is read as several at once. */
const DAYS_PER_QUERY = 92;

const dayMs = 86_400_000;
const isoPlus = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

async function queryDays(ownerId: string, from: string, to: string): Promise<SaleRollupRecord[]> {
  // The upper bound is past `to`'s last group: '~' sorts after every group key. Strongly consistent, so
  // rollups read after the cellar's version hold every sale that version counts (the analytics hold them
  // for that version and share them with other instances).
  const { data } = await tables('sales')
    .saleRollup.query.byDay({ ownerId })
    .between({ day: from }, { day: `${to}~` })
    .go({ pages: 'all', consistent: true });
  return data.filter((item) => item.day >= from && item.day <= to);
}

/**
 * The cellar's rollups of the days from `from` to `to` (YYYY-MM-DD, both included): strongly-consistent
 * Queries on the key ordered by day, items of (days × wines sold). A long period is read as consecutive
 * ranges of at most 92 days at once (a year: four Queries side by side), in day order.
 */
export async function rollupsBetween(ownerId: string, from: string, to: string): Promise<SaleRollupRecord[]> {
  const ranges: [string, string][] = [];
  for (let start = from; start <= to; start = isoPlus(start, DAYS_PER_QUERY)) {
    const end = isoPlus(start, DAYS_PER_QUERY - 1);
    ranges.push([start, end < to ? end : to]);
  }
  const parts = await Promise.all(ranges.map(([a, b]) => queryDays(ownerId, a, b)));
  return parts.flat();
}

/**
 * The first day the cellar has a rollup item for (YYYY-MM-DD), or undefined when it has none: one Query
 * of one item on the key ordered by day (the marker sorts after every day).
 */
export async function firstRollupDay(ownerId: string): Promise<string | undefined> {
  const { data } = await tables('sales').saleRollup.query.byDay({ ownerId }).go({ limit: 1 });
  const day = data[0]?.day;
  return day === undefined || day === MARKER_DAY ? undefined : day;
}

export async function rollupMarker(ownerId: string): Promise<SaleRollupRecord | undefined> {
  const { data } = await tables('sales')
    .saleRollup.get({ ownerId, day: MARKER_DAY, group: '' })
    .go({ consistent: true });
  return data ?? undefined;
}

export { rollupOf };
