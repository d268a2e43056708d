/**
 * The demo year's writes to the cellar (sales-analytics/demo-year-seed.ts): the history the cellar's
 * seed made is removed and the simulated year's put in its place, and the wines get the stock the year
 * ends with. Bulk writes, not transactions: seeding only.
 */
import { deleteAll, putAll } from '../data/batch-writes';
import { tables } from '../data/tables';
import { markWholeCellarChanged } from './kernel/cellar-changes';
import type { CellarWineRecord, HistoryRecord } from './kernel/wine-records';

/** Removes every history entry of the cellar. */
export async function removeDemoHistory(ownerId: string): Promise<void> {
  const { cellarHistory } = tables('cellar');
  const { data } = await cellarHistory.query
    .byOwnerKey({ ownerId })
    .go({ pages: 'all', attributes: ['ownerId', 'id'] });
  await deleteAll(
    cellarHistory,
    data.map(({ ownerId: owner, id }) => ({ ownerId: owner, id })),
    'history entries',
  );
}

export async function putDemoHistory(history: readonly HistoryRecord[]): Promise<void> {
  await putAll(tables('cellar').cellarHistory, history, 'items of the demo year');
}

/**
 * Puts the wines as the year leaves them. Written around the cellar's transactions, so a holder of an
 * earlier copy of the cellar is told to read it whole (the caller raises the version after).
 */
export async function putDemoWines(wines: readonly CellarWineRecord[]): Promise<void> {
  await putAll(tables('cellar').cellarWine, wines, 'items of the demo year');
  for (const ownerId of new Set(wines.map((wine) => wine.ownerId))) await markWholeCellarChanged(ownerId);
}
