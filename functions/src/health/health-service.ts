import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../platform/dynamo';
import { env } from '../platform/env';

export interface Health {
  status: 'ok' | 'degraded';
  table: { name: string; reachable: boolean; status?: string; latencyMs: number };
  time: string;
}

/** Whether the table answers. Reported, not thrown: a health check must always answer. */
export async function checkHealth(): Promise<Health> {
  const name = env.tableName();
  const started = performance.now();
  try {
    const { Table } = await dynamoClient().send(new DescribeTableCommand({ TableName: name }));
    const status = Table?.TableStatus;
    const reachable = status === 'ACTIVE' || status === 'UPDATING';
    return {
      status: reachable ? 'ok' : 'degraded',
      table: { name, reachable, status, latencyMs: Math.round(performance.now() - started) },
      time: new Date().toISOString(),
    };
  } catch {
    return {
      status: 'degraded',
      table: { name, reachable: false, latencyMs: Math.round(performance.now() - started) },
      time: new Date().toISOString(),
    };
  }
}
