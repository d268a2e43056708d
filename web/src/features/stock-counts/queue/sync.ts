import type { StockCountEntriesResult } from '@kork/shared';
import { ApiError } from '../../../lib/api-client';
import { putEntries } from '../api/stock-counts';
import { pendingBatch, queuedEntries, settle, storeBatch } from './count-store';
import { failureOutcome, nextBatch, type PendingBatch, settledKeys } from './queue-logic';

/**
 * Sends a count's queued figures, batch by batch. A batch is stored with its Idempotency-Key before it
 * goes, and a batch still stored (its answer was lost) goes again as it is before any new one is made.
 * One run per count at a time in this tab; a run stops at the first batch that gets no answer.
 */

export type SyncResult =
  /** Everything queued was sent (or there was nothing). */
  | { kind: 'done'; sent: number }
  /** No answer (offline, a failing server): the rest waits for the next try. */
  | { kind: 'waiting'; sent: number }
  /** The server refused some figures; they were dropped, with its message. */
  | { kind: 'refused'; sent: number; message: string };

const running = new Map<string, Promise<SyncResult>>();

type AcceptedListener = (countId: string, result: StockCountEntriesResult) => void;
const acceptedListeners = new Set<AcceptedListener>();

/** Hears every batch the server took, with the entries as they stand there now. */
export function onEntriesAccepted(listener: AcceptedListener): () => void {
  acceptedListeners.add(listener);
  return () => acceptedListeners.delete(listener);
}

function newKey(): string {
  return `count-${crypto.randomUUID()}`;
}

async function batchToSend(countId: string): Promise<PendingBatch | undefined> {
  const stored = await pendingBatch(countId);
  if (stored) return stored;
  const batch = nextBatch(await queuedEntries(countId), newKey());
  if (batch) await storeBatch(batch);
  return batch;
}

async function run(countId: string): Promise<SyncResult> {
  let sent = 0;
  let refused: string | undefined;
  for (;;) {
    const batch = await batchToSend(countId);
    if (!batch)
      return refused === undefined ? { kind: 'done', sent } : { kind: 'refused', sent, message: refused };
    let result: StockCountEntriesResult;
    try {
      result = await putEntries(batch.ownerId, batch.countId, batch.body, batch.idempotencyKey);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(String(error), 0, 'NETWORK');
      const outcome = failureOutcome(apiError, batch.sent.length);
      if (outcome.kind === 'retry') return { kind: 'waiting', sent };
      const queued = new Map((await queuedEntries(countId)).map((entry) => [entry.key, entry]));
      await settle(
        batch,
        settledKeys(batch, queued, outcome.kind === 'dropSome' ? outcome.indexes : undefined),
      );
      refused = apiError.message;
      continue;
    }
    const queued = new Map((await queuedEntries(countId)).map((entry) => [entry.key, entry]));
    // The sheet learns the server's figures before the queue lets go of its own: nothing flickers back.
    if (result) for (const listener of acceptedListeners) listener(countId, result);
    await settle(batch, settledKeys(batch, queued));
    sent += batch.sent.length;
  }
}

/** Sends what is queued for a count; a run already going is joined rather than doubled. */
export function syncCount(countId: string): Promise<SyncResult> {
  const current = running.get(countId);
  if (current) return current;
  const next = run(countId)
    .catch((): SyncResult => ({ kind: 'waiting', sent: 0 }))
    .finally(() => running.delete(countId));
  running.set(countId, next);
  return next;
}
