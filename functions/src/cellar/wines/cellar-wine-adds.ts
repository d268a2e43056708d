/**
 * Adding wines to a cellar (SPEC §1 cellar management), from the catalogue or as custom wines, one or
 * a bulk. Every wine is written with its history entry (kernel/wine-transaction.ts).
 *
 * A catalogue wine is in a cellar once: its row has the catalogue wine's id, so a second row cannot be
 * written (a new wine's write is conditional on no item with its key), however many requests meet.
 * Rows written before that rule (with ids of their own) are found in the cellar's wines and count too.
 * Adding one that is there is refused (409, `alreadyInCellar`, with the row's id); a batch import adds
 * its bottles to the row that is there instead (docs/cellar-api.md).
 */
import {
  type CellarWine,
  type MainCategory,
  type ParsedCellarWineInput,
  QUANTITY_MAX,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { actorOf } from '../../accounts/account-lookup';
import { getWines } from '../../catalog/wine-lookup';
import { tables } from '../../data/tables';
import { retryOnConflict } from '../../data/transactions';
import type { Principal } from '../../platform/auth';
import { DomainError, ValidationError } from '../../platform/errors';
import { categoryIdsOf } from '../categories/category-service';
import { cellarOf } from '../cellar-service';
import { cellarSnapshot } from '../kernel/cellar-snapshot';
import { locationIdsOf } from '../kernel/locations';
import { isKnownLocation, locationKey, ownFieldsOf } from '../kernel/wine-fields';
import {
  type Actor,
  type CellarWineRecord,
  historyRecord,
  placementMap,
  toCellarWine,
} from '../kernel/wine-records';
import { laterThan, type WineChange } from '../kernel/wine-transaction';
import { writeChanges } from '../kernel/wine-writes';

/**
 * 409: the catalogue wine is already in the cellar. `fields.wineId` says so; `fields.ownWineId` is the
 * id of the row that is there, for the client to add bottles to it instead.
 */
export class AlreadyInCellarError extends DomainError {
  override name = 'AlreadyInCellarError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(readonly ownWineId: string) {
    super({ key: 'alreadyInCellar' }, { wineId: 'alreadyInCellar', ownWineId });
  }
}

/**
 * The cellar's rows of these catalogue wines, by catalogue id, read to be written on: the row keyed by
 * the catalogue id (strongly consistent), else the oldest row of it written before rows were so keyed.
 */
export async function rowsInCellar(
  ownerId: string,
  wineIds: readonly string[],
): Promise<Map<string, CellarWineRecord>> {
  const found = new Map<string, CellarWineRecord>();
  if (wineIds.length === 0) return found;
  const wanted = new Set(wineIds);
  const rowIds = new Map<string, string>(wineIds.map((id) => [id, id]));
  const older = new Map<string, { id: string; createdAt: string }>();
  for (const wine of (await cellarSnapshot(ownerId)).wines) {
    if (!wine.wineId || !wanted.has(wine.wineId) || wine.id === wine.wineId) continue;
    const seen = older.get(wine.wineId);
    if (!seen || wine.createdAt < seen.createdAt) older.set(wine.wineId, wine);
  }
  let pending = [...new Set([...rowIds.values(), ...[...older.values()].map((row) => row.id)])].map((id) => ({
    ownerId,
    id,
  }));
  const records = new Map<string, CellarWineRecord>();
  for (let round = 0; pending.length > 0; round++) {
    if (round >= 8) throw new Error('Unprocessed keys remained after 8 rounds');
    const { data, unprocessed } = await tables('cellar').cellarWine.get(pending).go({ consistent: true });
    for (const record of data) records.set(record.id, record);
    pending = (unprocessed ?? []) as typeof pending;
  }
  for (const wineId of wineIds) {
    const keyed = records.get(wineId);
    const old = older.get(wineId);
    const record = keyed?.wineId === wineId ? keyed : old ? records.get(old.id) : undefined;
    if (record) found.set(wineId, record);
  }
  return found;
}

/**
 * Records for new wines. Catalogue wines are read in batches and copied (identity, window, rating), so
 * the cellar keeps them whatever happens to the catalogue later.
 */
export async function newRecords(
  ownerId: string,
  inputs: readonly ParsedCellarWineInput[],
  path: (index: number) => string,
): Promise<CellarWineRecord[]> {
  const cellar = await cellarOf(ownerId);
  const locationIds = await locationIdsOf(ownerId);
  const categoryIds = inputs.some((input) => input.wineListCategoryId)
    ? await categoryIdsOf(ownerId)
    : new Set<string>();
  const catalogIds = inputs.flatMap((input) => (input.source === 'CUSTOM' ? [] : [input.wineId]));
  const catalog = catalogIds.length > 0 ? await getWines(catalogIds) : new Map();
  const now = new Date().toISOString();
  const fields: Record<string, string> = {};
  const records = inputs.map((input, index) => {
    if (!isKnownLocation(locationIds, input.locationId))
      fields[`${path(index)}locationId`] = 'unknownLocation';
    if (input.wineListCategoryId && !categoryIds.has(input.wineListCategoryId)) {
      fields[`${path(index)}wineListCategoryId`] = 'unknownCategory';
    }
    const base = {
      ownerId,
      // A catalogue wine's row is keyed by the catalogue wine: a second one cannot be written.
      id: input.source === 'CUSTOM' ? ulid() : input.wineId,
      cellarId: cellar.id,
      quantity: input.quantity,
      placements: placementMap([{ locationId: locationKey(input.locationId), quantity: input.quantity }]),
      createdAt: now,
      updatedAt: now,
    };
    if (input.source === 'CUSTOM') {
      const style = input.mainCategoryId ?? 'red';
      return {
        ...base,
        source: 'CUSTOM',
        wineName: input.wineName,
        producerName: input.producerName?.trim() || undefined,
        vintage: input.vintage ?? undefined,
        bottleSize: input.bottleSize,
        mainCategoryId: style,
        country: input.country?.trim() || undefined,
        region: input.region?.trim() || undefined,
        grapes: input.grapes ?? [],
        own: ownFieldsOf(input, {}, cellar.vats[style]),
      } as CellarWineRecord;
    }
    const wine = catalog.get(input.wineId);
    if (wine?.status !== 'active') {
      fields[`${path(index)}wineId`] = 'wineNotInCatalog';
      return undefined as unknown as CellarWineRecord;
    }
    const style = wine.mainCategoryId as MainCategory;
    const rating = wine.expertCount
      ? (wine.expertSum ?? 0) / wine.expertCount
      : wine.communityCount
        ? (wine.communitySum ?? 0) / wine.communityCount
        : undefined;
    return {
      ...base,
      source: 'KORK',
      wineId: wine.id,
      wineName: wine.name,
      producerName: wine.producer,
      vintage: wine.vintage ?? undefined,
      bottleSize: wine.bottleSize,
      mainCategoryId: style,
      country: wine.country,
      region: wine.region,
      grapes: wine.grapes ?? [],
      imageUrl: wine.imageUrl,
      vinmonopoletNumber: wine.vinmonopoletNumber,
      suggestedDrinkingWindowFrom: wine.suggestedDrinkingWindowFrom,
      suggestedDrinkingWindowTo: wine.suggestedDrinkingWindowTo,
      catalogRating: rating === undefined ? undefined : Math.round(rating),
      own: ownFieldsOf(input, {}, cellar.vats[style]),
    } as CellarWineRecord;
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return records;
}

/** The bottles of `input` added to a wine's placements. */
function withBottles(record: CellarWineRecord, input: ParsedCellarWineInput): CellarWineRecord {
  const placements = { ...(record.placements as Record<string, number>) };
  const key = locationKey(input.locationId) ?? '_';
  if (input.quantity > 0) placements[key] = (placements[key] ?? 0) + input.quantity;
  return { ...record, quantity: record.quantity + input.quantity, placements };
}

/**
 * What a batch import writes: a new wine per catalogue wine (the same wine twice in the batch is one
 * wine with the bottles of both, the first entry's fields), and for a catalogue wine already in the
 * cellar its bottles added to that row (a QUANTITY entry; its own fields stay as they are).
 */
function importChanges(
  inputs: readonly ParsedCellarWineInput[],
  records: readonly CellarWineRecord[],
  existing: ReadonlyMap<string, CellarWineRecord>,
  actor: Actor,
): { changes: WineChange[]; rows: CellarWineRecord[] } {
  const rows = new Map<string, { before?: CellarWineRecord; after: CellarWineRecord }>();
  const fields: Record<string, string> = {};
  inputs.forEach((input, index) => {
    const record = records[index] as CellarWineRecord;
    const there = input.source === 'CUSTOM' ? undefined : existing.get(input.wineId);
    const key = there?.id ?? record.id;
    const row = rows.get(key);
    if (!row && !there) {
      rows.set(key, { after: record });
      return;
    }
    const base = row?.after ?? (there as CellarWineRecord);
    const after = withBottles(base, input);
    if (after.quantity > QUANTITY_MAX)
      fields[`ownWines.${index}.quantity`] = withBounds('atMost', { max: QUANTITY_MAX - base.quantity });
    rows.set(key, { before: row ? row.before : there, after });
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  const changes: WineChange[] = [];
  for (const row of rows.values()) {
    const { before } = row;
    if (!before) {
      changes.push({ after: row.after, history: historyRecord(row.after, 'ADDED', null, row.after, actor) });
    } else if (row.after.quantity !== before.quantity) {
      row.after = { ...row.after, updatedAt: laterThan(before.updatedAt) };
      changes.push({
        before,
        after: row.after,
        history: historyRecord(row.after, 'QUANTITY', before, row.after, actor),
      });
    }
  }
  return { changes, rows: [...rows.values()].map((row) => row.after) };
}

/**
 * Adds wines (one or a bulk of up to 500); each is written with its history entry, in as many
 * transactions as they need and all or nothing (writeChanges takes back what was written when one
 * fails). A location or category deleted meanwhile is read again: the answer is then 400.
 *
 * One wine (`bulk: false`) from the catalogue that is already in the cellar is refused with 409
 * (AlreadyInCellarError). A bulk adds the bottles of such wines to the rows there (importChanges) and
 * answers one row per wine written or added to, in the order they first appear.
 */
export async function createOwnWines(
  ownerId: string,
  inputs: readonly ParsedCellarWineInput[],
  principal: Principal,
  options: { bulk: boolean },
): Promise<CellarWine[]> {
  const [actor, cellar] = await Promise.all([actorOf(principal), cellarOf(ownerId)]);
  const catalogIds = [
    ...new Set(inputs.flatMap((input) => (input.source === 'CUSTOM' ? [] : [input.wineId]))),
  ];
  const rows = await retryOnConflict(async () => {
    const records = await newRecords(ownerId, inputs, (index) => (options.bulk ? `ownWines.${index}.` : ''));
    // Read after the wines were checked against the catalogue, and again on every attempt: a row
    // written by a request that met this one is found now.
    const existing = await rowsInCellar(ownerId, catalogIds);
    if (!options.bulk) {
      const input = inputs[0];
      const there = input && input.source !== 'CUSTOM' ? existing.get(input.wineId) : undefined;
      if (there) throw new AlreadyInCellarError(there.id);
    }
    const { changes, rows } = importChanges(inputs, records, existing, actor);
    await writeChanges(changes);
    return rows;
  });
  return rows.map((record) => toCellarWine(record, cellar.baseCurrency));
}
