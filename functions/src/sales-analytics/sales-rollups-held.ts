/**
 * The day rollups an instance holds for the sales analytics, kept with the cellar snapshot they were
 * read for (`CellarSnapshot.derived`): every sale and every sale deleted raises the cellar's version in
 * the transaction that updates its rollups, so rollups read for a snapshot are current exactly as long
 * as the snapshot is. A request reads only the days it asks for that the snapshot does not hold yet
 * (one Query on the key ordered by day, `functions/src/sales/sale-rollups.ts` `rollupsBetween`).
 *
 * The rows are shared between instances as the snapshot is (kernel/shared-derived.ts): a snapshot that
 * holds none yet first takes the copy another instance stored at its version, when it covers or meets
 * the days asked (only the days it lacks are then read), and every read from the table stores the rows
 * held with their days again (docs/sales-analytics.md "Shared between instances").
 */
import { dayNumber, isoOfDay } from '@kork/shared';
import type { CellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { readSharedDerived, writeSharedDerived } from '../cellar/kernel/shared-derived';
import { logger } from '../platform/logger';
import { rollupsBetween, type SaleRollupRecord } from '../sales/sale-rollups';
import { type RollupColumns, rollupColumnsOf, rollupRowsFromColumns } from './rollup-columns';
import type { RollupRow } from './rollup-figures';

/** The name of the rows' shared copy (`cellar-snapshots/{ownerId}.sales-rollups.json.gz`). */
export const SHARED_ROLLUPS = 'sales-rollups';

interface Held {
  from?: number;
  to?: number;
  rows: RollupRow[];
  /** When the earliest read of the rows held began (ms since the epoch). */
  at: number;
  /** Reads in turn, so two requests never read the same days twice. */
  queue: Promise<unknown>;
}

const n = (value: number | undefined) => value ?? 0;

/** One rollup item as the analytics hold it. */
export function rollupRowOf(item: SaleRollupRecord): RollupRow {
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
  return (await rollupsBetween(ownerId, isoOfDay(from), isoOfDay(to))).map(rollupRowOf);
}

/**
 * The shared copy at the snapshot's version, worked out since the snapshot was read, when its days
 * overlap or meet [from, to] (a copy of other days would leave a gap to read); undefined otherwise.
 */
async function sharedRows(snapshot: CellarSnapshot, from: number, to: number) {
  const shared = await readSharedDerived<RollupColumns>(
    snapshot.ownerId,
    SHARED_ROLLUPS,
    snapshot.version,
    snapshot.loadedAt,
  );
  if (!shared) return undefined;
  let held: ReturnType<typeof rollupRowsFromColumns>;
  try {
    held = rollupRowsFromColumns(shared.value);
  } catch (error) {
    logger.warn('shared sales rollups not read', { ownerId: snapshot.ownerId, error });
    return undefined;
  }
  if (!held || held.to < from - 1 || held.from > to + 1) return undefined;
  return { ...held, at: shared.at };
}

/** Stores the rows held, with their days, for the instances after this one (never fails). */
function share(snapshot: CellarSnapshot, held: Held): Promise<void> {
  const { from, to } = held;
  if (from === undefined || to === undefined) return Promise.resolve();
  return writeSharedDerived(
    snapshot.ownerId,
    SHARED_ROLLUPS,
    snapshot.version,
    held.at,
    rollupColumnsOf(held.rows, from, to),
  );
}

/** The rows of the days from `from` to `to` (day numbers) and maybe more: filter by day. */
export async function rollupRowsOf(snapshot: CellarSnapshot, from: number, to: number): Promise<RollupRow[]> {
  const held = snapshot.derived<Held>('salesAnalytics:rollups', () => ({
    rows: [],
    at: 0,
    queue: Promise.resolve(),
  }));
  const step = held.queue.then(async () => {
    if (held.from === undefined || held.to === undefined) {
      const shared = await sharedRows(snapshot, from, to);
      if (shared) {
        held.rows = shared.rows;
        held.from = shared.from;
        held.to = shared.to;
        held.at = shared.at;
      }
    }
    if (held.from === undefined || held.to === undefined) {
      const at = Date.now();
      held.rows = await read(snapshot.ownerId, from, to);
      held.from = from;
      held.to = to;
      held.at = at;
      await share(snapshot, held);
      return;
    }
    const [before, after] = await Promise.all([
      from < held.from ? read(snapshot.ownerId, from, held.from - 1) : undefined,
      to > held.to ? read(snapshot.ownerId, held.to + 1, to) : undefined,
    ]);
    if (before?.length || after?.length) held.rows = [...(before ?? []), ...held.rows, ...(after ?? [])];
    held.from = Math.min(from, held.from);
    held.to = Math.max(to, held.to);
    if (before || after) await share(snapshot, held);
  });
  // A failed read is not kept: the next request reads those days again.
  held.queue = step.catch(() => {});
  await step;
  return held.rows;
}
