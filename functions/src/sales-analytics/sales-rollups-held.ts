/**
 * The day rollups an instance holds for the sales analytics, kept with the cellar snapshot they were
 * read for (`CellarSnapshot.derived`): every sale and every sale deleted raises the cellar's version in
 * the transaction that updates its rollups, so rollups read for a snapshot are current exactly as long
 * as the snapshot is. A request reads only the days it asks for that the snapshot does not hold yet
 * (one Query on the key ordered by day, `functions/src/sales/sale-rollups.ts` `rollupsBetween`).
 */
import { dayNumber, isoOfDay } from '@kork/shared';
import type { CellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { rollupsBetween, type SaleRollupRecord } from '../sales/sale-rollups';
import type { RollupRow } from './rollup-figures';

interface Held {
  from?: number;
  to?: number;
  rows: RollupRow[];
  /** Reads in turn, so two requests never read the same days twice. */
  queue: Promise<unknown>;
}

const n = (value: number | undefined) => value ?? 0;

function rowOf(item: SaleRollupRecord): RollupRow {
  return {
    day: dayNumber(item.day),
    ownWineId: item.ownWineId ?? '',
    wineDisplayName: item.wineDisplayName ?? '',
    mainCategoryId: item.mainCategoryId ?? '',
    country: item.country ?? '',
    units: n(item.units),
    glassUnits: n(item.glassUnits),
    unitsWithoutCost: n(item.unitsWithoutCost),
    revenue: n(item.revenue),
    revenueWithVat: n(item.revenueWithVat),
    cost: n(item.cost),
    sales: n(item.sales),
    daySales: n(item.daySales),
    categorySales: n(item.categorySales),
    countrySales: n(item.countrySales),
  };
}

async function read(ownerId: string, from: number, to: number): Promise<RollupRow[]> {
  return (await rollupsBetween(ownerId, isoOfDay(from), isoOfDay(to))).map(rowOf);
}

/** The rows of the days from `from` to `to` (day numbers) and maybe more: filter by day. */
export async function rollupRowsOf(snapshot: CellarSnapshot, from: number, to: number): Promise<RollupRow[]> {
  const held = snapshot.derived<Held>('salesAnalytics:rollups', () => ({
    rows: [],
    queue: Promise.resolve(),
  }));
  const step = held.queue.then(async () => {
    if (held.from === undefined || held.to === undefined) {
      held.rows = await read(snapshot.ownerId, from, to);
      held.from = from;
      held.to = to;
      return;
    }
    const [before, after] = await Promise.all([
      from < held.from ? read(snapshot.ownerId, from, held.from - 1) : [],
      to > held.to ? read(snapshot.ownerId, held.to + 1, to) : [],
    ]);
    if (before.length > 0 || after.length > 0) held.rows = [...before, ...held.rows, ...after];
    held.from = Math.min(from, held.from);
    held.to = Math.max(to, held.to);
  });
  // A failed read is not kept: the next request reads those days again.
  held.queue = step.catch(() => {});
  await step;
  return held.rows;
}
