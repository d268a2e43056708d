/**
 * The "where to find this wine" index (entities/wine-list-public-wine.ts): one item per catalogue wine a
 * public list holds. Items are added before the list write that needs them (so one is never missing for
 * a list as written) and removed after it, in a transaction conditional on the list's version (so a
 * later write's items are never removed on an older state). Extra items are harmless: every read checks
 * the list itself.
 */
import type { CellarWine } from '@kork/shared';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { tables, transaction } from '../data/tables';
import { commitTransaction, TransactionCanceled } from '../data/transactions';
import { winesById } from './wine-list-reads';
import type { WineListRecord } from './wine-list-store';

/** The catalogue wines of the chosen cellar wines (custom wines have none). */
export function catalogueIdsOf(ownWineIds: readonly string[], wines: ReadonlyMap<string, CellarWine>) {
  const ids = new Set<string>();
  for (const id of ownWineIds) {
    const wineId = wines.get(id)?.wineId;
    if (wineId) ids.add(wineId);
  }
  return ids;
}

/** Adds the items a list (public, with these catalogue wines) needs; safe to repeat. */
export async function addPublicIndex(ownerId: string, listId: string, wineIds: Iterable<string>) {
  const items = [...wineIds].map((wineId) => ({ wineId, ownerId, listId }));
  for (let i = 0; i < items.length; i += 25) {
    const { unprocessed } = await tables('wine-lists')
      .wineListPublicWine.put(items.slice(i, i + 25))
      .go();
    if (unprocessed.length > 0) await tables('wine-lists').wineListPublicWine.put(unprocessed).go();
  }
}

async function indexedWineIds(ownerId: string, listId: string): Promise<string[]> {
  const { data } = await tables('wine-lists')
    .wineListPublicWine.query.byOwner({ ownerId, listId })
    .go({ pages: 'all' });
  return data.map((item) => item.wineId);
}

/** Brings the index in step with the list as written (its record as the write answered it). */
export async function reconcilePublicIndex(record: WineListRecord): Promise<void> {
  const { ownerId, id: listId } = record;
  const snapshot = await cellarSnapshot(ownerId);
  const wanted = record.isPublic ? catalogueIdsOf(record.ownWineIds, winesById(snapshot)) : new Set<string>();
  const indexed = await indexedWineIds(ownerId, listId);
  const have = new Set(indexed);
  await addPublicIndex(
    ownerId,
    listId,
    [...wanted].filter((id) => !have.has(id)),
  );
  const extra = indexed.filter((id) => !wanted.has(id));
  for (let i = 0; i < extra.length; i += 99) {
    const slice = extra.slice(i, i + 99);
    try {
      await commitTransaction(() =>
        transaction('wine-lists').write(({ wineList, wineListPublicWine }) => [
          wineList
            .check({ ownerId, id: listId })
            .where((attr, op) => op.eq(attr.version, record.version))
            .commit(),
          ...slice.map((wineId) => wineListPublicWine.delete({ wineId, ownerId, listId }).commit()),
        ]),
      );
    } catch (error) {
      // The list moved on: the write that moved it brings the index in step with its own state.
      if (error instanceof TransactionCanceled) return;
      throw error;
    }
  }
}

/** Removes a deleted list's items. */
export async function dropPublicIndex(ownerId: string, listId: string): Promise<void> {
  const indexed = await indexedWineIds(ownerId, listId);
  for (let i = 0; i < indexed.length; i += 25) {
    await tables('wine-lists')
      .wineListPublicWine.delete(indexed.slice(i, i + 25).map((wineId) => ({ wineId, ownerId, listId })))
      .go();
  }
}
