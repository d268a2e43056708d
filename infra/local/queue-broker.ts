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
  inFlight: number;
  dead: QueuedMessage[];
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
      this.state.set(name, { def, waiting: [], inFlight: 0, dead: [] });
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

  /** Resolves when no message is waiting, in flight or due for redelivery. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
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
    for (const s of this.state.values()) if (s.waiting.length > 0 || s.inFlight > 0) return false;
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
    state.inFlight += batch.length;
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
    state.inFlight -= batch.length;
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
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        state.waiting.push(...retry);
        void this.deliver(queue);
      }, visibility);
      this.timers.add(timer);
    }
    if (state.waiting.length > 0) this.schedule(queue, 0);
    this.settle();
  }
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
