/**
 * Reading cellar wines and their history as stored, for the cellar's own writes and for the stock
 * movements other domains make (strongly consistent where a write follows the read).
 */
import { LAST_ULID } from '../../data/id-ranges';
import { tables } from '../../data/tables';
import type { CellarWineRecord, HistoryRecord } from './wine-records';

/** The owner's whole inventory, every page. */
export async function inventoryOf(ownerId: string): Promise<CellarWineRecord[]> {
  // Strongly consistent: read after the cellar's version, it holds every change that version counts.
  const { data } = await tables('cellar')
    .cellarWine.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  return data;
}

export async function cellarWineOf(ownerId: string, id: string): Promise<CellarWineRecord | undefined> {
  const { data } = await tables('cellar').cellarWine.get({ ownerId, id }).go();
  return data ?? undefined;
}

/**
 * Wines by id, read strongly consistent: a batch get of 100 ids at a time, asked again for what it
 * left unprocessed. Wines not found are left out.
 */
export async function winesNow(ownerId: string, ids: readonly string[]): Promise<CellarWineRecord[]> {
  const found: CellarWineRecord[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys = ids.slice(i, i + 100).map((id) => ({ ownerId, id }));
    for (let round = 0; keys.length > 0; round++) {
      if (round >= 8) throw new Error('Unprocessed keys remained after 8 rounds');
      const { data, unprocessed } = await tables('cellar').cellarWine.get(keys).go({ consistent: true });
      found.push(...data);
      keys = (unprocessed ?? []) as typeof keys;
    }
  }
  return found;
}

/**
 * History entries with ids from `fromId` to `toId` (both included), every page, strongly consistent,
 * as the query answers them. Bounded on both sides, the range holds history entries only (wines share
 * the partition) when both ends are history ids.
 */
export async function historyBetween(
  ownerId: string,
  fromId: string,
  toId: string,
): Promise<HistoryRecord[]> {
  const { data } = await tables('cellar')
    .cellarHistory.query.byOwnerKey({ ownerId })
    .between({ id: fromId }, { id: toId })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** What the history entries of one action from `since` (an id) on recorded, strongly consistent. */
export async function historyOfActionSince(
  ownerId: string,
  since: string,
  action: HistoryRecord['action'],
): Promise<Pick<HistoryRecord, 'before' | 'after'>[]> {
  const { data } = await tables('cellar')
    .cellarHistory.query.byOwnerKey({ ownerId })
    .between({ id: since }, { id: LAST_ULID })
    .where(({ action: actionOf }, { eq }) => eq(actionOf, action))
    .go({ pages: 'all', consistent: true, attributes: ['before', 'after'] });
  return data;
}
