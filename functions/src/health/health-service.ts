import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../platform/dynamo';
import { env } from '../platform/env';

/** What the public learns from `GET /api/health`: whether the app answers, nothing about how it is built. */
export interface PublicHealth {
  ok: boolean;
}

/** What operators see in the log: the table's state and how long it took to answer. */
export interface HealthDetail {
  ok: boolean;
  table: { name: string; reachable: boolean; status?: string; latencyMs: number };
}

/** Whether the table answers. Reported, not thrown: a health check must always answer. */
export async function checkHealth(): Promise<HealthDetail> {
  const name = env.tableName();
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const { Table } = await dynamoClient().send(new DescribeTableCommand({ TableName: name }));
    const status = Table?.TableStatus;
    const reachable = status === 'ACTIVE' || status === 'UPDATING';
    return { ok: reachable, table: { name, reachable, status, latencyMs: latency() } };
  } catch {
    return { ok: false, table: { name, reachable: false, latencyMs: latency() } };
  }
}
