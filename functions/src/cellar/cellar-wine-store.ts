/**
 * How cellar wines and their history are kept: records ↔ API rows, the history entry of a change, and
 * the one way a change is written (the wine and its history entry in the same transaction).
 */
import {
  type Cellar,
  type CellarWine,
  type CellarWineSource,
  type HistoryAction,
  type HistoryEntry,
  type HistoryState,
  type MainCategory,
  type Placement,
  stockCost,
  surcharge,
  wineDisplayName,
} from '@kork/shared';
import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import { db } from '../data/entities';
import { TransactionCanceled } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { commitWithVersionBump, versionBump } from './cellar-version';
import { takeBack } from './take-back';

type Db = ReturnType<typeof db>;
export type CellarWineRecord = EntityItem<Db['entities']['cellarWine']>;
export type HistoryRecord = EntityItem<Db['entities']['cellarHistory']>;

/** The key placements use for Uncategorized (a map key cannot be null). */
const NO_LOCATION = '_';

export const OWN_FIELD_NAMES = [
  'purchaseNote',
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'sellingPriceLocked',
  'marketValue',
  'drinkingWindowFrom',
  'drinkingWindowTo',
  'newCategorisation',
  'rating',
  'pricePerGlass',
  'glassSize',
  'privateNote',
  'wineListCategoryId',
  'customListWineName',
  'customListProducerName',
  'posName',
  'posGlassName',
  'productId',
  'supplier',
  'showBottleSizeInList',
  'priceFormat',
] as const satisfies readonly (keyof CellarWine)[];

/** Owner-set fields, stored together in the record's `own` map (absent when not set). */
export type OwnFields = Partial<Pick<CellarWine, (typeof OWN_FIELD_NAMES)[number]>>;

export const PRICE_FIELDS = [
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'sellingPriceLocked',
  'marketValue',
  'pricePerGlass',
] as const;

/** Placements as a map (storage) from the API's list, dropping empty ones. */
export function placementMap(placements: readonly Placement[]): Record<string, number> {
  const map: Record<string, number> = {};
  for (const { locationId, quantity } of placements) {
    if (quantity <= 0) continue;
    const key = locationId ?? NO_LOCATION;
    map[key] = (map[key] ?? 0) + quantity;
  }
  return map;
}

/** The API's list from a stored map: most bottles first, Uncategorized as `locationId: null`. */
export function placementList(map: Record<string, number> | undefined): Placement[] {
  return Object.entries(map ?? {})
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => ({ locationId: key === NO_LOCATION ? null : key, quantity }))
    .sort((a, b) => b.quantity - a.quantity || String(a.locationId).localeCompare(String(b.locationId)));
}

export function ownOf(record: Pick<CellarWineRecord, 'own'>): OwnFields {
  return (record.own ?? {}) as OwnFields;
}

/**
 * An inventory row from a record; money in `currency` (the cellar's base currency). The record's
 * internal stamps that are no part of a cellar wine (the purchase price a price review compares
 * against) stay on the record.
 */
export function toCellarWine(record: CellarWineRecord, currency: Cellar['baseCurrency']): CellarWine {
  const { previousPurchasePriceWvat: _internal, ...own } = ownOf(record) as OwnFields & {
    previousPurchasePriceWvat?: number;
  };
  const vintage = record.vintage ?? null;
  return {
    id: record.id,
    cellarId: record.cellarId,
    ownerId: record.ownerId,
    source: record.source as CellarWineSource,
    wineId: record.wineId,
    wineName: record.wineName,
    producerName: record.producerName,
    vintage,
    bottleSize: record.bottleSize,
    mainCategoryId: record.mainCategoryId as MainCategory,
    country: record.country,
    region: record.region,
    grapes: (record.grapes as CellarWine['grapes']) ?? [],
    imageUrl: record.imageUrl,
    vinmonopoletNumber: record.vinmonopoletNumber,
    externalIds: (record.externalIds as CellarWine['externalIds']) ?? undefined,
    suggestedDrinkingWindowFrom: record.suggestedDrinkingWindowFrom,
    suggestedDrinkingWindowTo: record.suggestedDrinkingWindowTo,
    wineDisplayName: wineDisplayName({
      wineName: record.wineName,
      producerName: record.producerName,
      vintage,
    }),
    quantity: record.quantity,
    placements: placementList(record.placements as Record<string, number>),
    ...own,
    sellingPriceLocked: own.sellingPriceLocked ?? false,
    showBottleSizeInList: own.showBottleSizeInList ?? false,
    priceFormat: own.priceFormat ?? 'display',
    rating: own.rating ?? record.catalogRating,
    surcharge: surcharge(own.sellingPrice, own.purchasePriceWvat),
    cost: stockCost(record.quantity, own.purchasePriceWovat),
    currency,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** What a history entry records of a wine: its stock and its prices. */
export function stateOf(record: CellarWineRecord): HistoryState {
  const own = ownOf(record);
  const state: HistoryState = {
    quantity: record.quantity,
    placements: placementList(record.placements as Record<string, number>),
  };
  for (const field of PRICE_FIELDS)
    if (own[field] !== undefined) (state as Record<string, unknown>)[field] = own[field];
  return state;
}

export interface Actor {
  userId: string;
  name: string;
}

/** Who is making a change, with the name history shows. */
export async function actorOf(principal: Principal): Promise<Actor> {
  const { data } = await db()
    .entities.user.get({ id: principal.userId })
    .go({ attributes: ['firstName', 'lastName'] });
  const name = data ? `${data.firstName} ${data.lastName}`.trim() : '';
  return { userId: principal.userId, name: name || principal.userId };
}

export function historyRecord(
  wine: CellarWineRecord,
  action: HistoryAction,
  before: CellarWineRecord | null,
  after: CellarWineRecord | null,
  actor: Actor,
  extra: Record<string, unknown> = {},
): HistoryRecord {
  const id = ulid();
  return {
    ownerId: wine.ownerId,
    id,
    at: new Date().toISOString(),
    action,
    ownWineId: wine.id,
    wineDisplayName: wineDisplayName({
      wineName: wine.wineName,
      producerName: wine.producerName,
      vintage: wine.vintage ?? null,
    }),
    actorId: actor.userId,
    actorName: actor.name,
    before: before ? { ...stateOf(before), ...extra } : null,
    after: after ? { ...stateOf(after), ...extra } : null,
  } as HistoryRecord;
}

export function toHistoryEntry(record: HistoryRecord): HistoryEntry {
  return {
    id: record.id,
    at: record.at,
    action: record.action as HistoryAction,
    ownWineId: record.ownWineId,
    wineDisplayName: record.wineDisplayName,
    actorId: record.actorId,
    actorName: record.actorName,
    before: (record.before as HistoryState | null) ?? null,
    after: (record.after as HistoryState | null) ?? null,
  };
}

/** One change to one wine: its new state (or its deletion) and the history entry that tells of it. */
export interface WineChange {
  /** The record as read before the change; absent for a new wine. */
  before?: CellarWineRecord;
  /** The record after the change; absent for a deletion. */
  after?: CellarWineRecord;
  history: HistoryRecord;
  /**
   * The change takes back an earlier one that was written (a multi-transaction change that failed part
   * way): `history` is that change's entry, and it is removed instead of written.
   */
  retracts?: boolean;
}

/** Items one transaction may hold; each change is two (the wine and its history). */
const TRANSACTION_ITEMS = 100;
/** Items of a transaction that are not a change's: the cellar's version (cellar-version.ts). */
const RESERVED_ITEMS = 1;
export const CHANGES_PER_TRANSACTION = Math.floor((TRANSACTION_ITEMS - RESERVED_ITEMS) / 2);

/**
 * A location or wine list category a change puts bottles or a wine into: it must still exist, and not
 * be on its way out, when the change is written.
 */
interface Prerequisite {
  kind: 'location' | 'category';
  ownerId: string;
  id: string;
}

/** What the change puts the wine into that it was not in: locations gaining bottles, a new category. */
function prerequisitesOfChange({ before, after }: WineChange): Prerequisite[] {
  if (!after) return [];
  const was = (before?.placements ?? {}) as Record<string, number>;
  const found: Prerequisite[] = [];
  for (const [key, quantity] of Object.entries(after.placements as Record<string, number>)) {
    if (key !== NO_LOCATION && quantity > (was[key] ?? 0))
      found.push({ kind: 'location', ownerId: after.ownerId, id: key });
  }
  const category = ownOf(after).wineListCategoryId;
  if (category && (!before || ownOf(before).wineListCategoryId !== category))
    found.push({ kind: 'category', ownerId: after.ownerId, id: category });
  return found;
}

function prerequisitesOf(slice: readonly WineChange[]): Prerequisite[] {
  const distinct = new Map<string, Prerequisite>();
  for (const change of slice)
    for (const p of prerequisitesOfChange(change)) distinct.set(`${p.kind}#${p.id}`, p);
  return [...distinct.values()];
}

/** Consecutive runs of changes that each fit in one transaction with their prerequisites' checks. */
export function transactionsOf(changes: readonly WineChange[]): WineChange[][] {
  const slices: WineChange[][] = [];
  let slice: WineChange[] = [];
  for (const change of changes) {
    const next = [...slice, change];
    const items = next.length * 2 + prerequisitesOf(next).length + RESERVED_ITEMS;
    if (slice.length > 0 && items > TRANSACTION_ITEMS) {
      slices.push(slice);
      slice = [change];
    } else slice = next;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

/**
 * Writes changes with their history, 49 to a transaction. Every wine write is conditional: a new wine
 * must not exist, a changed or deleted one must still be as it was read (its `updatedAt`), so two
 * people editing at once cannot overwrite each other; the loser gets 409 and nothing of its
 * transaction is written. The locations and categories a change puts a wine into are checked in the
 * same transaction: they exist and are not being deleted.
 *
 * The changes are one change to the caller however many transactions they take: when a transaction
 * fails, the ones already written are taken back (wine and history entry alike) before the error is
 * thrown, so a failed bulk write leaves nothing half-written. Each wine appears at most once.
 */
export async function writeChanges(changes: readonly WineChange[]): Promise<void> {
  const progress: WriteProgress = { written: [], pending: [] };
  try {
    await writeEach(changes, progress);
  } catch (error) {
    // A cancelled transaction wrote nothing (the SDK's own retries carry one idempotency token, so a
    // retry cannot be refused for a change the first attempt made); any other failure may have been
    // applied with its answer lost, and taking back tells by the history entries.
    const pending = error instanceof TransactionCanceled ? [] : progress.pending;
    if (progress.written.length > 0 || pending.length > 0) await takeBack(progress.written, pending);
    throw error;
  }
}

/**
 * Where a multi-transaction write got to: `written` are applied; `pending` is the transaction that was
 * being written when it failed (it may or may not have been applied: an answer can be lost on the way
 * back; taking back tells by whether its history entries exist).
 */
export interface WriteProgress {
  written: WineChange[];
  pending: WineChange[];
}

/** Writes changes transaction by transaction, recording progress, without taking anything back. */
export async function writeEach(changes: readonly WineChange[], progress: WriteProgress): Promise<void> {
  for (const slice of transactionsOf(changes)) {
    progress.pending = slice;
    await writeTransaction(slice);
    progress.written.push(...slice);
    progress.pending = [];
  }
}

/** The transaction's entities, as ElectroDB hands them to a transaction's builder. */
export type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];

/**
 * Items another domain writes in the same transaction as the wine changes (a sale, an order, a stock
 * count and its state), built from the transaction's entities. They come after the changes' items, so
 * a cancellation reason's index below `2 × changes` still names a change.
 */
export type ExtraItems = (entities: TransactionEntities) => readonly unknown[];

/** How many items a transaction's changes take, with their prerequisites' checks and the version item. */
export function itemsOf(slice: readonly WineChange[]): number {
  return slice.length * 2 + prerequisitesOf(slice).length + RESERVED_ITEMS;
}

/** The index of a transaction's first extra item (ExtraItems): after the changes and their checks. */
export function extraItemsIndex(slice: readonly WineChange[]): number {
  return slice.length * 2 + prerequisitesOf(slice).length;
}

/** Items a transaction may hold in all. */
export const MAX_TRANSACTION_ITEMS = TRANSACTION_ITEMS;

/**
 * One transaction: each change's wine and history entry, its prerequisites' checks, the caller's
 * `extra` items, the version (unless `bumpVersion: false`: the caller then raises it after the write). The caller keeps `itemsOf(slice)` + its extra items within
 * MAX_TRANSACTION_ITEMS.
 */
export async function writeTransaction(
  changes: readonly WineChange[],
  extra?: ExtraItems,
  { bumpVersion = true }: { bumpVersion?: boolean } = {},
): Promise<void> {
  const at = new Date().toISOString();
  const slice = changes.map((change) => stampPrices(change, at));
  const prerequisites = prerequisitesOf(slice);
  // A bulk write of many transactions at once raises the version once when it is done (bumpCellarVersion)
  // instead of in each of them, where they would all meet on the one version item.
  const owners = bumpVersion ? [...new Set(slice.map((change) => change.history.ownerId))] : [];
  await commitWithVersionBump(owners, (bump) =>
    db().transaction.write((entities) => {
      const { cellarWine, cellarHistory, cellarLocation, wineListCategory, cellarVersion } = entities;
      return [
        ...slice.flatMap((change) => [
          wineWrite(cellarWine, change),
          change.retracts
            ? cellarHistory.delete({ ownerId: change.history.ownerId, id: change.history.id }).commit()
            : cellarHistory.create(change.history).commit(),
        ]),
        ...prerequisites.map((p) => stillThere(p.kind === 'location' ? cellarLocation : wineListCategory, p)),
        ...((extra?.(entities) ?? []) as never[]),
        ...(bump ? owners.map((ownerId) => versionBump(cellarVersion, ownerId)) : []),
      ];
    }),
  );
}

/**
 * Marks on the written record when its purchase price without VAT was last set to a new value and when
 * its selling or glass price was last set, whoever wrote it (an edit, a received order, an import, a
 * price rule): a purchase price changed after the selling price was set puts the wine under price
 * review (docs/pricing.md). A stamp the change sets itself (keeping a price under review) is kept.
 */
export function stampPrices(change: WineChange, at: string): WineChange {
  const { before, after } = change;
  if (!after || change.retracts) return change;
  const was: OwnFields = before ? ownOf(before) : {};
  const own = ownOf(after);
  const stamps: Partial<OwnFields> & {
    purchasePriceChangedAt?: string;
    sellingPriceSetAt?: string;
    previousPurchasePriceWvat?: number | undefined;
  } = {};
  const wasStamps = was as { purchasePriceChangedAt?: string; sellingPriceSetAt?: string };
  const ownStamps = own as { purchasePriceChangedAt?: string; sellingPriceSetAt?: string };
  if (own.purchasePriceWovat !== undefined && own.purchasePriceWovat !== was.purchasePriceWovat) {
    stamps.purchasePriceChangedAt = at;
    // The purchase price (inc VAT) the selling price was set against, kept while the wine waits for
    // review: without a default rule set the proposed price keeps the mark-up over it.
    const wasUnderReview = (wasStamps.purchasePriceChangedAt ?? '') > (wasStamps.sellingPriceSetAt ?? '');
    if (!wasUnderReview) stamps.previousPurchasePriceWvat = was.purchasePriceWvat;
  }
  const priceSet = own.sellingPrice !== was.sellingPrice || own.pricePerGlass !== was.pricePerGlass;
  if (priceSet && ownStamps.sellingPriceSetAt === wasStamps.sellingPriceSetAt) stamps.sellingPriceSetAt = at;
  if (Object.keys(stamps).length === 0) return change;
  const stamped: Record<string, unknown> = { ...own, ...stamps };
  if (stamped.previousPurchasePriceWvat === undefined) delete stamped.previousPurchasePriceWvat;
  // The caller's record takes the stamps too, so what a route answers is what was written.
  (after as { own: unknown }).own = stamped;
  return change;
}

/** The condition check of a prerequisite: the item exists and is not being deleted. */
// biome-ignore lint/suspicious/noExplicitAny: ElectroDB's transaction entity type is not exported.
function stillThere(entity: any, p: Prerequisite) {
  return entity
    .check({ ownerId: p.ownerId, id: p.id })
    .where(
      // biome-ignore lint/suspicious/noExplicitAny: see above
      (attr: any, op: any) => `${op.exists(attr.id)} AND ${op.notExists(attr.deleting)}`,
    )
    .commit();
}

// biome-ignore lint/suspicious/noExplicitAny: ElectroDB's transaction entity type is not exported.
function wineWrite(entity: any, change: WineChange) {
  const { before, after } = change;
  if (!after && before) {
    return entity
      .delete({ ownerId: before.ownerId, id: before.id })
      .where(
        // biome-ignore lint/suspicious/noExplicitAny: see above
        (attr: any, op: any) => op.eq(attr.updatedAt, before.updatedAt),
      )
      .commit();
  }
  if (after && !before) return entity.create(after).commit();
  return entity
    .put(after)
    .where(
      // biome-ignore lint/suspicious/noExplicitAny: see above
      (attr: any, op: any) => op.eq(attr.updatedAt, before?.updatedAt),
    )
    .commit();
}

export { laterThan } from '../data/transactions';

/** The owner's whole inventory, every page. */
export async function inventoryOf(ownerId: string): Promise<CellarWineRecord[]> {
  // Strongly consistent: read after the cellar's version, it holds every change that version counts.
  const { data } = await db()
    .entities.cellarWine.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  return data;
}

export async function cellarWineOf(ownerId: string, id: string): Promise<CellarWineRecord | undefined> {
  const { data } = await db().entities.cellarWine.get({ ownerId, id }).go();
  return data ?? undefined;
}
