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
import type { Principal } from '../platform/auth';
import { commitWithVersionBump, versionBump } from './cellar-version';

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

/** An inventory row from a record; money in `currency` (the cellar's base currency). */
export function toCellarWine(record: CellarWineRecord, currency: Cellar['baseCurrency']): CellarWine {
  const own = ownOf(record);
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
}

/** Items one transaction may hold; each change is two (the wine and its history), one is the version. */
const TRANSACTION_ITEMS = 100;
export const CHANGES_PER_TRANSACTION = Math.floor((TRANSACTION_ITEMS - 1) / 2);

/**
 * Writes changes with their history, 50 to a transaction. Every wine write is conditional: a new wine
 * must not exist, a changed or deleted one must still be as it was read (its `updatedAt`), so two
 * people editing at once cannot overwrite each other; the loser gets 409 and nothing of its
 * transaction is written.
 */
export async function writeChanges(changes: readonly WineChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += CHANGES_PER_TRANSACTION) {
    const slice = changes.slice(start, start + CHANGES_PER_TRANSACTION);
    const owners = [...new Set(slice.map((change) => change.history.ownerId))];
    // The cellar's version rises with its wines, in the same transaction (docs/cellar-reads.md).
    await commitWithVersionBump(owners, (bump) =>
      db().transaction.write(({ cellarWine, cellarHistory, cellarVersion }) => [
        ...slice.flatMap((change) => [
          wineWrite(cellarWine, change),
          cellarHistory.create(change.history).commit(),
        ]),
        ...(bump ? owners.map((ownerId) => versionBump(cellarVersion, ownerId)) : []),
      ]),
    );
  }
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

/** An updatedAt after the previous one, even within the same millisecond (the write condition needs it to change). */
export function laterThan(previous: string): string {
  const now = new Date();
  const last = Date.parse(previous);
  return (now.getTime() > last ? now : new Date(last + 1)).toISOString();
}

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
