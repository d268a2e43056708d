/**
 * The search documents follow the catalogue: a wine's document is written once it enters, rewritten
 * when a tasting note changes its sums (an atomic update of the wine that never writes a document), and
 * replaced by a tombstone when the wine is deleted; a run repeated over the same changes writes nothing older.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../../infra/local/stack';
import { tables, transaction } from '../data/tables';
import { commitTransaction } from '../data/transactions';
import { documentClient } from '../platform/dynamo';
import { env } from '../platform/env';
import { deleteWine } from './admin-service';
import { nextChangeSeq, type WineRecord } from './catalog-store';
import { searchDocumentKey, syncSearchDocuments } from './search-documents';
import { wineRatingChangeItem } from './wine-rating-items';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

function wine(id: string, name: string): WineRecord {
  const now = new Date().toISOString();
  return {
    id,
    status: 'active',
    source: 'KORK',
    externalIds: [],
    name,
    producer: 'Testvin Domaine',
    bottleSize: 0.75,
    mainCategoryId: 'red',
    country: 'Frankrike',
    grapes: [{ name: 'Merlot' }],
    foodPairings: [],
    priceMinor: 29990,
    isAvailable: true,
    isHorecaAvailable: false,
    expertCount: 0,
    expertSum: 0,
    communityCount: 0,
    communitySum: 0,
    createdAt: now,
    updatedAt: now,
    changeSeq: nextChangeSeq(),
  } as WineRecord;
}

async function documentOf(id: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: env.tableName(), Key: searchDocumentKey(id), ConsistentRead: true }),
  );
  return Item;
}

describe('search documents from the change feed', () => {
  it('writes, follows ratings and removes the documents the pipeline lifts', async () => {
    const a = wine('01JSEARCHDOCA0000000000000', 'Testvin Rouge');
    const b = wine('01JSEARCHDOCB0000000000000', 'Testvin Blanc');
    await tables('catalog').wine.put([a, b]).go();

    expect(await syncSearchDocuments(10_000)).toEqual({ wines: 2, deleted: 0, done: true });
    const first = await documentOf(a.id);
    expect(JSON.parse(first?.document as string)).toMatchObject({
      id: a.id,
      name: 'Testvin Rouge',
      rating: null,
    });

    // A note of 90 points by an expert: the sums change with one update, the next run writes the rating.
    const delta = { expertCount: 1, expertSum: 90, communityCount: 0, communitySum: 0 };
    await commitTransaction(() =>
      transaction('catalog').write(() => [wineRatingChangeItem(a.id, delta, { add: 'expert-a' })]),
    );
    await deleteWine(b.id, { userId: 'admin', role: 'admin' } as never);
    expect(await syncSearchDocuments(10_000)).toEqual({ wines: 2, deleted: 1, done: true });
    expect(JSON.parse((await documentOf(a.id))?.document as string)).toMatchObject({
      rating: 90,
      experts: ['expert-a'],
      isRatedByExpert: true,
    });
    const removed = await documentOf(b.id);
    expect(removed).toMatchObject({ removed: true });
    expect(removed).not.toHaveProperty('document');

    // Nothing new: a further run writes nothing.
    expect(await syncSearchDocuments(10_000)).toEqual({ wines: 0, deleted: 0, done: true });
  });
});
