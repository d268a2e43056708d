/**
 * Writing many changes to cellar wines as one: as many transactions as they need, all or nothing (what
 * was written is taken back when a later transaction fails).
 */
import { TransactionCanceled } from '../../data/transactions';
import { takeBack } from './take-back';
import { transactionsOf, type WineChange, writeTransaction } from './wine-transaction';

/**
 * Writes changes with their history, 49 to a transaction. Every wine write is conditional: a new wine
 * must not exist, a changed or deleted one must still be as it was read (its `updatedAt`), so two
 * people editing at once cannot overwrite each other; the loser gets 409 and nothing of its
 * transaction is written. The locations and categories a change puts a wine into are checked in the
 * same transaction: they exist and are not being deleted.
 *
 * The changes are one change to the caller however many transactions they take: when a transaction
 * fails, the ones already written are taken back (wine and history entry alike) before the error is
 * thrown, so a failed bulk write leaves nothing half-written. Each wine appears at most once.
 */
export async function writeChanges(changes: readonly WineChange[]): Promise<void> {
  const progress: WriteProgress = { written: [], pending: [] };
  try {
    await writeEach(changes, progress);
  } catch (error) {
    // A cancelled transaction wrote nothing (the SDK's own retries carry one idempotency token, so a
    // retry cannot be refused for a change the first attempt made); any other failure may have been
    // applied with its answer lost, and taking back tells by the history entries.
    const pending = error instanceof TransactionCanceled ? [] : progress.pending;
    if (progress.written.length > 0 || pending.length > 0) await takeBack(progress.written, pending);
    throw error;
  }
}

/**
 * Where a multi-transaction write got to: `written` are applied; `pending` is the transaction that was
 * being written when it failed (it may or may not have been applied: an answer can be lost on the way
 * back; taking back tells by whether its history entries exist).
 */
export interface WriteProgress {
  written: WineChange[];
  pending: WineChange[];
}

/** Writes changes transaction by transaction, recording progress, without taking anything back. */
export async function writeEach(changes: readonly WineChange[], progress: WriteProgress): Promise<void> {
  for (const slice of transactionsOf(changes)) {
    progress.pending = slice;
    await writeTransaction(slice);
    progress.written.push(...slice);
    progress.pending = [];
  }
}
