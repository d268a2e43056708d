import type { StockCountSheet } from '@kork/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { coalesce, type PendingBatch, type QueuedEntry } from './queue-logic';

/**
 * This device's copy of its stock counts, in IndexedDB: the figures not yet sent (the source of truth for
 * them), the batch on its way per count, and the last sheet fetched of each count, so a count opened
 * again without a network shows the sheet with the figures waiting here on top.
 */

interface CountDb extends DBSchema {
  entries: { key: string; value: QueuedEntry; indexes: { countId: string } };
  batches: { key: string; value: PendingBatch };
  sheets: { key: string; value: { id: string; ownerId: string; savedAt: string; sheet: StockCountSheet } };
}

const DB_NAME = 'kork-stock-counts';

let opening: Promise<IDBPDatabase<CountDb>> | undefined;

function db(): Promise<IDBPDatabase<CountDb>> {
  opening ??= openDB<CountDb>(DB_NAME, 1, {
    upgrade(database) {
      const entries = database.createObjectStore('entries', { keyPath: 'key' });
      entries.createIndex('countId', 'countId');
      database.createObjectStore('batches', { keyPath: 'countId' });
      database.createObjectStore('sheets', { keyPath: 'id' });
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

// — Changes, for the screens that show the queue —

const listeners = new Set<() => void>();

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

// — Figures —

/** Queues a figure, replacing the pair's previous one in one transaction (two tabs cannot lose one). */
export async function queueFigure(figure: Omit<QueuedEntry, 'key' | 'version'>): Promise<QueuedEntry> {
  const database = await db();
  const tx = database.transaction('entries', 'readwrite');
  const key = `${figure.countId}|${figure.ownWineId}|${figure.locationId}`;
  const next = coalesce(await tx.store.get(key), figure);
  await tx.store.put(next);
  await tx.done;
  changed();
  return next;
}

const DRAFTS_KEY = 'kork-stock-count-drafts';
type Draft = Omit<QueuedEntry, 'key' | 'version'>;

function readDrafts(): Draft[] {
  try {
    const drafts: unknown = JSON.parse(localStorage.getItem(DRAFTS_KEY) ?? '[]');
    return Array.isArray(drafts)
      ? drafts.filter(
          (draft): draft is Draft =>
            typeof draft === 'object' &&
            draft !== null &&
            typeof draft.countId === 'string' &&
            typeof draft.ownWineId === 'string' &&
            typeof draft.locationId === 'string' &&
            typeof draft.ownerId === 'string' &&
            typeof draft.countedAt === 'string' &&
            Number.isInteger(draft.counted),
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Keeps a figure typed as the page goes away (a reload, a closed tab) at once, in localStorage: IndexedDB
 * may not finish a write while the page unloads. `queueDrafts` queues it on the next start.
 */
export function keepDraft(figure: Draft): void {
  try {
    localStorage.setItem(DRAFTS_KEY, JSON.stringify([...readDrafts(), figure]));
  } catch {
    // No room or no storage: the figure goes through IndexedDB alone.
  }
}

/** Queues the figures kept as the page went away (a figure that reached the queue too is sent again, unchanged). */
export async function queueDrafts(): Promise<void> {
  const drafts = readDrafts();
  if (drafts.length === 0) return;
  // Taken out first: queueing tells the queue's listeners, which come here again.
  localStorage.removeItem(DRAFTS_KEY);
  try {
    for (const draft of drafts) await queueFigure(draft);
  } catch (error) {
    for (const draft of drafts) keepDraft(draft);
    throw error;
  }
}

export async function queuedEntries(countId: string): Promise<QueuedEntry[]> {
  return (await db()).getAllFromIndex('entries', 'countId', countId);
}

/** Takes the given keys out of the queue, each only while it still holds the version sent. */
export async function settle(batch: PendingBatch, keys: readonly string[]): Promise<void> {
  const database = await db();
  const tx = database.transaction(['entries', 'batches'], 'readwrite');
  const entries = tx.objectStore('entries');
  const versions = new Map(batch.sent.map((sent) => [sent.key, sent.version]));
  for (const key of keys) {
    const current = await entries.get(key);
    if (current && current.version === versions.get(key)) await entries.delete(key);
  }
  await tx.objectStore('batches').delete(batch.countId);
  await tx.done;
  changed();
}

/** Forgets every figure of a count (it was deleted, or finished elsewhere). */
export async function forgetCount(countId: string): Promise<void> {
  const database = await db();
  const tx = database.transaction(['entries', 'batches', 'sheets'], 'readwrite');
  const entries = tx.objectStore('entries');
  for (const key of await entries.index('countId').getAllKeys(countId)) await entries.delete(key);
  await tx.objectStore('batches').delete(countId);
  await tx.objectStore('sheets').delete(countId);
  await tx.done;
  changed();
}

// — Batches —

export async function pendingBatch(countId: string): Promise<PendingBatch | undefined> {
  return (await db()).get('batches', countId);
}

export async function storeBatch(batch: PendingBatch): Promise<void> {
  await (await db()).put('batches', batch);
}

// — Sheets —

export async function saveSheet(ownerId: string, sheet: StockCountSheet): Promise<void> {
  await (await db()).put('sheets', { id: sheet.id, ownerId, savedAt: new Date().toISOString(), sheet });
}

export async function savedSheet(ownerId: string, countId: string): Promise<StockCountSheet | undefined> {
  const saved = await (await db()).get('sheets', countId);
  return saved?.ownerId === ownerId ? saved.sheet : undefined;
}
