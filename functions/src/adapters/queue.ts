/**
 * The queue port. In the cloud messages go to SQS; the local runner installs in-process delivery to the
 * same consumer handlers.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { requireEnv } from '../platform/env';
import type { QueueName } from '../routes';

export interface QueuePort {
  send(queue: QueueName, messages: readonly unknown[]): Promise<void>;
}

/** The environment variable holding each queue's URL. */
export function queueUrlVariable(queue: QueueName): string {
  return `${queue.toUpperCase().replace(/-/g, '_')}_QUEUE_URL`;
}

let sqs: SQSClient | undefined;

export const sqsQueue: QueuePort = {
  async send(queue, messages) {
    sqs ??= new SQSClient({});
    const url = requireEnv(queueUrlVariable(queue));
    for (let i = 0; i < messages.length; i += 10) {
      const batch = messages.slice(i, i + 10);
      const result = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: url,
          Entries: batch.map((m, j) => ({ Id: String(j), MessageBody: JSON.stringify(m) })),
        }),
      );
      if (result.Failed?.length) {
        throw new Error(`${result.Failed.length} message(s) were not accepted by ${queue}`);
      }
    }
  },
};

let installed: QueuePort | undefined;

export function useQueue(port: QueuePort | undefined): void {
  installed = port;
}

export function queue(): QueuePort {
  return installed ?? sqsQueue;
}
