/**
 * Finishing a stock count (SPEC §4; docs/stock-counts.md, "Finishing"): the count is claimed
 * (open → finishing, so no entry lands meanwhile and it is finished once), the latest count's
 * differences are added to the stock as it is now with a COUNTED entry per wine, the report is frozen,
 * and the count is finished. An older count only makes its report. Should applying fail, what was
 * written is taken back and the count is open again.
 */
import {
  appliedBottles,
  appliedTenths,
  COUNT_NO_LOCATION,
  countDifference,
  hasOpenBottle,
  isLatestCount,
  type StockCount,
  type StockCountLine,
  summarize,
} from '@kork/shared';
import { actorOf } from '../accounts/account-lookup';
import { cellarOf } from '../cellar/cellar-service';
import { locationIdsOf, locationsOf } from '../cellar/kernel/locations';
import { openTenthsOf, withOpenBottle } from '../cellar/kernel/open-bottle';
import { takeBack } from '../cellar/kernel/take-back';
import { inventoryOf, winesNow } from '../cellar/kernel/wine-reads';
import { type Actor, type CellarWineRecord, historyRecord } from '../cellar/kernel/wine-records';
import {
  laterThan,
  transactionsOf,
  type WineChange,
  writeTransaction,
} from '../cellar/kernel/wine-transaction';
import { tables } from '../data/tables';
import { backoffMs, isConditionFailure, TransactionCanceled } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError } from '../platform/errors';
import { logger } from '../platform/logger';
import { openLines } from './stock-count-service';
import {
  cellarAtCount,
  countedEntries,
  countLocations,
  countRecordOf,
  countsOf,
  entryRecordsOf,
  existingCount,
  FINISHING_STALE_MS,
  type StockCountEntryRecord,
  type StockCountRecord,
  toStockCount,
} from './stock-count-store';

/** Transactions written at once while applying a count (they meet only on the cellar's version item). */
const PARALLEL_TRANSACTIONS = 6;
/** Rounds of re-reading wines someone changed while the count was being applied. */
const APPLY_ROUNDS = 6;
/** The epoch: the `countedAt` of a frozen uncounted line, so any real figure is later. */
const NEVER = new Date(0).toISOString();

export async function finishStockCount(
  ownerId: string,
  countId: string,
  principal: Principal,
): Promise<StockCount> {
  const [actor, cellar] = await Promise.all([actorOf(principal), cellarOf(ownerId)]);
  const claimedAt = await claim(ownerId, countId);
  try {
    const record = await existingCount(ownerId, countId);
    const [locations, entryRecords, atCount, counts] = await Promise.all([
      locationsOf(ownerId),
      entryRecordsOf(ownerId, countId),
      cellarAtCount(ownerId, record.asOf),
      countsOf(ownerId),
    ]);
    const where = countLocations((record.locationIds as string[] | null) ?? null, locations);
    const lines = openLines(atCount, countedEntries(entryRecords), where.scope);
    const latest = isLatestCount(
      record.asOf,
      // A count being finished at the same time counts as finished: of two finishes at once, the
      // older count then only makes its report instead of both changing the stock.
      counts.filter((other) => other.status !== 'open' && other.id !== countId),
    );
    // The report is frozen while the differences are applied: neither reads what the other writes, and
    // an open count's sheet ignores frozen lines should applying fail.
    await Promise.all([
      latest
        ? applyCount(ownerId, countId, lines, actor, atCount.countedBy(countId), tenthsOf(cellar, lines))
        : undefined,
      freezeReport(ownerId, countId, lines, entryRecords),
    ]);
    const finishedAt = new Date().toISOString();
    await tables('stock-counts')
      .stockCount.patch({ ownerId, id: countId })
      .set({
        status: 'finished',
        outcome: latest ? 'applied' : 'reportOnly',
        summary: summarize(lines),
        finishedAt,
        finishedBy: actor.userId,
        finishedByName: actor.name,
        version: record.version + 1,
        updatedAt: finishedAt,
      })
      .remove(['finishingAt'])
      .where((attr, op) => `${op.eq(attr.status, 'finishing')} AND ${op.eq(attr.finishingAt, claimedAt)}`)
      .go();
  } catch (error) {
    await reopen(ownerId, countId, claimedAt);
    throw error;
  }
  return toStockCount(await existingCount(ownerId, countId), cellar.baseCurrency);
}

/** Whether a count applies in tenths: the cellar counts them, or figures with tenths were entered before it stopped. */
function tenthsOf(cellar: { countTenths: boolean }, lines: readonly StockCountLine[]): boolean {
  return (
    cellar.countTenths || lines.some((line) => line.counted !== undefined && hasOpenBottle(line.counted))
  );
}

/**
 * open → finishing, or a finishing one whose finish died (older than FINISHING_STALE_MS) taken over.
 * A finished count, or one being finished now, answers 409.
 */
async function claim(ownerId: string, countId: string): Promise<string> {
  const claimedAt = new Date().toISOString();
  const staleBefore = new Date(Date.now() - FINISHING_STALE_MS).toISOString();
  try {
    await tables('stock-counts')
      .stockCount.patch({ ownerId, id: countId })
      .set({ status: 'finishing', finishingAt: claimedAt })
      .where(
        (attr, op) =>
          `${op.eq(attr.status, 'open')} OR (${op.eq(attr.status, 'finishing')} AND ${op.lt(attr.finishingAt, staleBefore)})`,
      )
      .go();
    return claimedAt;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await existingCount(ownerId, countId); // 404 when there is none
    throw new ConflictError({ key: 'stockCountFinished' });
  }
}

async function reopen(ownerId: string, countId: string, claimedAt: string): Promise<void> {
  try {
    await tables('stock-counts')
      .stockCount.patch({ ownerId, id: countId })
      .set({ status: 'open' })
      .remove(['finishingAt'])
      .where((attr, op) => `${op.eq(attr.status, 'finishing')} AND ${op.eq(attr.finishingAt, claimedAt)}`)
      .go();
  } catch (error) {
    // Left finishing, it is taken over by the next finish after FINISHING_STALE_MS.
    logger.error('A stock count whose finish failed could not be opened again', { ownerId, countId, error });
  }
}

/** Bottles per count location from a stored placement map (`_` is Uncategorized). */
function bottlesOf(record: CellarWineRecord): Map<string, number> {
  const bottles = new Map<string, number>();
  for (const [key, quantity] of Object.entries(record.placements as Record<string, number>))
    if (quantity > 0) bottles.set(key === '_' ? COUNT_NO_LOCATION : key, quantity);
  return bottles;
}

function placementsOf(bottles: ReadonlyMap<string, number>): Record<string, number> {
  const map: Record<string, number> = {};
  for (const [key, quantity] of bottles)
    if (quantity > 0) map[key === COUNT_NO_LOCATION ? '_' : key] = quantity;
  return map;
}

interface WineDifferences {
  byLocation: Map<string, number>;
  difference: number;
  differenceValue: number;
}

/**
 * Adds each counted difference to the wine's bottles there now (never below 0), one COUNTED entry per
 * wine. Wines changed meanwhile are read again and their differences added to what they are then (a
 * transaction that failed its conditions wrote nothing, so adding again is adding once). Wines this
 * count already set (a finish taken over) are skipped. Transactions go a few at a time; should one fail
 * otherwise, every one written is taken back. Where the cellar counts in tenths, a counted wine's open
 * bottle becomes what the count found (`appliedTenths`), so a wine counted as it stands is applied too.
 */
async function applyCount(
  ownerId: string,
  countId: string,
  lines: readonly StockCountLine[],
  actor: Actor,
  alreadySet: ReadonlySet<string>,
  tenths: boolean,
): Promise<void> {
  const byWine = new Map<string, WineDifferences>();
  for (const line of lines) {
    if (line.difference === undefined || alreadySet.has(line.ownWineId)) continue;
    if (line.difference === 0 && !tenths) continue;
    const wine = byWine.get(line.ownWineId) ?? { byLocation: new Map(), difference: 0, differenceValue: 0 };
    wine.byLocation.set(line.locationId, line.difference);
    wine.difference = countDifference(wine.difference + line.difference, 0);
    wine.differenceValue += line.differenceValue ?? 0;
    byWine.set(line.ownWineId, wine);
  }
  const written: WineChange[] = [];
  let pending = new Set(byWine.keys());
  try {
    for (let round = 0; pending.size > 0; round++) {
      if (round >= APPLY_ROUNDS) throw new ConflictError();
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs(round)));
      const [records, locationIds] = await Promise.all([winesOf(ownerId, pending), locationIdsOf(ownerId)]);
      const changes: WineChange[] = [];
      for (const before of records) {
        const wine = byWine.get(before.id);
        if (!wine) continue;
        // A location deleted since the count takes no bottles.
        const differences = new Map(
          [...wine.byLocation].filter(([id]) => id === COUNT_NO_LOCATION || locationIds.has(id)),
        );
        const counted = tenths
          ? appliedTenths(bottlesOf(before), openTenthsOf(before), differences)
          : undefined;
        const next = tenths ? counted?.bottles : appliedBottles(bottlesOf(before), differences);
        if (!next) continue;
        const placements = placementsOf(next);
        const applied = {
          ...before,
          placements,
          quantity: Object.values(placements).reduce((sum, n) => sum + n, 0),
          updatedAt: laterThan(before.updatedAt),
        } as CellarWineRecord;
        const after = counted ? withOpenBottle(applied, counted.openTenths) : applied;
        changes.push({
          before,
          after,
          history: historyRecord(after, 'COUNTED', before, after, actor, {
            difference: wine.difference,
            differenceValue: wine.differenceValue,
            countId,
          }),
        });
      }
      pending = await writeSome(transactionsOf(changes), written);
    }
  } catch (error) {
    if (written.length > 0) await takeBack(written, []);
    throw error;
  }
}

/** The wines as they are now (strongly consistent): a few by key, many by the whole inventory. */
async function winesOf(ownerId: string, ids: ReadonlySet<string>): Promise<CellarWineRecord[]> {
  if (ids.size > 100) return (await inventoryOf(ownerId)).filter((record) => ids.has(record.id));
  return winesNow(ownerId, [...ids]);
}

/**
 * Writes the slices PARALLEL_TRANSACTIONS at a time, adding each written one to `written`. Answers the
 * wines of slices that failed their conditions (someone changed them meanwhile: nothing of the slice
 * was written). Any other failure is thrown once the transactions under way have ended, with the slice
 * that failed counted as uncertain by the caller's take-back (it reads the history entries).
 */
async function writeSome(slices: readonly WineChange[][], written: WineChange[]): Promise<Set<string>> {
  const stale = new Set<string>();
  let next = 0;
  let failure: { error: unknown; slice: WineChange[] } | undefined;
  const worker = async () => {
    while (!failure && next < slices.length) {
      const slice = slices[next++] as WineChange[];
      try {
        await writeTransaction(slice);
        written.push(...slice);
      } catch (error) {
        if (error instanceof TransactionCanceled) {
          for (const change of slice) stale.add(change.history.ownWineId);
        } else failure ??= { error, slice };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TRANSACTIONS, slices.length) }, worker));
  if (failure) {
    // The failed slice may have been written with its answer lost: take-back tells by its entries.
    written.push(...failure.slice);
    throw failure.error;
  }
  return stale;
}

/**
 * Writes every line of the report as an entry with its figures frozen (expected, unit cost, the wine's
 * name), the uncounted lines marked as such. Entries cannot change meanwhile: the count is finishing.
 */
async function freezeReport(
  ownerId: string,
  countId: string,
  lines: readonly StockCountLine[],
  stored: readonly StockCountEntryRecord[],
): Promise<void> {
  // Uncounted lines an earlier, failed finish froze that are no longer lines of the sheet.
  const onSheet = new Set(lines.map((line) => `${line.ownWineId}/${line.locationId}`));
  const stale = stored.filter(
    (record) => record.uncounted && !onSheet.has(`${record.ownWineId}/${record.locationId}`),
  );
  if (stale.length > 0)
    await tables('stock-counts')
      .stockCountEntry.delete(
        stale.map(({ ownWineId, locationId }) => ({ ownerId, countId, ownWineId, locationId })),
      )
      .go();
  const items = lines.map((line) => ({
    ownerId,
    countId,
    ownWineId: line.ownWineId,
    locationId: line.locationId,
    counted: line.counted ?? 0,
    countedBy: line.countedBy ?? '',
    countedByName: line.countedByName ?? '',
    countedAt: line.countedAt ?? NEVER,
    expected: line.expected,
    wineDisplayName: line.wineDisplayName,
    ...(line.vintage !== null ? { vintage: line.vintage } : {}),
    ...(line.unitCost !== undefined ? { unitCost: line.unitCost } : {}),
    ...(line.counted === undefined ? { uncounted: true } : {}),
  }));
  const batches: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] as typeof items;
      for (let round = 0; ; round++) {
        const { unprocessed } = await tables('stock-counts').stockCountEntry.put(batch).go();
        if (unprocessed.length === 0) break;
        if (round >= 8) throw new Error('Stock count entries were left unwritten after 8 rounds');
        await new Promise((resolve) => setTimeout(resolve, backoffMs(round)));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, batches.length) }, worker));
}

export type { StockCountRecord };
export { countRecordOf };
