/**
 * What a cellar snapshot is read from (cellar-snapshot.ts, docs/cellar-reads.md): the whole cellar, or
 * an earlier copy brought up to date with the wines changed since it was read. Every read is strongly
 * consistent and made after the cellar's version was read, so what it answers holds every change that
 * version counts.
 */
import { type Cellar, type CellarWine, defaultVats, type HistoryEntry } from '@kork/shared';
import { tables } from '../../data/tables';
import { cellarOf } from '../cellar-service';
import { changesSince } from './cellar-changes';
import type { CellarSettings, SnapshotLocation } from './snapshot-parts';
import { inventoryOf, winesNow } from './wine-reads';
import { toCellarWine, toHistoryEntry } from './wine-records';

/** History entries a snapshot keeps, newest first (the dashboard shows 8). */
export const RECENT_HISTORY = 10;

/** A copy brought up to date re-reads at most this share of its wines (and 25 at least); else all. */
const PATCH_SHARE = 0.1;
const PATCH_MIN_WINES = 25;

/** What a snapshot holds. */
export interface SnapshotParts {
  cellar: CellarSettings;
  /** Every wine as the API answers it, money in the base currency, oldest first (by id). */
  wines: CellarWine[];
  locations: SnapshotLocation[];
  recentHistory: HistoryEntry[];
  /** How many wines were read (all of them for a whole read). */
  winesRead: number;
}

/** The cellar's settings, read strongly consistent; made on first use as `cellarOf` does. */
async function settingsOf(ownerId: string): Promise<CellarSettings> {
  const { data } = await tables('cellar').cellar.get({ ownerId }).go({ consistent: true });
  const cellar = data
    ? {
        id: data.id,
        ownerId: data.ownerId,
        baseCurrency: data.baseCurrency as Cellar['baseCurrency'],
        defaultGlassSize: data.defaultGlassSize,
        vats: { ...defaultVats(), ...(data.vats as Cellar['vats']) },
      }
    : await cellarOf(ownerId);
  const { id, baseCurrency, defaultGlassSize, vats } = cellar;
  return { id, ownerId, baseCurrency, defaultGlassSize, vats };
}

/** The small parts, always read fresh: settings, locations, the newest history. */
async function smallParts(ownerId: string) {
  const [cellar, locations, history] = await Promise.all([
    settingsOf(ownerId),
    tables('cellar').cellarLocation.query.byOwnerKey({ ownerId }).go({ pages: 'all', consistent: true }),
    tables('cellar')
      .cellarHistory.query.byOwnerKey({ ownerId })
      .go({ order: 'desc', limit: RECENT_HISTORY, consistent: true }),
  ]);
  return {
    cellar,
    locations: locations.data.map(({ id, name, parentId, order }) => ({
      id,
      name,
      parentId: parentId ?? '',
      order,
    })),
    recentHistory: history.data.slice(0, RECENT_HISTORY).map(toHistoryEntry),
  };
}

/** The whole cellar. */
export async function readWholeCellar(ownerId: string): Promise<SnapshotParts> {
  const [small, records] = await Promise.all([smallParts(ownerId), inventoryOf(ownerId)]);
  const wines = records.map((record) => toCellarWine(record, small.cellar.baseCurrency));
  return { ...small, wines, winesRead: wines.length };
}

/**
 * `source` (read from `changesFrom` on) brought up to date: the wines changed since read again by id,
 * the small parts read fresh. Undefined when a whole read is right instead: wines were written around
 * the transactions, the base currency changed (every price is converted), or too many wines changed.
 */
export async function readChangedSince(
  ownerId: string,
  source: { cellar: CellarSettings; wines: readonly CellarWine[]; changesFrom: number },
): Promise<SnapshotParts | undefined> {
  const maxWines = Math.max(PATCH_MIN_WINES, Math.floor(source.wines.length * PATCH_SHARE));
  const [small, changes] = await Promise.all([
    smallParts(ownerId),
    changesSince(ownerId, source.changesFrom, maxWines),
  ]);
  if (!changes || changes.whole || small.cellar.baseCurrency !== source.cellar.baseCurrency) return undefined;
  const ids = [...changes.wineIds];
  const records = await winesNow(ownerId, ids);
  const now = new Map(records.map((record) => [record.id, toCellarWine(record, small.cellar.baseCurrency)]));
  const wines: CellarWine[] = [];
  for (const wine of source.wines) {
    if (!changes.wineIds.has(wine.id)) wines.push(wine);
    else {
      const current = now.get(wine.id);
      if (current) wines.push(current);
      now.delete(wine.id);
    }
  }
  // Wines new since the source: ids are ULIDs, so a new one sorts after those it was created after.
  if (now.size > 0) {
    wines.push(...now.values());
    wines.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return { ...small, wines, winesRead: ids.length };
}
