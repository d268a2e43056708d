import type { QueueDef } from '@kork/functions/routes';
import { describe, expect, it } from 'vitest';
import { QueueBroker, type SqsHandler } from './queue-broker';

const def = {
  consumer: { handler: 'none', needs: [] },
  maxReceiveCount: 2,
  batchSize: 10,
  visibilityTimeoutSeconds: 1,
} as unknown as QueueDef;

function broker(handler: SqsHandler): QueueBroker {
  return new QueueBroker({
    queues: { jobs: def },
    loadConsumer: async () => handler,
    visibilityTimeoutMs: 5,
  });
}

describe('the in-process queues', () => {
  it('are idle once every message is handled', async () => {
    const seen: string[] = [];
    const queues = broker(async (event) => {
      seen.push(...event.Records.map((r) => r.body));
      return { batchItemFailures: [] };
    });
    await queues.send('jobs', [{ name: 'a' }, { name: 'b' }]);
    await queues.idle({ withinMs: 2_000 });
    expect(seen).toEqual(['{"name":"a"}', '{"name":"b"}']);
  });

  it('say which message is still being handled when a wait for them runs out', async () => {
    const queues = broker(() => new Promise(() => undefined));
    await queues.send('jobs', [{ name: 'accounts.deletion.requested' }]);
    await expect(queues.idle({ withinMs: 50 })).rejects.toThrow(
      /queues still busy after 50 ms: jobs: 0 waiting, 1 in flight \[1 for \d+ ms \(accounts\.deletion\.requested #1\)\]/,
    );
    queues.stop();
  });

  it('count a failed message as returning until it is delivered again, then dead', async () => {
    const queues = broker(async () => {
      throw new Error('table unavailable');
    });
    await queues.send('jobs', [{ name: 'x' }]);
    await queues.idle({ withinMs: 2_000 });
    expect(queues.deadLetters('jobs').map((m) => [m.receiveCount, m.lastError])).toEqual([
      [2, 'table unavailable'],
    ]);
    expect(queues.describeBusy()).toBe('no queue holds a message; 0 timers pending');
  });
});
