/**
 * How stock counts are kept (docs/stock-counts.md): records ↔ API, reads of a count and its entries, the
 * cellar rebuilt at a count's moment, and the count's locations.
 */
import {
  blindSummary,
  type CellarWine,
  COUNT_NO_LOCATION,
  type CurrencyCode,
  cellarAtMoment,
  countLocationOf,
  EMPTY_SUMMARY,
  type HistoryState,
  type StockCount,
  type StockCountEntry,
  type StockCountStatus,
  type StockCountSummary,
  type StockCountTally,
  TALLY_FIELDS,
  tallySummary,
  type WineAtMoment,
  type WineLabel,
} from '@kork/shared';
import { encodeTime, MAX_ULID } from 'ulid';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { type LocationRecord, pathOf, subtreeOf } from '../cellar/kernel/locations';
import { historyBetween } from '../cellar/kernel/wine-reads';
import type { HistoryRecord } from '../cellar/kernel/wine-records';
import { type EntityRecord, tables } from '../data/tables';
import { NotFoundError } from '../platform/errors';

export type StockCountRecord = EntityRecord<'stockCount'>;
export type StockCountEntryRecord = EntityRecord<'stockCountEntry'>;

/** A finish that has not ended after this long died part way: another may take it over. */
export const FINISHING_STALE_MS = 2 * 60 * 1000;

/** The stored status, `finishing` shown as still open (it is open again should the finish fail). */
function apiStatus(status: string): StockCountStatus {
  return status === 'finished' ? 'finished' : 'open';
}

export function toStockCount(record: StockCountRecord, currency: CurrencyCode): StockCount {
  const count: StockCount = {
    id: record.id,
    date: record.date,
    asOf: record.asOf,
    locationIds: (record.locationIds as string[] | null | undefined) ?? null,
    status: apiStatus(record.status),
    blind: record.blind === true,
    createdBy: record.createdBy,
    createdByName: record.createdByName,
    createdAt: record.createdAt,
    counters: countersOf(record),
    summary: summaryOf(record),
    currency,
    version: record.version,
  };
  // A blind count's figures of what was expected are kept back until it is finished.
  if (count.blind && count.status === 'open') count.summary = blindSummary(count.summary);
  if (record.name) count.name = record.name;
  if (record.note) count.note = record.note;
  if (record.status === 'finished') {
    if (record.outcome) count.outcome = record.outcome as StockCount['outcome'];
    if (record.finishedAt) count.finishedAt = record.finishedAt;
    if (record.finishedBy) count.finishedBy = record.finishedBy;
    if (record.finishedByName) count.finishedByName = record.finishedByName;
  }
  return count;
}

/** The tally's attribute of each field (`counted` → `tallyCounted`). */
export function tallyAttribute(field: keyof StockCountTally) {
  return `tally${field[0]?.toUpperCase()}${field.slice(1)}` as `tally${Capitalize<keyof StockCountTally>}`;
}

/** The count's running tally, or undefined before its first entry batch. */
export function tallyOf(record: StockCountRecord): StockCountTally | undefined {
  if (record.tallyLines === undefined) return undefined;
  const tally = {} as StockCountTally;
  for (const field of TALLY_FIELDS) tally[field] = (record[tallyAttribute(field)] as number | undefined) ?? 0;
  return tally;
}

/** An open count's summary is its tally; a finished one's is frozen in `summary`. */
function summaryOf(record: StockCountRecord): StockCountSummary {
  const tally = record.status === 'finished' ? undefined : tallyOf(record);
  if (tally) return tallySummary(tally);
  return (record.summary as StockCountSummary | undefined) ?? EMPTY_SUMMARY;
}

/** The counter ids kept with the entries (`[userId, name]` as JSON). */
export function counterId(userId: string, name: string): string {
  return JSON.stringify([userId, name]);
}

/** Everyone who entered a figure, by name (a counter renamed meanwhile shows once). */
function countersOf(record: StockCountRecord): StockCount['counters'] {
  const ids = record.counterIds as readonly string[] | undefined;
  if (!ids) return (record.counters as StockCount['counters'] | undefined) ?? [];
  const byUser = new Map<string, string>();
  for (const id of ids) {
    const [userId, name] = JSON.parse(id) as [string, string];
    byUser.set(userId, name);
  }
  return [...byUser]
    .map(([userId, name]) => ({ userId, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

export function toEntry(record: StockCountEntryRecord): StockCountEntry {
  return {
    ownWineId: record.ownWineId,
    locationId: record.locationId,
    counted: record.counted,
    countedBy: record.countedBy,
    countedByName: record.countedByName,
    countedAt: record.countedAt,
  };
}

export async function countRecordOf(ownerId: string, id: string): Promise<StockCountRecord | undefined> {
  const { data } = await tables('stock-counts').stockCount.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** The count, or 404 (another cellar's count id is not found here). */
export async function existingCount(ownerId: string, id: string): Promise<StockCountRecord> {
  const record = await countRecordOf(ownerId, id);
  if (!record) throw new NotFoundError();
  return record;
}

/** Every count of the cellar, newest first (ids are ULIDs). */
export async function countsOf(ownerId: string): Promise<StockCountRecord[]> {
  const { data } = await tables('stock-counts')
    .stockCount.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true, order: 'desc' });
  return data;
}

/** Every entry of a count as stored (strongly consistent). */
export async function entryRecordsOf(ownerId: string, countId: string): Promise<StockCountEntryRecord[]> {
  const { data } = await tables('stock-counts')
    .stockCountEntry.query.byCount({ ownerId, countId })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** The counted entries (not the report's uncounted lines). */
export function countedEntries(records: readonly StockCountEntryRecord[]): StockCountEntry[] {
  return records.filter((record) => !record.uncounted).map(toEntry);
}

// — The cellar at a count's moment —

/** What a count needs of the cellar at its moment, and the history since. */
export interface CellarAtCount {
  wines: Map<string, WineAtMoment>;
  label(ownWineId: string): WineLabel;
  /** Wines this count has already set (its COUNTED entries after the moment), by count id. */
  countedBy(countId: string): Set<string>;
}

/** The smallest history id later than every id made in the millisecond `iso` (ULIDs start with time). */
function afterMoment(iso: string): string {
  return `${encodeTime(Date.parse(iso), 10)}ZZZZZZZZZZZZZZZZ`;
}

async function historyAfter(ownerId: string, asOf: string): Promise<HistoryRecord[]> {
  // Bounded on both sides, so the range holds history entries only (wines share the partition).
  const data = await historyBetween(ownerId, afterMoment(asOf), MAX_ULID);
  return data.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function labelOf(wine: CellarWine): WineLabel {
  const label: WineLabel = { wineDisplayName: wine.wineDisplayName, vintage: wine.vintage };
  if (wine.vinmonopoletNumber) label.vinmonopoletNumber = wine.vinmonopoletNumber;
  if (wine.productId) label.productId = wine.productId;
  if (wine.bottleSize) label.bottleSize = wine.bottleSize;
  return label;
}

async function rebuild(
  ownerId: string,
  asOf: string,
  current: readonly CellarWine[],
): Promise<CellarAtCount> {
  const later = await historyAfter(ownerId, asOf);
  const wines = cellarAtMoment(
    current.map((wine) => ({
      ownWineId: wine.id,
      placements: wine.placements,
      purchasePriceWovat: wine.purchasePriceWovat,
    })),
    later.map((entry) => ({
      ownWineId: entry.ownWineId,
      before: (entry.before as HistoryState | null) ?? null,
    })),
  );
  const labels = new Map<string, WineLabel>();
  for (const entry of later)
    labels.set(entry.ownWineId, { wineDisplayName: entry.wineDisplayName, vintage: null });
  for (const wine of current) labels.set(wine.id, labelOf(wine));
  const counted = new Map<string, Set<string>>();
  for (const entry of later) {
    if (entry.action !== 'COUNTED') continue;
    const countId = (entry.after as { countId?: string } | null)?.countId;
    if (!countId) continue;
    if (!counted.has(countId)) counted.set(countId, new Set());
    counted.get(countId)?.add(entry.ownWineId);
  }
  return {
    wines,
    label: (id) => labels.get(id) ?? { wineDisplayName: id, vintage: null },
    countedBy: (countId) => counted.get(countId) ?? new Set(),
  };
}

/**
 * The cellar at `asOf`, from the cellar's snapshot and the history after the moment. It is kept with
 * the snapshot: every wine change raises the cellar's version, and the history after the moment only
 * grows with wine changes, so a snapshot of the same version has the same answer.
 */
export async function cellarAtCount(ownerId: string, asOf: string): Promise<CellarAtCount> {
  const snapshot = await cellarSnapshot(ownerId);
  const kept = snapshot.derived(`stock-count-moment:${asOf}`, () => ({
    value: undefined as Promise<CellarAtCount> | undefined,
  }));
  if (!kept.value) {
    const value = rebuild(ownerId, asOf, snapshot.wines);
    kept.value = value;
    value.catch(() => {
      if (kept.value === value) kept.value = undefined;
    });
  }
  return kept.value;
}

// — Locations —

export interface CountLocations {
  /** Count location ids the count covers; null: the whole cellar. */
  scope: Set<string> | null;
  /** Every location id that exists now, with Uncategorized. */
  known: Set<string>;
  /** The sheet's locations: id, name and path (Uncategorized first). */
  sheet(names: { uncategorized: string }): { id: string; name: string; path: string[] }[];
}

export function countLocations(
  locationIds: readonly string[] | null,
  locations: readonly LocationRecord[],
): CountLocations {
  const live = locations.filter((location) => !location.deleting);
  const known = new Set([COUNT_NO_LOCATION, ...live.map((location) => location.id)]);
  let scope: Set<string> | null = null;
  if (locationIds) {
    scope = new Set();
    for (const id of locationIds) {
      if (id === COUNT_NO_LOCATION) scope.add(COUNT_NO_LOCATION);
      else for (const inside of subtreeOf(live, id)) scope.add(inside);
    }
  }
  return {
    scope,
    known,
    sheet: ({ uncategorized }) => {
      const rows: { id: string; name: string; path: string[] }[] = [];
      if (!scope || scope.has(COUNT_NO_LOCATION))
        rows.push({ id: COUNT_NO_LOCATION, name: uncategorized, path: [uncategorized] });
      for (const location of [...live].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))) {
        if (scope && !scope.has(location.id)) continue;
        rows.push({ id: location.id, name: location.name, path: pathOf(live, location.id) });
      }
      return rows;
    },
  };
}

/** Whether a pair's location may be counted in this count: in its scope and existing now. */
export function countable(locations: CountLocations, locationId: string): boolean {
  if (!locations.known.has(locationId)) return false;
  return locations.scope === null || locations.scope.has(locationId);
}

export { countLocationOf };
