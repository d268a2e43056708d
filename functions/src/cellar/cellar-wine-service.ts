/**
 * A cellar's wines (SPEC §1 cellar management, §3 inventory columns): add from the catalogue or as custom
 * wines, edit, price, move between locations, delete, and list with filters, sort and totals. Every
 * change is written with its history entry in one transaction (cellar-wine-store.ts).
 */
import {
  type CellarWine,
  type CellarWinePage,
  type CellarWineQuery,
  type CellarWineUpdate,
  followPurchasePrice,
  type MainCategory,
  type MoveInput,
  type ParsedCellarWineInput,
  purchasePrices,
  UNCATEGORIZED,
} from '@kork/shared';
import { ulid } from 'ulid';
import { getWines } from '../catalog/catalog-store';
import { db } from '../data/entities';
import { retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { categoryIdsOf } from './category-service';
import { cellarOf } from './cellar-service';
import { cellarSnapshot, InventoryIndex } from './cellar-snapshot';
import {
  type Actor,
  actorOf,
  type CellarWineRecord,
  cellarWineOf,
  historyRecord,
  inventoryOf,
  laterThan,
  OWN_FIELD_NAMES,
  type OwnFields,
  ownOf,
  PRICE_FIELDS,
  placementList,
  placementMap,
  toCellarWine,
  type WineChange,
  type WriteProgress,
  writeChanges,
  writeEach,
} from './cellar-wine-store';
import { locationIdsOf } from './location-store';
import { emptyWithRetries } from './tree-writes';

// — Reading —

// The listing reads the cellar's snapshot (cellar-snapshot.ts): one small read when nothing changed.
export { isDrinkNow, totalsOf } from './cellar-snapshot';

/** Filters, sorts and pages an inventory (pure: the route and its tests share it). */
export function queryInventory(
  all: readonly CellarWine[],
  query: CellarWineQuery,
  locationScope?: (locationIds: readonly string[]) => Set<string | null>,
): CellarWinePage {
  return new InventoryIndex(all).query(query, locationScope);
}

export async function listOwnWines(ownerId: string, query: CellarWineQuery): Promise<CellarWinePage> {
  const snapshot = await cellarSnapshot(ownerId);
  return snapshot.inventory.query(query, (ids) => snapshot.locationScope(ids));
}

export async function getOwnWine(ownerId: string, id: string): Promise<CellarWine> {
  const [cellar, record] = await Promise.all([cellarOf(ownerId), cellarWineOf(ownerId, id)]);
  if (!record) throw new NotFoundError();
  return toCellarWine(record, cellar.baseCurrency);
}

// — Writing —

/** Own fields from an input: nulls and empty text dropped, purchase prices derived from each other. */
function ownFieldsOf(
  input: Partial<Record<keyof OwnFields, unknown>>,
  base: OwnFields,
  vat: number,
): OwnFields {
  const own: Record<string, unknown> = { ...base };
  for (const field of OWN_FIELD_NAMES) {
    if (!(field in input) || input[field] === undefined) continue;
    const value = typeof input[field] === 'string' ? (input[field] as string).trim() : input[field];
    if (value === null || value === '') delete own[field];
    else own[field] = value;
  }
  const purchaseGiven = 'purchasePriceWovat' in input || 'purchasePriceWvat' in input;
  if (purchaseGiven) {
    const prices = purchasePrices(
      {
        purchasePriceWovat: input.purchasePriceWovat as number | null | undefined,
        purchasePriceWvat:
          input.purchasePriceWovat === undefined
            ? (input.purchasePriceWvat as number | null | undefined)
            : undefined,
      },
      vat,
    );
    for (const key of ['purchasePriceWovat', 'purchasePriceWvat'] as const) {
      if (prices[key] == null) delete own[key];
      else own[key] = prices[key];
    }
    // An unlocked selling price follows the purchase price, keeping its mark-up, unless one is given too.
    if (!('sellingPrice' in input) || input.sellingPrice === undefined) {
      const followed = followPurchasePrice({
        sellingPrice: base.sellingPrice,
        locked: (own.sellingPriceLocked as boolean | undefined) ?? false,
        oldPurchaseWvat: base.purchasePriceWvat,
        newPurchaseWvat: own.purchasePriceWvat as number | undefined,
      });
      if (followed == null) delete own.sellingPrice;
      else own.sellingPrice = followed;
    }
  }
  const from = own.drinkingWindowFrom as number | undefined;
  const to = own.drinkingWindowTo as number | undefined;
  if (from != null && to != null && from > to)
    throw new ValidationError({ drinkingWindowTo: 'invalidValue' });
  return own as OwnFields;
}

/** Whether a location id names one of this cellar's locations (none and Uncategorized always do). */
function isKnownLocation(locationIds: Set<string>, locationId: string | null | undefined): boolean {
  return !locationId || locationId === UNCATEGORIZED || locationIds.has(locationId);
}

function assertLocation(
  locationIds: Set<string>,
  locationId: string | null | undefined,
  field: string,
): void {
  if (!isKnownLocation(locationIds, locationId)) throw new ValidationError({ [field]: 'unknownLocation' });
}

function locationKey(locationId: string | null | undefined): string | null {
  return !locationId || locationId === UNCATEGORIZED ? null : locationId;
}

/**
 * Records for new wines. Catalogue wines are read in batches and copied (identity, window, rating), so
 * the cellar keeps them whatever happens to the catalogue later.
 */
async function newRecords(
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
      id: ulid(),
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

/**
 * Adds wines (one or a bulk of up to 500); each is written with its ADDED history entry, in as many
 * transactions as they need and all or nothing (writeChanges takes back what was written when one
 * fails). A location or category deleted meanwhile is read again: the answer is then 400.
 */
export async function createOwnWines(
  ownerId: string,
  inputs: readonly ParsedCellarWineInput[],
  principal: Principal,
  options: { bulk: boolean },
): Promise<CellarWine[]> {
  const [actor, cellar] = await Promise.all([actorOf(principal), cellarOf(ownerId)]);
  const records = await retryOnConflict(async () => {
    const records = await newRecords(ownerId, inputs, (index) => (options.bulk ? `ownWines.${index}.` : ''));
    await writeChanges(
      records.map((after) => ({ after, history: historyRecord(after, 'ADDED', null, after, actor) })),
    );
    return records;
  });
  return records.map((record) => toCellarWine(record, cellar.baseCurrency));
}

/** A wine as it is now (strongly consistent), for a write to decide on. */
async function currentWine(ownerId: string, id: string): Promise<CellarWineRecord | undefined> {
  const { data } = await db().entities.cellarWine.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** Another request changed what this one sets since it was read: it is not written over it (409). */
const STALE = Symbol('stale');

const PURCHASE_DEPENDENCIES = [
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'sellingPriceLocked',
] as const;

/**
 * What an update reads of the wine to decide what it writes: the fields it sets and those they are
 * derived from. Another change to any of them in between makes the update stale; a change to anything
 * else (bottles moved, another field) is not in its way, and it is applied again on the fresh record.
 */
function dependenciesOf(changes: CellarWineUpdate): (record: CellarWineRecord) => string {
  const top = new Set<string>();
  const own = new Set<string>();
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || key === 'locationId') continue;
    if (key === 'quantity' || (IDENTITY_FIELDS as readonly string[]).includes(key)) top.add(key);
    else own.add(key);
    if (key === 'purchasePriceWovat' || key === 'purchasePriceWvat') {
      for (const field of PURCHASE_DEPENDENCIES) own.add(field);
      top.add('mainCategoryId');
    }
    if (key === 'drinkingWindowFrom' || key === 'drinkingWindowTo') {
      own.add('drinkingWindowFrom');
      own.add('drinkingWindowTo');
    }
  }
  return (record) => {
    const fields = record as Record<string, unknown>;
    const ownFields = ownOf(record) as Record<string, unknown>;
    return JSON.stringify([[...top].map((k) => fields[k]), [...own].map((k) => ownFields[k])]);
  };
}

const IDENTITY_FIELDS = [
  'wineName',
  'producerName',
  'vintage',
  'bottleSize',
  'mainCategoryId',
  'country',
  'region',
] as const;

/** Moves `delta` bottles into (positive) or out of (negative) a wine's placements. */
function adjustPlacements(
  placements: Record<string, number>,
  delta: number,
  locationId: string | null | undefined,
): Record<string, number> {
  const list = placementList(placements);
  if (delta > 0) {
    const target = locationId !== undefined ? locationKey(locationId) : (list[0]?.locationId ?? null);
    return placementMap([...list, { locationId: target, quantity: delta }]);
  }
  // Take from the named location first, then from where most bottles are.
  let remaining = -delta;
  const ordered =
    locationId !== undefined
      ? [...list].sort(
          (a, b) =>
            Number(b.locationId === locationKey(locationId)) -
            Number(a.locationId === locationKey(locationId)),
        )
      : list;
  const next = ordered.map((p) => {
    const take = Math.min(p.quantity, remaining);
    remaining -= take;
    return { ...p, quantity: p.quantity - take };
  });
  return placementMap(next);
}

/**
 * Edits a wine. The write is conditional on the wine as read; when another change came first, the
 * edit is applied again on the fresh record if that change did not touch what this one sets (a
 * quantity change then moves the difference on the fresh placements), and answers 409 otherwise.
 */
export async function updateOwnWine(
  ownerId: string,
  id: string,
  changes: CellarWineUpdate,
  principal: Principal,
): Promise<CellarWine> {
  const [cellar, actor] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  const dependencies = dependenciesOf(changes);
  let first: string | undefined;
  const outcome = await retryOnConflict(async () => {
    const before = await currentWine(ownerId, id);
    if (!before) throw new NotFoundError();
    first ??= dependencies(before);
    if (dependencies(before) !== first) return STALE;
    if (changes.locationId !== undefined)
      assertLocation(await locationIdsOf(ownerId), changes.locationId, 'locationId');
    if (changes.wineListCategoryId) await assertCategory(ownerId, changes.wineListCategoryId);

    const after = { ...before, updatedAt: laterThan(before.updatedAt) } as {
      -readonly [K in keyof CellarWineRecord]: CellarWineRecord[K];
    };
    const writable = after as Record<string, unknown>;
    if (before.source === 'CUSTOM') {
      for (const field of IDENTITY_FIELDS) {
        const value = changes[field];
        if (value === undefined) continue;
        if (value === null || value === '') delete writable[field];
        else writable[field] = typeof value === 'string' ? value.trim() : value;
      }
    } else if (IDENTITY_FIELDS.some((field) => changes[field] !== undefined)) {
      // A catalogue wine's identity is the catalogue's; the owner renames it on lists with the custom names.
      throw new ValidationError(
        Object.fromEntries(
          IDENTITY_FIELDS.filter((f) => changes[f] !== undefined).map((f) => [f, 'invalidValue']),
        ),
      );
    }
    const style = after.mainCategoryId as MainCategory;
    after.own = ownFieldsOf(changes, ownOf(before), cellar.vats[style]);
    if (changes.quantity !== undefined && changes.quantity !== before.quantity) {
      after.placements = adjustPlacements(
        before.placements as Record<string, number>,
        changes.quantity - before.quantity,
        changes.locationId,
      );
      after.quantity = changes.quantity;
    }

    const action = actionOf(before, after);
    if (!action) return before;
    await writeChanges([{ before, after, history: historyRecord(after, action, before, after, actor) }]);
    return after as CellarWineRecord;
  });
  if (outcome === STALE) throw new ConflictError();
  return toCellarWine(outcome, cellar.baseCurrency);
}

/** What kind of change it was: stock first, then prices, then anything else; undefined for none. */
function actionOf(
  before: CellarWineRecord,
  after: CellarWineRecord,
): 'QUANTITY' | 'PRICES' | 'UPDATED' | undefined {
  if (before.quantity !== after.quantity) return 'QUANTITY';
  const a = ownOf(before);
  const b = ownOf(after);
  if (PRICE_FIELDS.some((field) => a[field] !== b[field])) return 'PRICES';
  const same = JSON.stringify({ ...before, updatedAt: '' }) === JSON.stringify({ ...after, updatedAt: '' });
  return same ? undefined : 'UPDATED';
}

async function assertCategory(ownerId: string, categoryId: string): Promise<void> {
  if (!(await categoryIdsOf(ownerId)).has(categoryId)) {
    throw new ValidationError({ wineListCategoryId: 'unknownCategory' });
  }
}

/**
 * Deletes wines by id; ids not in this cellar are ignored. Answers how many went. A wine changed while
 * it was being deleted is read again and deleted as it is then; all or nothing.
 */
export async function deleteOwnWines(
  ownerId: string,
  ids: readonly string[],
  principal: Principal,
): Promise<number> {
  const wanted = new Set(ids);
  const actor = await actorOf(principal);
  return retryOnConflict(async () => {
    const records =
      wanted.size > 25
        ? await inventoryOf(ownerId)
        : await Promise.all([...wanted].map((id) => currentWine(ownerId, id)));
    const doomed = records.filter((r): r is CellarWineRecord => Boolean(r && wanted.has(r.id)));
    await writeChanges(
      doomed.map((before) => ({ before, history: historyRecord(before, 'DELETED', before, null, actor) })),
    );
    return doomed.length;
  });
}

/**
 * Attempts of a relative change (moving bottles) before it answers 409: many requests moving bottles
 * of one wine at once each apply in turn, one per round. It stops trying well within the route's time
 * limit, so the answer is a 409 and never a timeout.
 */
const MOVE_ATTEMPTS = 40;
const MOVE_BUDGET_MS = 20_000;

/**
 * Moves bottles between locations. Moves of one wine are applied together (one item per wine in the
 * transaction), and all of them apply or none (writeChanges takes back a part written). A move is
 * relative, so when another change to a wine came first it is decided again on the fresh wine; when
 * the bottles are no longer there it answers 400 and changes nothing. The locations bottles go into
 * are checked in the same transaction: one being deleted takes none.
 */
export async function moveOwnWines(
  ownerId: string,
  moves: MoveInput['moves'],
  principal: Principal,
): Promise<CellarWine[]> {
  const [cellar, actor] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  const started = Date.now();
  const changes = await retryOnConflict(async (attempt) => {
    if (attempt > 0 && Date.now() - started > MOVE_BUDGET_MS) return STALE;
    const locationIds = await locationIdsOf(ownerId);
    const byWine = new Map<string, MoveInput['moves']>();
    moves.forEach((move, index) => {
      assertLocation(locationIds, move.fromLocationId, `moves.${index}.fromLocationId`);
      assertLocation(locationIds, move.toLocationId, `moves.${index}.toLocationId`);
      byWine.set(move.ownWineId, [...(byWine.get(move.ownWineId) ?? []), move]);
    });
    const records = await Promise.all([...byWine.keys()].map((wineId) => currentWine(ownerId, wineId)));
    const changes: WineChange[] = [];
    for (const before of records) {
      if (!before) throw new NotFoundError();
      const placements = { ...(before.placements as Record<string, number>) };
      for (const move of byWine.get(before.id) ?? []) {
        const from = locationKey(move.fromLocationId) ?? '_';
        const to = locationKey(move.toLocationId) ?? '_';
        if ((placements[from] ?? 0) < move.quantity) {
          throw new ValidationError({ [`moves.${moves.indexOf(move)}.quantity`]: 'notEnoughBottles' });
        }
        placements[from] = (placements[from] ?? 0) - move.quantity;
        placements[to] = (placements[to] ?? 0) + move.quantity;
      }
      const after = {
        ...before,
        placements: placementMap(placementList(placements)),
        updatedAt: laterThan(before.updatedAt),
      };
      changes.push({ before, after, history: historyRecord(after, 'MOVED', before, after, actor) });
    }
    await writeChanges(changes);
    return changes;
  }, MOVE_ATTEMPTS);
  if (changes === STALE) throw new ConflictError();
  return changes.map((change) => toCellarWine(change.after as CellarWineRecord, cellar.baseCurrency));
}

/**
 * Every bottle in the given locations becomes Uncategorized (the locations are being deleted, so none
 * can come in meanwhile), each wine with its MOVED entry. A wine changed since it was read is read
 * again. What is written is recorded in `progress`, for the deletion to take back should it fail.
 */
export async function uncategorizeBottles(
  ownerId: string,
  locationIds: ReadonlySet<string>,
  actor: Actor,
  progress: WriteProgress & { uncertain: WineChange[] },
): Promise<void> {
  await emptyWithRetries(progress, async () => {
    const records = await inventoryOf(ownerId);
    const changes: WineChange[] = [];
    for (const before of records) {
      const placements = before.placements as Record<string, number>;
      const moved = Object.keys(placements).filter((key) => locationIds.has(key));
      if (moved.length === 0) continue;
      const next: Record<string, number> = {};
      for (const [key, quantity] of Object.entries(placements)) {
        const target = locationIds.has(key) ? '_' : key;
        next[target] = (next[target] ?? 0) + quantity;
      }
      const after = { ...before, placements: next, updatedAt: laterThan(before.updatedAt) };
      changes.push({ before, after, history: historyRecord(after, 'MOVED', before, after, actor) });
    }
    await writeEach(changes, progress);
  });
}

/**
 * Wines in the given categories lose them (the categories are being deleted), with UPDATED entries;
 * recorded in `progress` like uncategorizeBottles.
 */
export async function clearCategory(
  ownerId: string,
  categoryIds: ReadonlySet<string>,
  actor: Actor,
  progress: WriteProgress & { uncertain: WineChange[] },
): Promise<void> {
  await emptyWithRetries(progress, async () => {
    const records = await inventoryOf(ownerId);
    const changes: WineChange[] = [];
    for (const before of records) {
      const own = ownOf(before);
      if (!own.wineListCategoryId || !categoryIds.has(own.wineListCategoryId)) continue;
      const { wineListCategoryId: _gone, ...rest } = own;
      const after = { ...before, own: rest, updatedAt: laterThan(before.updatedAt) };
      changes.push({
        before,
        after,
        history: historyRecord(after, 'UPDATED', before, after, actor),
      });
    }
    await writeEach(changes, progress);
  });
}
