/**
 * A cellar as one function instance holds it in memory: its wines as API rows, its locations, settings
 * and latest history, with what filtering and sorting need worked out once (docs/cellar-reads.md).
 *
 * `cellarSnapshot(ownerId)` reads the cellar's version (one strongly-consistent GetItem) and answers
 * what the instance holds when the version is unchanged; otherwise it reads what changed since its copy
 * (or the shared copy) was read, or the whole cellar. Every
 * change raises the version in its own transaction or right after it (cellar-version.ts), so an answer
 * shows every change made before the request, from whichever instance made it. Snapshots live in a
 * small LRU bounded by the number of records held, and none is used past a maximum age.
 *
 * Snapshots are shared between requests: treat everything in them as read-only.
 */
import { type CellarWine, type HistoryEntry, UNCATEGORIZED } from '@kork/shared';
import { optionalEnv } from '../../platform/env';
import { logger } from '../../platform/logger';
import { cellarVersionOf, takeUnbumped } from './cellar-version';
import { InventoryIndex } from './inventory-index';
import { subtreeOf } from './locations';
import { deleteSharedSnapshot, readSharedSnapshot, writeSharedSnapshot } from './shared-snapshot';
import type { CellarSettings, SnapshotLocation } from './snapshot-parts';
import { readChangedSince, readWholeCellar, type SnapshotParts } from './snapshot-reads';

export { drinkingWindowOf, InventoryIndex, isDrinkNow, totalsOf } from './inventory-index';
export { RECENT_HISTORY } from './snapshot-reads';

/** Records (wines, locations, history entries) all snapshots of an instance hold together at most. */
function maxRecords(): number {
  return Number(optionalEnv('CELLAR_CACHE_RECORDS', '50000'));
}

/** A snapshot older than this is read again even when its version is unchanged (a safety net). */
function maxAgeMs(): number {
  return Number(optionalEnv('CELLAR_SNAPSHOT_MAX_AGE_MS', '600000'));
}

export type { CellarSettings, SnapshotLocation } from './snapshot-parts';

// — Snapshots —

export interface CellarSnapshot {
  readonly ownerId: string;
  /** The cellar's version this snapshot was read at (it may hold later changes: never earlier ones). */
  readonly version: number;
  /** When the cellar was read whole (ms since the epoch); a copy brought up to date keeps its source's. */
  readonly loadedAt: number;
  /** When the reads it holds began: the next change is looked for from then (cellar-changes.ts). */
  readonly changesFrom: number;
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

  readonly cellar: CellarSettings;
  readonly wines: readonly CellarWine[];
  readonly locations: readonly SnapshotLocation[];
  readonly recentHistory: readonly HistoryEntry[];

  constructor(
    readonly ownerId: string,
    readonly version: number,
    readonly loadedAt: number,
    readonly changesFrom: number,
    parts: Omit<SnapshotParts, 'winesRead'>,
  ) {
    this.cellar = parts.cellar;
    this.wines = parts.wines;
    this.locations = parts.locations;
    this.recentHistory = parts.recentHistory;
    this.inventory = new InventoryIndex(this.wines);
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

/** How the last snapshot of an instance was made (for tests and the benchmark). */
export type SnapshotSource =
  | 'own copy brought up to date'
  | 'shared copy'
  | 'shared copy brought up to date'
  | 'whole cellar';
let lastSource: SnapshotSource | undefined;
let lastWinesRead = 0;

/**
 * The cellar at `version`, read at `now`: this instance's own earlier copy brought up to date with the
 * wines changed since (cellar-changes.ts), else the copy instances share (shared-snapshot.ts) as it is
 * when it is at `version`, or brought up to date; else the whole cellar read and stored for the others.
 * Every read is strongly consistent and made after the version was read.
 */
async function load(ownerId: string, version: number, now: number, own?: Snapshot): Promise<Snapshot> {
  const young = (loadedAt: number) => now - loadedAt < maxAgeMs();
  if (own && own.version < version && young(own.loadedAt)) {
    const parts = await readChangedSince(ownerId, own);
    if (parts)
      return made(
        'own copy brought up to date',
        parts,
        new Snapshot(ownerId, version, own.loadedAt, now, parts),
      );
  }
  const shared = await readSharedSnapshot(ownerId, version, now, maxAgeMs());
  if (shared && shared.version === version)
    return made(
      'shared copy',
      { ...shared, winesRead: 0 },
      new Snapshot(ownerId, version, shared.loadedAt, shared.changesFrom, shared),
    );
  if (shared) {
    const parts = await readChangedSince(ownerId, shared);
    if (parts) {
      // Stored again at this version, so the next new instance has less to bring up to date. Its age
      // stays its source's: a whole read still comes at the maximum age.
      const { winesRead, ...held } = parts;
      if (winesRead > 0)
        await writeSharedSnapshot({ ownerId, version, loadedAt: shared.loadedAt, changesFrom: now, ...held });
      return made(
        'shared copy brought up to date',
        parts,
        new Snapshot(ownerId, version, shared.loadedAt, now, parts),
      );
    }
  }
  const parts = await readWholeCellar(ownerId);
  const { winesRead: _all, ...held } = parts;
  await writeSharedSnapshot({ ownerId, version, loadedAt: now, changesFrom: now, ...held });
  return made('whole cellar', parts, new Snapshot(ownerId, version, now, now, parts));
}

function made(source: SnapshotSource, parts: SnapshotParts, snapshot: Snapshot): Snapshot {
  lastSource = source;
  lastWinesRead = parts.winesRead;
  return snapshot;
}

/** How the instance's last snapshot was made and how many wines that read (for tests and the benchmark). */
export function lastSnapshotRead(): { source?: SnapshotSource; winesRead: number } {
  return { source: lastSource, winesRead: lastWinesRead };
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
  const snapshot = load(ownerId, version, now, cached);
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
