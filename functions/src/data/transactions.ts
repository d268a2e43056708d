/**
 * The one way a transaction is committed. ElectroDB 3 resolves a cancelled TransactWriteItems with
 * `{canceled: true, data: [{rejected, code}]}` instead of throwing, so a caller that only awaits `.go()`
 * reports success for a change that never happened. `commitTransaction` turns every cancellation into
 * an error: a failed condition is a ConflictError (409), and a TransactionConflict (another transaction
 * touched one of the items at the same moment) is retried with jittered backoff, since the same
 * conditional transaction sent again either applies whole or fails its conditions.
 */
import { ConflictError } from '../platform/errors';

export interface CancellationReason {
  rejected: boolean;
  code: string;
  message?: string;
  /**
   * The item as it is now, for an item written with `commit({ response: 'all_old' })` whose condition
   * failed (DynamoDB's ReturnValuesOnConditionCheckFailure); null when there is none (or it was not asked).
   */
  item?: unknown;
}

interface TransactionResult {
  canceled: boolean;
  data: unknown;
}

/** Anything ElectroDB's `transaction.write(...)` returns: something with `go()`. */
export interface PendingTransaction {
  go(options?: Record<string, unknown>): Promise<TransactionResult>;
}

/** A cancelled transaction, with DynamoDB's reason per item (in the order the items were given). */
export class TransactionCanceled extends ConflictError {
  override name = 'TransactionCanceled';
  constructor(readonly reasons: CancellationReason[]) {
    super();
  }

  /** Only TransactionConflict (and throttling) cancelled it: sending the same items again is safe. */
  get retryable(): boolean {
    const codes = this.reasons.filter((r) => r.rejected).map((r) => r.code);
    return (
      codes.length > 0 &&
      codes.every(
        (c) =>
          c === 'TransactionConflict' || c === 'ThrottlingError' || c === 'ProvisionedThroughputExceeded',
      )
    );
  }

  /** The indexes of the items whose condition failed. */
  get failedConditions(): number[] {
    return this.reasons.flatMap((r, i) => (r.code === 'ConditionalCheckFailed' ? [i] : []));
  }
}

function reasonsOf(data: unknown): CancellationReason[] {
  if (!Array.isArray(data)) return [];
  return data.map((d) => {
    const r = (d ?? {}) as Partial<CancellationReason>;
    return {
      rejected: Boolean(r.rejected),
      code: String(r.code ?? 'None'),
      message: r.message,
      item: r.item ?? null,
    };
  });
}

/** A thrown TransactionCanceledException (raw client calls, or ElectroDB paths that throw). */
function fromThrown(error: unknown): TransactionCanceled | undefined {
  const e = error as { name?: string; CancellationReasons?: { Code?: string; Message?: string }[] };
  const cause = (error as { cause?: unknown })?.cause as typeof e | undefined;
  const source =
    e?.name === 'TransactionCanceledException'
      ? e
      : cause?.name === 'TransactionCanceledException'
        ? cause
        : undefined;
  if (!source) return undefined;
  return new TransactionCanceled(
    (source.CancellationReasons ?? []).map((r) => ({
      rejected: (r.Code ?? 'None') !== 'None',
      code: r.Code ?? 'None',
      message: r.Message,
    })),
  );
}

export const TRANSACTION_ATTEMPTS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Full-jitter exponential backoff: 0..(20 ms × 2^attempt), capped at 1 s. */
export function backoffMs(attempt: number): number {
  return Math.random() * Math.min(1000, 20 * 2 ** attempt);
}

/**
 * Commits a transaction built by `build` (called again on each retry, so it may read fresh state).
 * Throws TransactionCanceled (a ConflictError, 409) when a condition failed or conflicts persisted.
 */
export async function commitTransaction(
  build: () => PendingTransaction | Promise<PendingTransaction>,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    let canceled: TransactionCanceled | undefined;
    try {
      const result = await (await build()).go();
      if (!result.canceled) return;
      canceled = new TransactionCanceled(reasonsOf(result.data));
    } catch (error) {
      canceled = fromThrown(error);
      if (!canceled) throw error;
    }
    if (!canceled.retryable || attempt + 1 >= TRANSACTION_ATTEMPTS) throw canceled;
    await sleep(backoffMs(attempt));
  }
}

/**
 * Runs a read-decide-write step until it applies: for operations that are safe to repeat from a fresh
 * read (relative moves, counters). A ConflictError from the step (its conditions failed because
 * someone else wrote first) re-runs it; any other error, or too many attempts, is thrown.
 */
export async function retryOnConflict<T>(
  step: (attempt: number) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt + 1 >= attempts) throw error;
      await sleep(backoffMs(attempt));
    }
  }
}

/** True for a single-item conditional write that failed its condition (ElectroDB wraps the SDK error). */
export function isConditionFailure(error: unknown): boolean {
  const e = error as { name?: string; message?: string; cause?: { name?: string } };
  if (e?.name === 'ConditionalCheckFailedException' || e?.cause?.name === 'ConditionalCheckFailedException')
    return true;
  const text = String(e?.message ?? '');
  return text.includes('ConditionalCheckFailed') || text.includes('conditional request failed');
}

/**
 * A change stamp (`updatedAt`) after the one that was read, even within the same millisecond: a write
 * conditional on the stamp needs it to change.
 */
export function laterThan(previous: string): string {
  const now = Date.now();
  const last = Date.parse(previous);
  return new Date(now > last ? now : last + 1).toISOString();
}
