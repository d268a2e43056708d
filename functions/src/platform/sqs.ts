/**
 * The stack for queue consumers: each record is parsed and handled on its own, and only the failed
 * ones are reported back (ReportBatchItemFailures), so one bad message never re-sends its neighbours.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod/mini';
import { createLogger, type Logger } from './logger';

export interface MessageContext {
  messageId: string;
  receiveCount: number;
  log: Logger;
}

export function sqsConsumer<T>(
  name: string,
  schema: z.ZodMiniType<T>,
  handle: (message: T, context: MessageContext) => Promise<void>,
) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const log = createLogger({ consumer: name, messageId: record.messageId });
      try {
        const message = parseRecord(record, schema);
        await handle(message, {
          messageId: record.messageId,
          receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
          log,
        });
      } catch (error) {
        log.error('message failed', { error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}

function parseRecord<T>(record: SQSRecord, schema: z.ZodMiniType<T>): T {
  const result = schema.safeParse(JSON.parse(record.body));
  if (!result.success) throw new Error(`message does not match its contract: ${result.error.message}`);
  return result.data;
}
