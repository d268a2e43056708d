/**
 * Counts the DynamoDB calls the functions make while a bench part runs (one process: the local origin's
 * handlers share the functions' client), by operation, and the reasons of the transactions cancelled.
 * `KORK_LOAD_CALLS=1 npx tsx scripts/bench/write-load.ts till` prints them per event.
 */
import { dynamoClient } from '@kork/functions/platform/dynamo';

export interface DynamoCalls {
  /** Calls by operation (GetItem, UpdateItem, TransactWriteItems…). */
  calls: Record<string, number>;
  /** Transactions cancelled, by the codes of their rejected items (`ConditionalCheckFailed`, …). */
  cancelled: Record<string, number>;
  /** Stops counting; the counts stay as they were. */
  stop(): void;
}

export function countDynamoCalls(): DynamoCalls {
  const calls: Record<string, number> = {};
  const cancelled: Record<string, number> = {};
  let counting = true;
  const name = 'kork-bench-call-count';
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      if (counting) calls[operation] = (calls[operation] ?? 0) + 1;
      try {
        return await next(args);
      } catch (error) {
        const e = error as { name?: string; CancellationReasons?: { Code?: string }[] };
        if (counting && e.name === 'TransactionCanceledException') {
          const codes = [...new Set((e.CancellationReasons ?? []).map((r) => r.Code ?? 'None'))]
            .filter((c) => c !== 'None')
            .sort()
            .join('+');
          cancelled[codes || 'none given'] = (cancelled[codes || 'none given'] ?? 0) + 1;
        }
        throw error;
      }
    },
    { step: 'initialize', name },
  );
  return {
    calls,
    cancelled,
    stop: () => {
      counting = false;
      dynamoClient().middlewareStack.remove(name);
    },
  };
}

/** The counts per event, for a bench's log line. */
export function perEvent(counts: DynamoCalls, events: number): string {
  const per = (n: number) => (n / Math.max(1, events)).toFixed(2);
  const total = Object.values(counts.calls).reduce((a, b) => a + b, 0);
  const calls = Object.entries(counts.calls)
    .sort(([, a], [, b]) => b - a)
    .map(([op, n]) => `${op} ${per(n)}`)
    .join(', ');
  const cancelled = Object.entries(counts.cancelled)
    .map(([codes, n]) => `${n} × ${codes}`)
    .join(', ');
  return `${events} events: ${per(total)} DynamoDB calls an event (${calls}); transactions cancelled: ${cancelled || 'none'}`;
}
