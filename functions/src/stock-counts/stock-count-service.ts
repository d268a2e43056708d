/**
 * Stock counts (SPEC §3 Stock count, §4, §5; docs/stock-counts.md): starting a count, its sheet, the
 * figures counters enter, its name and note, and deleting it. Finishing is stock-count-finish.ts.
 */
import {
  blindLine,
  blindSummary,
  canonicalCount,
  cappedCountedAt,
  countAsOf,
  hasOpenBottle,
  type Locale,
  lineOf,
  mergeEntries,
  STOCK_COUNT_LIMITS,
  type StockCount,
  type StockCountEntriesInput,
  type StockCountEntriesResult,
  type StockCountEntry,
  type StockCountInput,
  type StockCountLine,
  type StockCountSheet,
  type StockCountsQuery,
  type StockCountUpdate,
  sheetLines,
  sortLines,
  summarize,
  todayIso,
} from '@kork/shared';
import { ulid } from 'ulid';
import { actorOf } from '../accounts/account-lookup';
import { cellarOf } from '../cellar/cellar-service';
import { locationsOf } from '../cellar/kernel/locations';
import { tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, ValidationError } from '../platform/errors';
import { seedTally, writeEntries } from './stock-count-entry-writes';
import {
  type CellarAtCount,
  cellarAtCount,
  countable,
  countedEntries,
  countLocations,
  countsOf,
  entryRecordsOf,
  existingCount,
  type StockCountEntryRecord,
  type StockCountRecord,
  tallyOf,
  toEntry,
  toStockCount,
} from './stock-count-store';

const UNCATEGORIZED_NAME: Record<Locale, string> = { en: 'Uncategorized', nb: 'Ukategorisert' };

async function currencyOf(ownerId: string) {
  return (await cellarOf(ownerId)).baseCurrency;
}

/** Whether a count's counters may see what was expected: not while a blind count is open. */
function hidesExpected(record: StockCountRecord): boolean {
  return record.blind === true && record.status !== 'finished';
}

// — Reads —

export async function listStockCounts(
  ownerId: string,
  query: StockCountsQuery,
): Promise<{ rows: StockCount[]; count: number }> {
  const [records, currency] = await Promise.all([countsOf(ownerId), currencyOf(ownerId)]);
  const wanted = query.status
    ? records.filter((record) => (record.status === 'finished') === (query.status === 'finished'))
    : records;
  const size = query.resultsPerPage ?? 50;
  const page = query.page ?? 1;
  return {
    rows: wanted.slice((page - 1) * size, page * size).map((record) => toStockCount(record, currency)),
    count: wanted.length,
  };
}

/** A finished count's lines as frozen in its report. */
function frozenLines(records: readonly StockCountEntryRecord[]): StockCountLine[] {
  return sortLines(
    records.map((record) =>
      lineOf(
        record.ownWineId,
        record.locationId,
        record.expected ?? 0,
        (record.expected ?? 0) === 0,
        record.unitCost,
        record.uncounted ? undefined : toEntry(record),
        () => ({
          wineDisplayName: record.wineDisplayName ?? record.ownWineId,
          vintage: record.vintage ?? null,
        }),
      ),
    ),
  );
}

/** The lines of an open count: the cellar at its moment merged with the entries so far. */
export function openLines(
  atCount: CellarAtCount,
  entries: readonly StockCountEntry[],
  scope: Set<string> | null,
): StockCountLine[] {
  return sheetLines(atCount.wines, entries, scope, atCount.label);
}

export async function stockCountSheet(
  ownerId: string,
  countId: string,
  locale: Locale,
): Promise<StockCountSheet> {
  const record = await existingCount(ownerId, countId);
  const finished = record.status === 'finished';
  const [cellar, locations, entryRecords, atCount] = await Promise.all([
    cellarOf(ownerId),
    locationsOf(ownerId),
    entryRecordsOf(ownerId, countId),
    // A finished count's report is frozen in its entries: the cellar is not needed.
    finished ? undefined : cellarAtCount(ownerId, record.asOf),
  ]);
  const where = countLocations((record.locationIds as string[] | null) ?? null, locations);
  const lines = atCount
    ? openLines(atCount, countedEntries(entryRecords), where.scope)
    : frozenLines(entryRecords);
  const count = toStockCount(record, cellar.baseCurrency);
  if (atCount) count.summary = summarize(lines);
  const blind = hidesExpected(record);
  if (blind) count.summary = blindSummary(count.summary);
  const eligibleWines = atCount
    ? [...atCount.wines.keys()]
        .map((ownWineId) => ({ ownWineId, ...atCount.label(ownWineId) }))
        .sort((a, b) => a.wineDisplayName.localeCompare(b.wineDisplayName))
    : [];
  return {
    ...count,
    lines: blind ? lines.map(blindLine) : lines,
    locations: where.sheet({ uncategorized: UNCATEGORIZED_NAME[locale] }),
    countTenths: cellar.countTenths,
    eligibleWines,
  };
}

// — Writes —

export async function createStockCount(
  ownerId: string,
  input: StockCountInput,
  principal: Principal,
): Promise<StockCount> {
  const now = new Date();
  const date = input.date ?? todayIso(now);
  const [records, locations, actor, currency] = await Promise.all([
    countsOf(ownerId),
    locationsOf(ownerId),
    actorOf(principal),
    currencyOf(ownerId),
  ]);
  const locationIds = input.locationIds ? [...new Set(input.locationIds)] : null;
  if (locationIds) {
    const where = countLocations(null, locations);
    const fields: Record<string, string> = {};
    input.locationIds?.forEach((id, index) => {
      if (!where.known.has(id)) fields[`locationIds.${index}`] = 'unknownLocation';
    });
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  }
  if (records.filter((record) => record.status !== 'finished').length >= STOCK_COUNT_LIMITS.openMax)
    throw new ConflictError({ key: 'openCountsFull' });
  const stamp = now.toISOString();
  const record = {
    ownerId,
    id: ulid(),
    date,
    asOf: countAsOf(date, now),
    locationIds,
    status: 'open',
    createdBy: actor.userId,
    createdByName: actor.name,
    createdAt: stamp,
    counters: [],
    version: 0,
    updatedAt: stamp,
    ...(input.name ? { name: input.name } : {}),
    ...(input.note ? { note: input.note } : {}),
    ...(input.blind ? { blind: true } : {}),
  };
  await tables('stock-counts').stockCount.create(record).go();
  return toStockCount(record as StockCountRecord, currency);
}

export async function updateStockCount(
  ownerId: string,
  countId: string,
  input: StockCountUpdate,
): Promise<StockCount> {
  const record = await existingCount(ownerId, countId);
  if (input.version !== undefined && input.version !== record.version)
    throw new ConflictError({ key: 'stockCountChanged' });
  const set: Record<string, unknown> = { version: record.version + 1, updatedAt: new Date().toISOString() };
  const remove: ('name' | 'note')[] = [];
  for (const field of ['name', 'note'] as const) {
    if (input[field] === undefined) continue;
    if (input[field]) set[field] = input[field];
    else remove.push(field);
  }
  try {
    const patch = tables('stock-counts')
      .stockCount.patch({ ownerId, id: countId })
      .set(set)
      .where((attr, op) => op.eq(attr.version, record.version));
    await (remove.length > 0 ? patch.remove(remove) : patch).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError({ key: 'stockCountChanged' });
    throw error;
  }
  return toStockCount(await existingCount(ownerId, countId), await currencyOf(ownerId));
}

/** Deletes a count and its entries (a finished count's report goes; the inventory it set stays). */
export async function deleteStockCount(ownerId: string, countId: string): Promise<void> {
  const record = await existingCount(ownerId, countId);
  if (record.status === 'finishing') throw new ConflictError({ key: 'stockCountFinished' });
  try {
    // The count goes first, so no entry can land after its entries are removed.
    await tables('stock-counts')
      .stockCount.delete({ ownerId, id: countId })
      .where((attr, op) => op.ne(attr.status, 'finishing'))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError({ key: 'stockCountFinished' });
    throw error;
  }
  const entries = await entryRecordsOf(ownerId, countId);
  for (let i = 0; i < entries.length; i += 25) {
    const keys = entries
      .slice(i, i + 25)
      .map(({ ownWineId, locationId }) => ({ ownerId, countId, ownWineId, locationId }));
    for (let round = 0; ; round++) {
      const { unprocessed } = await tables('stock-counts').stockCountEntry.delete(keys).go();
      if (unprocessed.length === 0) break;
      if (round >= 8) throw new Error('Stock count entries were left after 8 rounds');
    }
  }
}

/**
 * Enters figures. Each pair must be in the count's locations and its wine in the cellar at the count's
 * moment (§5). The entries are written in one transaction that checks the count is still open and adds
 * what they change to the count's summary (stock-count-entry-writes.ts); each entry only over an older
 * one (`countedAt`), so a late offline figure never overwrites a newer one: a pair refused that way is
 * dropped and the rest written. A batch sent again changes nothing twice. What a batch costs grows with
 * the batch, not with the entries already made.
 */
export async function putStockCountEntries(
  ownerId: string,
  countId: string,
  input: StockCountEntriesInput,
  principal: Principal,
): Promise<StockCountEntriesResult> {
  const record = await existingCount(ownerId, countId);
  if (record.status !== 'open') throw new ConflictError({ key: 'stockCountFinished' });
  const [locations, atCount, actor, cellar] = await Promise.all([
    locationsOf(ownerId),
    cellarAtCount(ownerId, record.asOf),
    actorOf(principal),
    cellarOf(ownerId),
  ]);
  const where = countLocations((record.locationIds as string[] | null) ?? null, locations);
  const fields: Record<string, string> = {};
  input.entries.forEach((entry, index) => {
    // Tenths of an open bottle only where the cellar counts them (its settings).
    if (!cellar.countTenths && hasOpenBottle(entry.counted))
      fields[`entries.${index}.counted`] = 'wholeBottlesOnly';
    if (!countable(where, entry.locationId)) fields[`entries.${index}.locationId`] = 'locationNotInCount';
    if (!atCount.wines.has(entry.ownWineId)) fields[`entries.${index}.ownWineId`] = 'wineNotInCellarAtCount';
  });
  if (Object.keys(fields).length > 0) {
    const kinds = new Set(Object.values(fields));
    throw new ValidationError(
      fields,
      kinds.size === 1 ? { key: [...kinds][0] as 'locationNotInCount' } : undefined,
    );
  }
  const now = new Date();
  const entries = mergeEntries(
    input.entries.map((entry) => ({
      ownWineId: entry.ownWineId,
      locationId: entry.locationId,
      // Stored with one decimal at most, exactly as typed (3.4, never 3.4000000001).
      counted: canonicalCount(entry.counted),
      countedBy: actor.userId,
      countedByName: actor.name,
      countedAt: cappedCountedAt(entry.countedAt, now),
    })),
  );
  const context = { atCount, scope: where.scope };
  if (!tallyOf(record)) await seedTally(ownerId, countId, context);
  await writeEntries(ownerId, countId, entries, context);
  const keys = new Map(
    input.entries.map(({ ownWineId, locationId }) => [
      `${ownWineId}/${locationId}`,
      { ownerId, countId, ownWineId, locationId },
    ]),
  );
  const [{ data }, after] = await Promise.all([
    tables('stock-counts')
      .stockCountEntry.get([...keys.values()])
      .go({ consistent: true }),
    existingCount(ownerId, countId),
  ]);
  const summary = toStockCount(after, cellar.baseCurrency).summary;
  return { entries: data.map(toEntry), summary };
}

export type { StockCountRecord };
