/**
 * A batch import's confirmed lines into the cellar (docs/imports.md): catalogue wines as
 * `SCAN_MATCHING_KORK`, kept lines as `SCAN_MATCHING_CUSTOM`, each with its external ids; a duplicate's
 * bottles added to the wine that is there. Every transaction carries the caller's guard items (the import
 * job's conditional update for the lines it holds), so a cancelled or already-written chunk writes
 * nothing at all, and a chunk written is written whole: wines with their history entries.
 *
 * Unlike a bulk add, an import is not all or nothing across transactions: each transaction is whole and
 * the guard records how far the import got, so a step that stops (cancelled, or the function ended)
 * keeps what it wrote and a redelivered step resumes after the last line written.
 */
import { type ExternalId, type ParsedCellarWineInput, QUANTITY_MAX, withBounds } from '@kork/shared';
import { actorOf } from '../../accounts/account-lookup';
import { tables } from '../../data/tables';
import { backoffMs, TransactionCanceled } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { ConflictError, ValidationError } from '../../platform/errors';
import { bumpCellarVersion } from '../kernel/cellar-version';
import { locationIdsOf } from '../kernel/locations';
import { isKnownLocation, locationKey } from '../kernel/wine-fields';
import { type Actor, type CellarWineRecord, historyRecord, placementList } from '../kernel/wine-records';
import {
  extraItemsIndex,
  itemsOf,
  laterThan,
  MAX_TRANSACTION_ITEMS,
  type WineChange,
  writeTransaction,
} from '../kernel/wine-transaction';
import { newRecords, rowsInCellar } from './cellar-wine-adds';

export type ImportItem =
  | { kind: 'new'; input: ParsedCellarWineInput; externalIds: ExternalId[] }
  | { kind: 'addTo'; ownWineId: string; quantity: number; locationId?: string | null };

/**
 * The caller's items for the transaction that writes `items[first..last]` (inclusive): the import job's
 * update conditional on its state, which moves its `writtenThrough` past these lines (built by the
 * imports domain from its own entities).
 */
export type ImportGuard = (slice: { first: number; last: number }) => readonly unknown[];

/**
 * The guard's condition failed (the job was cancelled, or these lines were written already): nothing
 * of that transaction was written. `written` holds the cellar wine of each item written before it, in
 * the items' order (a prefix of the items).
 */
export class ImportGuardFailed extends ConflictError {
  override name = 'ImportGuardFailed';
  constructor(readonly written: string[]) {
    super({ key: 'importNotReady' });
  }
}

/**
 * Items the cellar does not take, by `items.{index}.{field}` (a catalogue wine no longer active, a
 * location deleted, a wine to add to that is gone: `importWineGone`, a quantity over the maximum).
 * Found before any write when it can be; found later (a wine deleted meanwhile) the transactions before
 * stay written, and `written` holds their items' wines as ImportGuardFailed does. The caller marks those
 * lines with the error and writes the rest.
 */
export class ImportItemsRefused extends ValidationError {
  override name = 'ImportItemsRefused';
  constructor(
    fields: Record<string, string>,
    readonly written: string[] = [],
  ) {
    super(fields);
  }

  /** The indexes of the items refused. */
  get indexes(): number[] {
    const found = new Set<number>();
    for (const key of Object.keys(this.fields ?? {})) {
      const index = Number(key.split('.')[1]);
      if (Number.isInteger(index)) found.add(index);
    }
    return [...found].sort((a, b) => a - b);
  }
}

/** Items the guard adds to each transaction unless the caller says otherwise. */
const DEFAULT_GUARD_ITEMS = 1;
/**
 * Items of a transaction that are not a wine's: the version item's place (left out here and raised once
 * at the end) and the item naming the wines written (kernel/cellar-changes.ts).
 */
const RESERVED_ITEMS = 2;
/**
 * Attempts of one transaction whose wines changed since they were read: each failure means another
 * write to the same wine went through, so many imports meeting on one wine all get there.
 */
const WINE_ATTEMPTS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes the items in order, as many per transaction as fit with the guard; answers the cellar wine
 * each item became or added to, in the items' order. A transaction the guard cancels ends the write
 * (ImportGuardFailed) with the earlier transactions kept.
 *
 * Two items of one wine in a transaction are one change with the bottles of both (the first item's
 * fields); a catalogue wine already in the cellar gets the item's bottles (a QUANTITY entry) and the
 * external ids it lacked. A transaction cancelled because one of its wines changed since it was read is
 * read and decided again; a failure that may or may not have been applied (an answer lost) is thrown as
 * it is, and the guard tells a redelivered step where the import stands.
 */
export async function importOwnWines(
  ownerId: string,
  items: readonly ImportItem[],
  principal: Principal,
  guard: ImportGuard,
  { guardItems = DEFAULT_GUARD_ITEMS }: { guardItems?: number } = {},
): Promise<string[]> {
  const actor = await actorOf(principal);
  const records = await importRecords(ownerId, items);
  const ids: string[] = [];
  let attempted = false;
  try {
    for (const slice of slicesOf(items, guardItems)) {
      attempted = true;
      ids.push(...(await writeSlice(ownerId, items, records, slice, actor, guard, guardItems)));
    }
    return ids;
  } catch (error) {
    if (error instanceof ImportGuardFailed) throw new ImportGuardFailed([...ids]);
    if (error instanceof ImportItemsRefused)
      throw new ImportItemsRefused(error.fields as Record<string, string>, [...ids]);
    throw error;
  } finally {
    // The transactions leave the version alone (they would all meet on it): it is raised once, after.
    if (attempted) await bumpCellarVersion(ownerId);
  }
}

/** The new wines' records, by item index, checked against the catalogue and the cellar's locations. */
async function importRecords(
  ownerId: string,
  items: readonly ImportItem[],
): Promise<Map<number, CellarWineRecord>> {
  const indexes = items.flatMap((item, index) => (item.kind === 'new' ? [index] : []));
  const inputs = indexes.map((index) => (items[index] as { input: ParsedCellarWineInput }).input);
  let built: CellarWineRecord[];
  try {
    built = await newRecords(ownerId, inputs, (k) => `items.${indexes[k]}.`);
  } catch (error) {
    if (error instanceof ValidationError && !(error instanceof ImportItemsRefused))
      throw new ImportItemsRefused(error.fields as Record<string, string>);
    throw error;
  }
  const records = new Map<number, CellarWineRecord>();
  built.forEach((record, k) => {
    const index = indexes[k] as number;
    const { externalIds } = items[index] as { externalIds: ExternalId[] };
    records.set(index, {
      ...record,
      source: record.source === 'CUSTOM' ? 'SCAN_MATCHING_CUSTOM' : 'SCAN_MATCHING_KORK',
      ...(externalIds.length > 0 ? { externalIds: [...externalIds] } : {}),
    } as CellarWineRecord);
  });
  return records;
}

interface Slice {
  first: number;
  last: number;
}

/**
 * Consecutive runs of items that fit in one transaction with the guard, counted before anything is
 * read: two items (wine and history entry) per distinct wine, and a check per location or category a
 * wine may gain (an `addTo` without a location counts one of its own). An upper bound: items of one
 * wine that only a read shows to be one (a catalogue row kept under an id of its own) count twice.
 */
export function slicesOf(items: readonly ImportItem[], guardItems = DEFAULT_GUARD_ITEMS): Slice[] {
  const budget = MAX_TRANSACTION_ITEMS - RESERVED_ITEMS - guardItems;
  if (budget < 2) throw new Error('importOwnWines: the guard leaves no room for a wine');
  const slices: Slice[] = [];
  let first = 0;
  let wines = new Set<string>();
  let checks = new Set<string>();
  items.forEach((item, index) => {
    const wine =
      item.kind === 'addTo'
        ? `w:${item.ownWineId}`
        : item.input.source === 'CUSTOM'
          ? `i:${index}`
          : `w:${item.input.wineId}`;
    const own: string[] = [];
    if (item.kind === 'addTo') own.push(item.locationId ? `l:${item.locationId}` : `l?${index}`);
    else {
      if (item.input.locationId) own.push(`l:${item.input.locationId}`);
      if (item.input.wineListCategoryId) own.push(`c:${item.input.wineListCategoryId}`);
    }
    const nextWines = new Set(wines).add(wine);
    const nextChecks = new Set([...checks, ...own]);
    if (index > first && nextWines.size * 2 + nextChecks.size > budget) {
      slices.push({ first, last: index - 1 });
      first = index;
      wines = new Set([wine]);
      checks = new Set(own);
    } else {
      wines = nextWines;
      checks = nextChecks;
    }
  });
  if (items.length > 0) slices.push({ first, last: items.length - 1 });
  return slices;
}

/** The slice's wines as they are now (strongly consistent): catalogue rows by catalogue id, others by id. */
async function winesNow(
  ownerId: string,
  items: readonly ImportItem[],
  records: ReadonlyMap<number, CellarWineRecord>,
  { first, last }: Slice,
): Promise<{ byCatalog: Map<string, CellarWineRecord>; byId: Map<string, CellarWineRecord> }> {
  const catalogIds = new Set<string>();
  const ids = new Set<string>();
  for (let index = first; index <= last; index++) {
    const item = items[index] as ImportItem;
    if (item.kind === 'addTo') ids.add(item.ownWineId);
    else {
      const wineId = records.get(index)?.wineId;
      if (wineId && item.input.source !== 'CUSTOM') catalogIds.add(wineId);
    }
  }
  const byCatalog = await rowsInCellar(ownerId, [...catalogIds]);
  const byId = new Map<string, CellarWineRecord>();
  let pending = [...ids].map((id) => ({ ownerId, id }));
  for (let round = 0; pending.length > 0; round++) {
    if (round >= 8) throw new Error('Unprocessed keys remained after 8 rounds');
    const { data, unprocessed } = await tables('cellar').cellarWine.get(pending).go({ consistent: true });
    for (const record of data) byId.set(record.id, record);
    pending = (unprocessed ?? []) as typeof pending;
  }
  return { byCatalog, byId };
}

/** `quantity` bottles more on `record`, in `key` (a placement key). */
function withBottles(record: CellarWineRecord, quantity: number, key: string): CellarWineRecord {
  const placements = { ...(record.placements as Record<string, number>) };
  if (quantity > 0) placements[key] = (placements[key] ?? 0) + quantity;
  return { ...record, quantity: record.quantity + quantity, placements };
}

/** The placement key of the location holding most of the wine's bottles (Uncategorized when none). */
function mostBottlesKey(record: CellarWineRecord): string {
  return placementList(record.placements as Record<string, number>)[0]?.locationId ?? '_';
}

/** External ids of `add` the record does not have yet, added. */
function withExternalIds(record: CellarWineRecord, add: readonly ExternalId[]): CellarWineRecord {
  const had = (record.externalIds as ExternalId[] | undefined) ?? [];
  const missing = add.filter((id) => !had.some((h) => h.kind === id.kind && h.value === id.value));
  return missing.length === 0 ? record : { ...record, externalIds: [...had, ...missing] };
}

/** The slice's changes on the wines as read, and the wine each item became or added to. */
function sliceChanges(
  items: readonly ImportItem[],
  records: ReadonlyMap<number, CellarWineRecord>,
  { first, last }: Slice,
  now: { byCatalog: Map<string, CellarWineRecord>; byId: Map<string, CellarWineRecord> },
  locationIds: Set<string>,
  actor: Actor,
): { changes: WineChange[]; ids: string[] } {
  const rows = new Map<string, { before?: CellarWineRecord; after: CellarWineRecord }>();
  const fields: Record<string, string> = {};
  const ids: string[] = [];
  for (let index = first; index <= last; index++) {
    const item = items[index] as ImportItem;
    let there: CellarWineRecord | undefined;
    let key: string;
    let quantity: number;
    let placement: (base: CellarWineRecord) => string;
    let externalIds: readonly ExternalId[] = [];
    let fresh: CellarWineRecord | undefined;
    if (item.kind === 'new') {
      fresh = records.get(index) as CellarWineRecord;
      there = item.input.source === 'CUSTOM' ? undefined : now.byCatalog.get(fresh.wineId as string);
      key = there?.id ?? fresh.id;
      quantity = item.input.quantity;
      placement = () => locationKey(item.input.locationId) ?? '_';
      externalIds = item.externalIds;
      // Checked when the records were made; read again here for a location deleted since.
      if (!isKnownLocation(locationIds, item.input.locationId))
        fields[`items.${index}.locationId`] = 'unknownLocation';
    } else {
      key = item.ownWineId;
      there = now.byId.get(key);
      quantity = item.quantity;
      placement = (base) => locationKey(item.locationId) ?? mostBottlesKey(base);
      if (!isKnownLocation(locationIds, item.locationId))
        fields[`items.${index}.locationId`] = 'unknownLocation';
    }
    ids.push(key);
    const row = rows.get(key);
    if (!row && !there) {
      if (fresh) rows.set(key, { after: fresh });
      else fields[`items.${index}.ownWineId`] = 'importWineGone';
      continue;
    }
    const base = row?.after ?? (there as CellarWineRecord);
    const after = withExternalIds(withBottles(base, quantity, placement(base)), externalIds);
    if (after.quantity > QUANTITY_MAX)
      fields[`items.${index}.quantity`] = withBounds('atMost', { max: QUANTITY_MAX - base.quantity });
    rows.set(key, { before: row ? row.before : there, after });
  }
  if (Object.keys(fields).length > 0) throw new ImportItemsRefused(fields);
  const changes: WineChange[] = [];
  for (const row of rows.values()) {
    const { before } = row;
    if (!before) {
      changes.push({ after: row.after, history: historyRecord(row.after, 'ADDED', null, row.after, actor) });
    } else if (row.after.quantity !== before.quantity) {
      const after = { ...row.after, updatedAt: laterThan(before.updatedAt) };
      changes.push({ before, after, history: historyRecord(after, 'QUANTITY', before, after, actor) });
    }
  }
  return { changes, ids };
}

/**
 * One transaction: the slice's changes decided on the wines as they are now, with the guard's items.
 * Its wines changed meanwhile: read and decided again. The guard's condition failed: ImportGuardFailed.
 */
async function writeSlice(
  ownerId: string,
  items: readonly ImportItem[],
  records: ReadonlyMap<number, CellarWineRecord>,
  slice: Slice,
  actor: Actor,
  guard: ImportGuard,
  guardItems: number,
): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    const needsLocations = items
      .slice(slice.first, slice.last + 1)
      .some((item) => (item.kind === 'addTo' ? item.locationId : item.input.locationId));
    const [now, locationIds] = await Promise.all([
      winesNow(ownerId, items, records, slice),
      needsLocations ? locationIdsOf(ownerId) : Promise.resolve(new Set<string>()),
    ]);
    const { changes, ids } = sliceChanges(items, records, slice, now, locationIds, actor);
    if (itemsOf(changes) + guardItems > MAX_TRANSACTION_ITEMS)
      throw new Error(`importOwnWines: items ${slice.first}–${slice.last} do not fit one transaction`);
    try {
      await writeTransaction(changes, () => guard(slice), { bumpVersion: false });
      return ids;
    } catch (error) {
      if (!(error instanceof TransactionCanceled)) throw error;
      const guardAt = extraItemsIndex(changes);
      if (error.failedConditions.some((index) => index >= guardAt)) throw new ImportGuardFailed([]);
      // A wine changed since it was read, or a location it goes to is being deleted: read again.
      if (attempt + 1 >= WINE_ATTEMPTS) throw error;
      await sleep(backoffMs(Math.min(attempt, 6)));
    }
  }
}
