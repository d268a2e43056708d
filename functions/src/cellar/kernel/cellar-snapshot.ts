/**
 * A cellar as one function instance holds it in memory: its wines as API rows, its locations, settings
 * and latest history, with what filtering and sorting need worked out once (docs/cellar-reads.md).
 *
 * `cellarSnapshot(ownerId)` reads the cellar's version (one strongly-consistent GetItem) and answers
 * what the instance holds when the version is unchanged; otherwise it reads the cellar again. Every
 * change raises the version in its own transaction or right after it (cellar-version.ts), so an answer
 * shows every change made before the request, from whichever instance made it. Snapshots live in a
 * small LRU bounded by the number of records held, and none is used past a maximum age.
 *
 * Snapshots are shared between requests: treat everything in them as read-only.
 */
import {
  type Cellar,
  type CellarSortColumn,
  type CellarWine,
  type CellarWinePage,
  type CellarWineQuery,
  defaultVats,
  foldText,
  type HistoryEntry,
  type InventoryTotals,
  inDrinkingWindow,
  sourceFilterOf,
  UNCATEGORIZED,
} from '@kork/shared';
import { tables } from '../../data/tables';
import { optionalEnv } from '../../platform/env';
import { logger } from '../../platform/logger';
import { cellarOf } from '../cellar-service';
import { cellarVersionOf, takeUnbumped } from './cellar-version';
import { subtreeOf } from './locations';
import { deleteSharedSnapshot, readSharedSnapshot, writeSharedSnapshot } from './shared-snapshot';
import type { CellarSettings, SnapshotLocation } from './snapshot-parts';
import { inventoryOf } from './wine-reads';
import { toCellarWine, toHistoryEntry } from './wine-records';

const DEFAULT_PAGE_SIZE = 50;
/** History entries a snapshot keeps, newest first (the dashboard shows 8). */
export const RECENT_HISTORY = 10;

/** Records (wines, locations, history entries) all snapshots of an instance hold together at most. */
function maxRecords(): number {
  return Number(optionalEnv('CELLAR_CACHE_RECORDS', '50000'));
}

/** A snapshot older than this is read again even when its version is unchanged (a safety net). */
function maxAgeMs(): number {
  return Number(optionalEnv('CELLAR_SNAPSHOT_MAX_AGE_MS', '600000'));
}

export type { CellarSettings, SnapshotLocation } from './snapshot-parts';

// — Drinking windows, totals —

export function drinkingWindowOf(wine: CellarWine): { from?: number; to?: number } {
  return {
    from: wine.drinkingWindowFrom ?? wine.suggestedDrinkingWindowFrom,
    to: wine.drinkingWindowTo ?? wine.suggestedDrinkingWindowTo,
  };
}

export function isDrinkNow(wine: CellarWine, year = new Date().getUTCFullYear()): boolean {
  const { from, to } = drinkingWindowOf(wine);
  return inDrinkingWindow(year, from, to);
}

export function totalsOf(wines: readonly CellarWine[]): InventoryTotals {
  let bottles = 0;
  let purchaseValue = 0;
  let sellingValue = 0;
  for (const wine of wines) {
    bottles += wine.quantity;
    purchaseValue += wine.quantity * (wine.purchasePriceWvat ?? 0);
    sellingValue += wine.quantity * (wine.sellingPrice ?? 0);
  }
  return { wines: wines.length, bottles, purchaseValue, sellingValue };
}

// — The inventory index —

const collator = new Intl.Collator('nb');

type SortValue = string | number | undefined;

function sortValue(wine: CellarWine, column: CellarSortColumn): SortValue {
  switch (column) {
    case 'wineDisplayName':
      return wine.wineDisplayName.toLocaleLowerCase('nb');
    case 'drinkingWindow':
      return drinkingWindowOf(wine).from;
    case 'vintage':
      return wine.vintage ?? undefined;
    default:
      return wine[column] as SortValue;
  }
}

/** Lower-case, accent-free text of a wine that search matches against. */
function searchText(wine: CellarWine): string {
  return foldText(
    [wine.wineDisplayName, wine.producerName, wine.country, wine.region, wine.supplier, wine.productId]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * Wines with what filtering and sorting need, worked out on first use and kept: the order of every
 * sort asked for, folded countries and search texts. A query is then one pass over a ready order.
 */
export class InventoryIndex {
  private names?: Int32Array;
  private readonly orders = new Map<string, Int32Array>();
  private countries?: string[];
  private texts?: string[];

  constructor(readonly wines: readonly CellarWine[]) {}

  /** Positions of the wines by name (Norwegian collation), then id. */
  byName(): Int32Array {
    if (!this.names) {
      const wines = this.wines;
      const order = Int32Array.from(wines.keys());
      order.sort((a, b) => {
        const x = wines[a] as CellarWine;
        const y = wines[b] as CellarWine;
        return collator.compare(x.wineDisplayName, y.wineDisplayName) || (x.id < y.id ? -1 : 1);
      });
      this.names = order;
    }
    return this.names;
  }

  /** Positions of the wines in a sort: missing values last in either direction, ties by name. */
  order(column: CellarSortColumn, direction: 'asc' | 'desc'): Int32Array {
    const key = `${column}:${direction}`;
    let order = this.orders.get(key);
    if (order) return order;
    const names = this.byName();
    const rank = new Int32Array(names.length);
    names.forEach((position, index) => {
      rank[position] = index;
    });
    const values = this.wines.map((wine) => sortValue(wine, column));
    const sign = direction === 'asc' ? 1 : -1;
    order = Int32Array.from(this.wines.keys());
    order.sort((a, b) => {
      const x = values[a];
      const y = values[b];
      if (x === undefined && y !== undefined) return 1;
      if (y === undefined && x !== undefined) return -1;
      if (x !== undefined && y !== undefined && x !== y) {
        const by = typeof x === 'string' ? collator.compare(x, String(y)) : x - (y as number);
        if (by !== 0) return by * sign;
      }
      return (rank[a] as number) - (rank[b] as number);
    });
    this.orders.set(key, order);
    return order;
  }

  private countryKeys(): string[] {
    this.countries ??= this.wines.map((wine) => foldText(wine.country ?? ''));
    return this.countries;
  }

  private searchTexts(): string[] {
    this.texts ??= this.wines.map(searchText);
    return this.texts;
  }

  /** Filters, sorts, pages and totals (the totals of every match, not just the page). */
  query(
    query: CellarWineQuery,
    locationScope?: (locationIds: readonly string[]) => Set<string | null>,
  ): CellarWinePage {
    const year = new Date().getUTCFullYear();
    const locations =
      query.locationId && query.locationId.length > 0 && locationScope
        ? locationScope(query.locationId)
        : undefined;
    const text = query.search ? foldText(query.search.trim()) : '';
    const terms = text.split(/\s+/).filter(Boolean);
    const set = (values?: string[]) => (values && values.length > 0 ? new Set(values) : undefined);
    const styles = set(query.mainCategoryId);
    const sources = set(query.source);
    const countries = set(query.country?.map(foldText));
    const vintages = set(query.vintages);
    const categories = set(query.wineListCategoryId);
    const catalogueWines = set(query.wineId);
    const countryKeys = countries ? this.countryKeys() : undefined;
    const texts = terms.length > 0 ? this.searchTexts() : undefined;

    const column = query.sortColumn ?? 'wineDisplayName';
    const direction = query.sortDirection ?? (query.sortColumn ? 'desc' : 'asc');
    const order = this.order(column, direction);
    const size = query.resultsPerPage ?? DEFAULT_PAGE_SIZE;
    const first = ((query.page ?? 1) - 1) * size;
    const rows: CellarWine[] = [];
    let count = 0;
    let bottles = 0;
    let purchaseValue = 0;
    let sellingValue = 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[k] as number;
      const wine = this.wines[i] as CellarWine;
      if (styles && !styles.has(wine.mainCategoryId)) continue;
      if (sources && !sources.has(sourceFilterOf(wine.source))) continue;
      if (countries && !countries.has(countryKeys?.[i] as string)) continue;
      if (vintages && !vintages.has(wine.vintage == null ? 'NV' : String(wine.vintage))) continue;
      if (categories && !categories.has(wine.wineListCategoryId ?? UNCATEGORIZED)) continue;
      if (catalogueWines && !(wine.wineId && catalogueWines.has(wine.wineId))) continue;
      if (query.inStock === true && wine.quantity <= 0) continue;
      if (query.inStock === false && wine.quantity > 0) continue;
      if (query.drinkNow && !isDrinkNow(wine, year)) continue;
      if (locations && !wine.placements.some((p) => locations.has(p.locationId))) continue;
      if (texts) {
        const haystack = texts[i] as string;
        if (!terms.every((term) => haystack.includes(term))) continue;
      }
      if (count >= first && rows.length < size) rows.push(wine);
      count++;
      bottles += wine.quantity;
      purchaseValue += wine.quantity * (wine.purchasePriceWvat ?? 0);
      sellingValue += wine.quantity * (wine.sellingPrice ?? 0);
    }
    return { rows, count, totals: { wines: count, bottles, purchaseValue, sellingValue } };
  }
}

// — Snapshots —

export interface CellarSnapshot {
  readonly ownerId: string;
  /** The cellar's version this snapshot was read at (it may hold later changes: never earlier ones). */
  readonly version: number;
  /** When it was read (ms since the epoch). */
  readonly loadedAt: number;
  readonly cellar: CellarSettings;
  /** Every wine as the API answers it, money in the base currency, oldest first. */
  readonly wines: readonly CellarWine[];
  readonly inventory: InventoryIndex;
  readonly locations: readonly SnapshotLocation[];
  /** The latest history entries, newest first (at most RECENT_HISTORY). */
  readonly recentHistory: readonly HistoryEntry[];
  /** Location ids (null: Uncategorized) a `locationId` filter covers: each location with those below it. */
  locationScope(locationIds: readonly string[]): Set<string | null>;
  /**
   * Something worked out from the snapshot once and kept with it (`key` names it and whatever it
   * depends on besides the snapshot, such as the year). For wine lists, stock counts and analytics.
   */
  derived<T>(key: string, compute: (snapshot: CellarSnapshot) => T): T;
}

class Snapshot implements CellarSnapshot {
  readonly inventory: InventoryIndex;
  private readonly memo = new Map<string, unknown>();

  constructor(
    readonly ownerId: string,
    readonly version: number,
    readonly loadedAt: number,
    readonly cellar: CellarSettings,
    readonly wines: readonly CellarWine[],
    readonly locations: readonly SnapshotLocation[],
    readonly recentHistory: readonly HistoryEntry[],
  ) {
    this.inventory = new InventoryIndex(wines);
  }

  /** What the snapshot counts against the instance's bound. */
  get records(): number {
    return this.wines.length + this.locations.length + this.recentHistory.length + 1;
  }

  locationScope(locationIds: readonly string[]): Set<string | null> {
    const scope = new Set<string | null>();
    for (const id of locationIds) {
      if (id === UNCATEGORIZED) scope.add(null);
      else for (const inside of subtreeOf(this.locations, id)) scope.add(inside);
    }
    return scope;
  }

  derived<T>(key: string, compute: (snapshot: CellarSnapshot) => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute(this));
    return this.memo.get(key) as T;
  }
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

/**
 * The cellar at `version`: the shared copy another instance stored at that version (shared-snapshot.ts),
 * else the whole cellar read — every read strongly consistent and made after the version was read — and
 * stored for the others.
 */
async function load(ownerId: string, version: number, loadedAt: number): Promise<Snapshot> {
  const shared = await readSharedSnapshot(ownerId, version, loadedAt, maxAgeMs());
  if (shared)
    return new Snapshot(
      ownerId,
      shared.version,
      shared.loadedAt,
      shared.cellar,
      shared.wines,
      shared.locations,
      shared.recentHistory,
    );
  const snapshot = await readWhole(ownerId, version, loadedAt);
  await writeSharedSnapshot({
    ownerId,
    version,
    loadedAt,
    cellar: snapshot.cellar,
    wines: snapshot.wines as CellarWine[],
    locations: snapshot.locations as SnapshotLocation[],
    recentHistory: snapshot.recentHistory as HistoryEntry[],
  });
  return snapshot;
}

/** Reads the whole cellar, every read strongly consistent and made after the version was read. */
async function readWhole(ownerId: string, version: number, loadedAt: number): Promise<Snapshot> {
  const [cellar, records, locations, history] = await Promise.all([
    settingsOf(ownerId),
    inventoryOf(ownerId),
    tables('cellar').cellarLocation.query.byOwnerKey({ ownerId }).go({ pages: 'all', consistent: true }),
    tables('cellar')
      .cellarHistory.query.byOwnerKey({ ownerId })
      .go({ order: 'desc', limit: RECENT_HISTORY, consistent: true }),
  ]);
  return new Snapshot(
    ownerId,
    version,
    loadedAt,
    cellar,
    records.map((record) => toCellarWine(record, cellar.baseCurrency)),
    locations.data.map(({ id, name, parentId, order }) => ({ id, name, parentId: parentId ?? '', order })),
    history.data.slice(0, RECENT_HISTORY).map(toHistoryEntry),
  );
}

/** The instance's snapshots, least recently used first. */
const held = new Map<string, Snapshot>();
let heldRecords = 0;
/** Reads under way, so requests that meet in one instance read the cellar once. */
const reading = new Map<string, { version: number; snapshot: Promise<Snapshot> }>();

function forget(ownerId: string): void {
  const old = held.get(ownerId);
  if (!old) return;
  held.delete(ownerId);
  heldRecords -= old.records;
}

function keep(snapshot: Snapshot): void {
  const current = held.get(snapshot.ownerId);
  // A slower read of an older version must not replace a newer one.
  if (current && current.version > snapshot.version) return;
  forget(snapshot.ownerId);
  const bound = maxRecords();
  // A cellar larger than the whole bound is answered but not kept.
  if (snapshot.records > bound) return;
  held.set(snapshot.ownerId, snapshot);
  heldRecords += snapshot.records;
  for (const [ownerId] of held) {
    if (heldRecords <= bound) break;
    forget(ownerId);
  }
}

/**
 * The owner's cellar as of now: the snapshot this instance holds when the cellar's version is unchanged
 * and it is younger than the maximum age (one GetItem), else a fresh one (the whole cellar).
 */
export async function cellarSnapshot(ownerId: string): Promise<CellarSnapshot> {
  const now = Date.now();
  const version = await cellarVersionOf(ownerId);
  if (takeUnbumped(ownerId)) {
    // A change this instance made could not raise the version: neither its copy nor the shared one may
    // be used again (other instances catch up within the maximum ages).
    forget(ownerId);
    await deleteSharedSnapshot(ownerId).catch((error: unknown) =>
      logger.error('shared cellar snapshot not removed after an unraised version', { ownerId, error }),
    );
  }
  const cached = held.get(ownerId);
  if (cached && cached.version === version && now - cached.loadedAt < maxAgeMs()) {
    held.delete(ownerId);
    held.set(ownerId, cached);
    return cached;
  }
  const pending = reading.get(ownerId);
  if (pending && pending.version === version) return pending.snapshot;
  const snapshot = load(ownerId, version, now);
  reading.set(ownerId, { version, snapshot });
  try {
    const loaded = await snapshot;
    keep(loaded);
    return loaded;
  } finally {
    if (reading.get(ownerId)?.snapshot === snapshot) reading.delete(ownerId);
  }
}

/** What the instance holds now (for tests and the benchmark). */
export function heldSnapshots(): { cellars: number; records: number } {
  return { cellars: held.size, records: heldRecords };
}

/** Forgets every snapshot, as a new instance starts (tests, a local stack on a new table). */
export function resetCellarSnapshots(): void {
  held.clear();
  reading.clear();
  heldRecords = 0;
}
