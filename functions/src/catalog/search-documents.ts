/**
 * The search documents the OpenSearch pipeline lifts (docs/search.md, "The CDK wiring"): one item per
 * active catalogue wine holding `toOpenSearchDoc` of the wine as JSON, written by following the
 * catalogue's change feed. The pipeline routes only these items, parses the JSON and writes it as the
 * index's document; a wine deleted or merged leaves a tombstone, and the pipeline deletes the document.
 *
 * The wine items are not changed: a tasting note changes a wine's sums with one atomic update that never
 * reads the wine, so a document kept on the wine item would go stale with every note. Here the
 * document is made from the whole wine as the change feed gives it, after the fact, and each write is
 * conditional on being newer than the one it replaces, so a late or repeated run never undoes a newer one.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../platform/dynamo';
import { env } from '../platform/env';
import { changesSince, toSearchDoc, type WineRecord } from './catalog-store';
import { toOpenSearchDoc } from './search/opensearch-adapter';
import {
  REMOVED_ATTRIBUTE,
  SEARCH_DOCUMENT_ATTRIBUTE,
  SEARCH_DOCUMENT_ENTITY,
} from './search-document-fields';

const CURSOR_KEY = { pk: '$kork#catalogsearchfeed', sk: 'cursor' };
const WRITE_CONCURRENCY = 16;

export function searchDocumentKey(wineId: string): { pk: string; sk: string } {
  return { pk: `$kork#catalogsearchdoc_${wineId.toLowerCase()}`, sk: 'document' };
}

/**
 * The item following one changed wine writes: its document while it is active; once deleted or merged,
 * a tombstone without one (kept, not deleted, so a late write of an older change cannot bring the
 * document back: it is older than the tombstone and refused).
 */
export function searchDocumentItem(wine: WineRecord): Record<string, unknown> {
  const item: Record<string, unknown> = {
    ...searchDocumentKey(wine.id),
    __edb_e__: SEARCH_DOCUMENT_ENTITY,
    __edb_v__: '1',
    id: wine.id,
    changeSeq: wine.changeSeq,
  };
  if (wine.status !== 'active') item[REMOVED_ATTRIBUTE] = true;
  else item[SEARCH_DOCUMENT_ATTRIBUTE] = JSON.stringify(toOpenSearchDoc(toSearchDoc(wine)));
  return item;
}

/** Written only when newer than the change the item holds. */
async function write(item: Record<string, unknown>): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: env.tableName(),
        Item: item,
        ConditionExpression: 'attribute_not_exists(changeSeq) OR changeSeq < :seq',
        ExpressionAttributeValues: { ':seq': item.changeSeq },
      }),
    );
  } catch (error) {
    // A newer change of the same wine was written already.
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}

async function writeAll(items: readonly Record<string, unknown>[]): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(WRITE_CONCURRENCY, items.length) }, async () => {
    while (next < items.length) await write(items[next++] as Record<string, unknown>);
  });
  await Promise.all(workers);
}

async function readCursor(): Promise<string> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env.tableName(), Key: CURSOR_KEY, ConsistentRead: true }),
  );
  return (Item?.lastSeq as string | undefined) ?? '';
}

async function writeCursor(lastSeq: string): Promise<void> {
  await documentClient().send(
    new PutCommand({ TableName: env.tableName(), Item: { ...CURSOR_KEY, lastSeq } }),
  );
}

/**
 * Writes the search documents of every wine changed since the last run, page by page in change order,
 * keeping the place after each page; stops at the end of the feed or when `budgetMs` is spent (the
 * first run after the flag is turned on walks the whole catalogue and may take several runs).
 */
export async function syncSearchDocuments(
  budgetMs: number,
): Promise<{ wines: number; deleted: number; done: boolean }> {
  const started = Date.now();
  let cursor = await readCursor();
  let wines = 0;
  let deleted = 0;
  for (;;) {
    const { wines: changed, more } = await changesSince(cursor, 1000);
    await writeAll(changed.map(searchDocumentItem));
    wines += changed.length;
    deleted += changed.filter((wine) => wine.status !== 'active').length;
    const last = changed.at(-1);
    if (last) {
      cursor = last.changeSeq;
      await writeCursor(cursor);
    }
    if (!more) return { wines, deleted, done: true };
    if (Date.now() - started > budgetMs) return { wines, deleted, done: false };
  }
}
