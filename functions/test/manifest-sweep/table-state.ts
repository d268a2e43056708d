/** The sweep's view of the table: every item, to show a refused request stored nothing. */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '@kork/functions/platform/dynamo';

/** Every item in the table, keyed by its primary key. */
export async function tableState(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({ TableName: 'kork', ExclusiveStartKey: start as never, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) items.set(JSON.stringify([item.pk, item.sk]), JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export function changesBetween(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [key, item] of after) {
    if (!before.has(key)) changes.push(`added ${item.slice(0, 200)}`);
    else if (before.get(key) !== item) changes.push(`changed ${item.slice(0, 200)}`);
  }
  for (const key of before.keys()) if (!after.has(key)) changes.push(`removed ${key}`);
  return changes;
}

/**
 * The table as a till's request may leave it when it stores nothing: a signed request counts against
 * its key's rate limit and marks the key used, which is bookkeeping, not something stored.
 */
export async function tillTableState(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  for (const [key, text] of await tableState()) {
    const item = JSON.parse(text) as Record<string, unknown> & { __edb_e__?: { S?: string } };
    if (item.__edb_e__?.S === 'rateLimitWindow') continue;
    if (item.__edb_e__?.S === 'posKey') delete item.lastUsedAt;
    // Sorted: an item written again may list its attributes in another order.
    items.set(
      key,
      JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))),
    );
  }
  return items;
}
