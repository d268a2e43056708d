/**
 * In-process queue delivery: messages reach the same consumer handlers as SQSEvent batches, failed
 * records (reported as batch item failures, or a whole batch that threw) come back after a visibility
 * timeout, and a message received `maxReceiveCount` times without success goes to a dead-letter list,
 * as SQS with a redrive policy does.
 */
import { randomUUID } from 'node:crypto';
import type { QueuePort } from '@kork/functions/adapters/queue';
import type { QueueDef, QueueName } from '@kork/functions/routes';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export type SqsHandler = (event: SQSEvent, context: unknown) => Promise<SQSBatchResponse | undefined>;

export interface QueuedMessage {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
  lastError?: string;
}

interface QueueState {
  def: QueueDef;
  waiting: QueuedMessage[];
  dead: QueuedMessage[];
  /** Batches being handled now, with when their delivery started (for `idle`'s account of a wait). */
  handling: Set<{ startedAt: number; batch: QueuedMessage[] }>;
  /** Failed messages waiting out their visibility timeout. */
  returning: number;
}

/** How long `idle` waits before it gives up and says what is still going on (no limit unless told). */
export interface IdleOptions {
  withinMs?: number;
}

export interface QueueBrokerOptions {
  queues: Record<string, QueueDef>;
  loadConsumer: (queue: string, def: QueueDef) => Promise<SqsHandler>;
  /** How long a failed message stays invisible before it is delivered again. */
  visibilityTimeoutMs?: number;
  onDeadLetter?: (queue: string, message: QueuedMessage) => void;
}

export class QueueBroker implements QueuePort {
  private readonly state = new Map<string, QueueState>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly idleWaiters: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly options: QueueBrokerOptions) {
    for (const [name, def] of Object.entries(options.queues)) {
      this.state.set(name, { def, waiting: [], dead: [], handling: new Set(), returning: 0 });
    }
  }

  async send(queue: QueueName | string, messages: readonly unknown[]): Promise<void> {
    const state = this.queue(queue);
    for (const m of messages) {
      state.waiting.push({
        messageId: randomUUID(),
        body: JSON.stringify(m),
        receiveCount: 0,
        sentAt: Date.now(),
      });
    }
    this.schedule(queue, 0);
  }

  deadLetters(queue: string): readonly QueuedMessage[] {
    return this.queue(queue).dead;
  }

  /**
   * Resolves when no message is waiting, in flight or due for redelivery. Given `withinMs`, it rejects
   * after that long with what each busy queue is still doing, so a wait that never ends says why.
   */
  idle(options: IdleOptions = {}): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    const settled = new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    const { withinMs } = options;
    if (withinMs === undefined) return settled;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`queues still busy after ${withinMs} ms: ${this.describeBusy()}`)),
        withinMs,
      );
    });
    return Promise.race([settled, late]).finally(() => clearTimeout(timer));
  }

  /** What each busy queue holds: waiting, being handled (since when, which messages), returning, dead. */
  describeBusy(): string {
    const now = Date.now();
    const busy: string[] = [];
    for (const [name, s] of this.state) {
      if (s.waiting.length === 0 && s.handling.size === 0 && s.returning === 0) continue;
      const handling = [...s.handling].map(
        ({ startedAt, batch }) =>
          `${batch.length} for ${now - startedAt} ms (${batch.map(messageSummary).join(', ')})`,
      );
      busy.push(
        `${name}: ${s.waiting.length} waiting, ${inFlight(s)} in flight` +
          (handling.length > 0 ? ` [${handling.join('; ')}]` : '') +
          `, ${s.returning} returning, ${s.dead.length} dead` +
          (s.dead.length > 0 ? ` (last: ${s.dead.at(-1)?.lastError})` : ''),
      );
    }
    const other = this.timers.size;
    return `${busy.join(' | ') || 'no queue holds a message'}; ${other} timer${other === 1 ? '' : 's'} pending`;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private queue(name: string): QueueState {
    const state = this.state.get(name);
    if (!state) throw new Error(`unknown queue ${name}`);
    return state;
  }

  private isIdle(): boolean {
    if (this.timers.size > 0) return false;
    for (const s of this.state.values()) if (s.waiting.length > 0 || s.handling.size > 0) return false;
    return true;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private schedule(queue: string, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(queue);
    }, delayMs);
    this.timers.add(timer);
  }

  private async deliver(queue: string): Promise<void> {
    const state = this.queue(queue);
    const batch = state.waiting.splice(0, state.def.batchSize);
    if (batch.length === 0) return this.settle();
    const handling = { startedAt: Date.now(), batch };
    state.handling.add(handling);
    for (const m of batch) m.receiveCount += 1;
    const event: SQSEvent = { Records: batch.map((m) => toRecord(queue, m)) };
    let failed: Set<string>;
    let error: string | undefined;
    try {
      const handler = await this.options.loadConsumer(queue, state.def);
      const result = await handler(event, { awsRequestId: randomUUID(), functionName: `consume-${queue}` });
      failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (e) {
      failed = new Set(batch.map((m) => m.messageId));
      error = e instanceof Error ? e.message : String(e);
    }
    state.handling.delete(handling);
    const retry: QueuedMessage[] = [];
    for (const m of batch) {
      if (!failed.has(m.messageId)) continue;
      m.lastError = error ?? 'reported as a batch item failure';
      if (m.receiveCount >= state.def.maxReceiveCount) {
        state.dead.push(m);
        this.options.onDeadLetter?.(queue, m);
      } else retry.push(m);
    }
    if (retry.length > 0) {
      const visibility = this.options.visibilityTimeoutMs ?? state.def.visibilityTimeoutSeconds * 1000;
      state.returning += retry.length;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        state.returning -= retry.length;
        state.waiting.push(...retry);
        void this.deliver(queue);
      }, visibility);
      this.timers.add(timer);
    }
    if (state.waiting.length > 0) this.schedule(queue, 0);
    this.settle();
  }
}

/** Messages of a queue being handled now. */
const inFlight = (state: QueueState): number =>
  [...state.handling].reduce((sum, { batch }) => sum + batch.length, 0);

/** A message's name (the `name` or `detail-type` its body carries), its receive count and last error. */
function messageSummary(m: QueuedMessage): string {
  let name = 'message';
  try {
    const body = JSON.parse(m.body) as { name?: unknown; 'detail-type'?: unknown };
    name = String(body.name ?? body['detail-type'] ?? name);
  } catch {
    // A body that is no JSON is named as a message.
  }
  return `${name} #${m.receiveCount}${m.lastError ? ` after "${m.lastError}"` : ''}`;
}

function toRecord(queue: string, m: QueuedMessage): SQSRecord {
  return {
    messageId: m.messageId,
    receiptHandle: `${m.messageId}:${m.receiveCount}`,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receiveCount),
      SentTimestamp: String(m.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queue}`,
    awsRegion: 'local',
  };
}
