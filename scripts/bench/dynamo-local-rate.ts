/**
 * What DynamoDB Local alone does on this machine, for the write-load bench's till (docs/benchmarks.md):
 * raw calls of a till sale's shape at 64 at once for a few seconds each, no origin, no handlers:
 *
 * - strongly-consistent GetItems of distinct items;
 * - PutItems of a wine on condition of its stamp, outside a transaction;
 * - TransactWriteItems of a sale's 7 items (the wine put on condition of its stamp, its
 *   history entry, the sale, its day rollup's ADD, the marker created where none exists, the change item
 *   and the cellar version's ADD), each on a wine of its own among 4 owners' 50 wines, so no condition
 *   fails: what the JVM commits a second when nothing conflicts.
 *
 * `npx tsx scripts/bench/dynamo-local-rate.ts` (inside the bench lock); `KORK_RATE_SECONDS` per probe (10).
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_SCHEMA } from '@kork/functions/data/table';
import { documentClient } from '@kork/functions/platform/dynamo';
import { ulid } from 'ulid';

const SECONDS = Number(process.env.KORK_RATE_SECONDS ?? 10);
const CONCURRENCY = 64;
const TABLE = TABLE_SCHEMA.defaultName;

async function probe(name: string, call: (i: number) => Promise<unknown>): Promise<void> {
  let done = 0;
  let next = 0;
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await call(next++);
        latencies.push(performance.now() - t);
        done++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]?.toFixed(1);
  console.log(
    `${name}: ${(done / SECONDS).toFixed(1)}/s at ${CONCURRENCY} at once (p50 ${p(0.5)} ms, p99 ${p(0.99)} ms)`,
  );
}

const { startLocalStack } = await import('../../infra/local/stack');
const stack = await startLocalStack({});
try {
  const db = documentClient();
  const owners = Array.from({ length: 4 }, (_, i) => `rate-${i}-${ulid()}`);
  const stamp = new Map<string, string>();
  const wineKey = (i: number) => {
    const owner = owners[i % 4] as string;
    const wine = `w${Math.floor(i / 4) % 50}`;
    return { owner, wine, key: `${owner}#${wine}` };
  };
  for (let i = 0; i < 200; i++) {
    const { owner, wine, key } = wineKey(i);
    const at = new Date().toISOString();
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: owner, sk: wine, updatedAt: at, quantity: 5000 } } },
        ],
      }),
    );
    stamp.set(key, at);
  }
  await probe('GetItem (consistent)', (i) => {
    const { owner, wine } = wineKey(i);
    return db.send(new GetCommand({ TableName: TABLE, Key: { pk: owner, sk: wine }, ConsistentRead: true }));
  });
  // One wine per sale in flight: 64 at once over 200 wines, each sale's wine its own while it is written.
  const busy = new Set<string>();
  let cursor = 0;
  await probe('PutItem (a wine, conditional)', async () => {
    let w = wineKey(cursor++);
    while (busy.has(w.key)) w = wineKey(cursor++);
    busy.add(w.key);
    const before = stamp.get(w.key) as string;
    const after = new Date(Math.max(Date.now(), Date.parse(before) + 1)).toISOString();
    try {
      await db.send(
        new PutCommand({
          TableName: TABLE,
          Item: { pk: w.owner, sk: w.wine, updatedAt: after, quantity: 4999 },
          ConditionExpression: 'updatedAt = :was',
          ExpressionAttributeValues: { ':was': before },
        }),
      );
      stamp.set(w.key, after);
    } finally {
      busy.delete(w.key);
    }
  });
  await probe('TransactWriteItems (the wine alone: 1 item)', async () => {
    let w = wineKey(cursor++);
    while (busy.has(w.key)) w = wineKey(cursor++);
    busy.add(w.key);
    const before = stamp.get(w.key) as string;
    const after = new Date(Math.max(Date.now(), Date.parse(before) + 1)).toISOString();
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE,
                Item: { pk: w.owner, sk: w.wine, updatedAt: after, quantity: 4999 },
                ConditionExpression: 'updatedAt = :was',
                ExpressionAttributeValues: { ':was': before },
              },
            },
          ],
        }),
      );
      stamp.set(w.key, after);
    } finally {
      busy.delete(w.key);
    }
  });
  const saleItems = (owner: string, wine: string, was: string, after: string) => {
    const id = ulid();
    return [
      {
        Put: {
          TableName: TABLE,
          Item: { pk: owner, sk: wine, updatedAt: after, quantity: 4999 },
          ConditionExpression: 'updatedAt = :was',
          ExpressionAttributeValues: { ':was': was },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      },
      { Put: { TableName: TABLE, Item: { pk: owner, sk: `h#${id}`, before: 5000, after: 4999 } } },
      { Put: { TableName: TABLE, Item: { pk: owner, sk: `s#${id}`, units: 1, total: 40000 } } },
      {
        Update: {
          TableName: TABLE,
          Key: { pk: owner, sk: `r#day#${wine}` },
          UpdateExpression: 'ADD units :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      {
        Put: {
          TableName: TABLE,
          Item: { pk: owner, sk: `m#${id}`, saleId: id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: TABLE, Item: { pk: owner, sk: `c#${id}`, wineIds: [wine] } } },
      {
        Update: {
          TableName: TABLE,
          Key: { pk: owner, sk: 'version' },
          UpdateExpression: 'ADD version :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ];
  };
  await probe('TransactWriteItems (a sale: 7 items)', async () => {
    let w = wineKey(cursor++);
    while (busy.has(w.key)) w = wineKey(cursor++);
    busy.add(w.key);
    const before = stamp.get(w.key) as string;
    const after = new Date(Math.max(Date.now(), Date.parse(before) + 1)).toISOString();
    try {
      await db.send(new TransactWriteCommand({ TransactItems: saleItems(w.owner, w.wine, before, after) }));
      stamp.set(w.key, after);
    } finally {
      busy.delete(w.key);
    }
  });
  // A sale that lost its wine to another: the wine's condition fails, the wine comes back (ALL_OLD).
  await probe('TransactWriteItems (a sale whose wine changed: cancelled)', async (i) => {
    const w = wineKey(i);
    await db
      .send(new TransactWriteCommand({ TransactItems: saleItems(w.owner, w.wine, 'stale', 'x') }))
      .catch((error: { name?: string }) => {
        if (error.name !== 'TransactionCanceledException') throw error;
      });
  });
} finally {
  await stack.stop();
}
