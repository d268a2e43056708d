/**
 * Writing a count's entries with its running tally (docs/stock-counts.md, "The summary in the count
 * list"): a batch reads the entries it replaces, works out what it changes in the summary
 * (shared/src/stock-count-tally.ts) and ADDs that to the count in the same transaction as the entries.
 * Each entry is written only over the entry it read (same figure, not newer), so two counters at once
 * never add a difference twice or miss one: a batch that meets a changed entry reads again and retries.
 * The cost is the batch's, never the count's.
 */
import {
  addTally,
  baselineTally,
  emptyTally,
  entryPart,
  pairKey,
  type StockCountEntry,
  type StockCountTally,
  TALLY_FIELDS,
} from '@kork/shared';
import { tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure, TransactionCanceled } from '../data/transactions';
import { ConflictError } from '../platform/errors';
import {
  type CellarAtCount,
  countedEntries,
  counterId,
  entryRecordsOf,
  existingCount,
  type StockCountEntryRecord,
  tallyAttribute,
  tallyOf,
} from './stock-count-store';

/** Rounds of a batch whose entries keep being changed by other counters between its read and write. */
const ENTRY_ROUNDS = 8;

/** What the tally needs of the count: the cellar at its moment and its scope. */
export interface TallyContext {
  atCount: CellarAtCount;
  scope: Set<string> | null;
}

function tallyAttributes(tally: StockCountTally, skipZero: boolean) {
  const attributes: Record<string, number> = {};
  for (const field of TALLY_FIELDS) {
    if (skipZero && tally[field] === 0) continue;
    attributes[tallyAttribute(field)] = tally[field];
  }
  return attributes;
}

/**
 * Sets an open count's tally from the sheet, once (its first batch, or a count from before the tally).
 * No entry lands meanwhile: entry batches need the tally to exist.
 */
export async function seedTally(ownerId: string, countId: string, context: TallyContext): Promise<void> {
  const entries = countedEntries(await entryRecordsOf(ownerId, countId));
  let tally = baselineTally(context.atCount.wines, context.scope);
  for (const entry of entries)
    tally = addTally(tally, entryPart(context.atCount.wines, context.scope, entry));
  const ids = [...new Set(entries.map((entry) => counterId(entry.countedBy, entry.countedByName)))];
  try {
    const patch = tables('stock-counts')
      .stockCount.patch({ ownerId, id: countId })
      .set(tallyAttributes(tally, false));
    await (ids.length > 0 ? patch.add({ counterIds: ids }) : patch)
      .where((attr, op) => `${op.eq(attr.status, 'open')} AND ${op.notExists(attr.tallyLines)}`)
      .go();
  } catch (error) {
    // Another batch set it first, or the count is being finished: the caller reads the count again.
    if (!isConditionFailure(error)) throw error;
  }
}

/** The stored entries of these pairs (strongly consistent), by pair. */
async function storedEntries(
  ownerId: string,
  countId: string,
  entries: readonly StockCountEntry[],
): Promise<Map<string, StockCountEntryRecord>> {
  let keys = entries.map(({ ownWineId, locationId }) => ({ ownerId, countId, ownWineId, locationId }));
  const stored = new Map<string, StockCountEntryRecord>();
  for (let round = 0; keys.length > 0; round++) {
    if (round >= 8) throw new Error('Stock count entries were left unread after 8 rounds');
    const { data, unprocessed } = await tables('stock-counts')
      .stockCountEntry.get(keys)
      .go({ consistent: true });
    for (const record of data) stored.set(pairKey(record.ownWineId, record.locationId), record);
    keys = unprocessed as typeof keys;
  }
  return stored;
}

/**
 * Writes the entries (merged per pair) and their difference to the tally, in one transaction that also
 * checks the count is open. A pair whose stored figure is newer keeps it (a late offline figure never
 * overwrites a newer one) and is left out.
 */
export async function writeEntries(
  ownerId: string,
  countId: string,
  entries: readonly StockCountEntry[],
  context: TallyContext,
): Promise<void> {
  const part = (entry: { ownWineId: string; locationId: string; counted: number }) =>
    entryPart(context.atCount.wines, context.scope, entry);
  for (let round = 0; ; round++) {
    const stored = await storedEntries(ownerId, countId, entries);
    const was = (entry: StockCountEntry) => {
      const record = stored.get(pairKey(entry.ownWineId, entry.locationId));
      return record && !record.uncounted ? record : undefined;
    };
    const writes = entries.filter((entry) => {
      const old = was(entry);
      return !old || old.countedAt <= entry.countedAt;
    });
    if (writes.length === 0) return;
    let change = emptyTally();
    for (const entry of writes) {
      change = addTally(change, part(entry));
      const old = was(entry);
      if (old) change = addTally(change, part(old), -1);
    }
    const ids = [...new Set(writes.map((entry) => counterId(entry.countedBy, entry.countedByName)))];
    try {
      await commitTransaction(() =>
        transaction('stock-counts').write(({ stockCount, stockCountEntry }) => [
          stockCount
            .patch({ ownerId, id: countId })
            .add({ ...tallyAttributes(change, true), counterIds: ids })
            .where((attr, op) => `${op.eq(attr.status, 'open')} AND ${op.exists(attr.tallyLines)}`)
            .commit(),
          ...writes.map((entry) => {
            const old = was(entry);
            return stockCountEntry
              .put({ ownerId, countId, ...entry })
              .where((attr, op) =>
                old
                  ? `${op.eq(attr.counted, old.counted)} AND ${op.lte(attr.countedAt, entry.countedAt)}`
                  : `${op.notExists(attr.countedAt)} OR ${op.eq(attr.uncounted, true)}`,
              )
              .commit();
          }),
        ]),
      );
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceled)) throw error;
      if (error.failedConditions.includes(0)) {
        const now = await existingCount(ownerId, countId);
        if (now.status !== 'open') throw new ConflictError({ key: 'stockCountFinished' });
        if (!tallyOf(now)) await seedTally(ownerId, countId, context);
      }
      // Another counter changed one of these pairs since the read: read them again.
      if (round + 1 >= ENTRY_ROUNDS) throw error;
    }
  }
}
