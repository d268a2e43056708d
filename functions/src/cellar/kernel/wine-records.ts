/**
 * Cellar wines and their history as stored: the record types, records ↔ API rows, and the history
 * entry of a change (kernel: other domains build their stock movements with these).
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
import { ulid } from 'ulid';
import type { Actor } from '../../accounts/account-lookup';
import type { EntityRecord } from '../../data/tables';

export type { Actor } from '../../accounts/account-lookup';
export type CellarWineRecord = EntityRecord<'cellarWine'>;
export type HistoryRecord = EntityRecord<'cellarHistory'>;

/** The key placements use for Uncategorized (a map key cannot be null). */
export const NO_LOCATION = '_';

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
  'parLevel',
  'reorderPoint',
  'caseSize',
  'alcohol',
  'container',
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

/** The reorder levels (docs/reorder.md): a history entry records them as it records prices. */
export const REORDER_FIELDS = ['parLevel', 'reorderPoint', 'caseSize'] as const;

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
  for (const field of [...PRICE_FIELDS, ...REORDER_FIELDS])
    if (own[field] !== undefined) (state as Record<string, unknown>)[field] = own[field];
  return state;
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
