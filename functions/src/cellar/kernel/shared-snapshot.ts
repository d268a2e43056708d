/**
 * A cellar's snapshot shared between function instances: after one instance reads the whole cellar, it
 * stores what it read as one gzipped JSON object (`CELLAR_SNAPSHOTS_BUCKET`, key
 * `cellar-snapshots/{ownerId}.json.gz`), labelled with the cellar's version it was read at. A new
 * instance, or one whose own copy is stale, takes that object instead of reading the cellar again when
 * the cellar was read less than the snapshots' maximum age ago, the same age after which an instance
 * reads its own copy again: as it is when its version is the cellar's version now, else brought up to
 * date with the wines changed since (cellar-changes.ts; docs/cellar-reads.md).
 *
 * The object is a cache: any failure to read, parse or write it falls back to reading the cellar, and
 * is logged. Without the bucket's variable nothing is shared.
 */
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { CellarWine, HistoryEntry } from '@kork/shared';
import { optionalEnv } from '../../platform/env';
import { logger } from '../../platform/logger';
import { s3Client } from '../../platform/s3';
import type { CellarSettings, SnapshotLocation } from './snapshot-parts';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** Raised when what is stored changes shape: an object of another format is read as absent. */
const FORMAT = 2;

/** What a snapshot holds, as stored. */
export interface SharedSnapshot {
  format: typeof FORMAT;
  ownerId: string;
  version: number;
  /** When the cellar was read whole (ms since the epoch). */
  loadedAt: number;
  /** When the reads it holds began: changes are looked for from then (cellar-changes.ts). */
  changesFrom: number;
  cellar: CellarSettings;
  wines: CellarWine[];
  locations: SnapshotLocation[];
  recentHistory: HistoryEntry[];
}

function bucket(): string {
  return optionalEnv('CELLAR_SNAPSHOTS_BUCKET', '');
}

/** Whether snapshots are shared at all (the bucket is configured). */
export function sharingSnapshots(): boolean {
  return bucket() !== '';
}

export function sharedSnapshotKey(ownerId: string): string {
  return `cellar-snapshots/${ownerId}.json.gz`;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * The stored snapshot when it is of this cellar at `version` or an earlier one and was read less than
 * `maxAgeMs` before `now`; undefined otherwise (absent, newer, too old, unreadable).
 */
export async function readSharedSnapshot(
  ownerId: string,
  version: number,
  now: number,
  maxAgeMs: number,
): Promise<SharedSnapshot | undefined> {
  if (!sharingSnapshots()) return undefined;
  try {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: bucket(), Key: sharedSnapshotKey(ownerId) }),
    );
    const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    const stored = JSON.parse((await gunzip(body)).toString('utf8')) as SharedSnapshot;
    const usable =
      stored.format === FORMAT &&
      stored.ownerId === ownerId &&
      stored.version <= version &&
      typeof stored.changesFrom === 'number' &&
      now - stored.loadedAt < maxAgeMs &&
      // A clock far ahead of this one wrote it: not to be trusted with the age.
      stored.loadedAt <= now + 60_000;
    return usable ? stored : undefined;
  } catch (error) {
    if (!isMissing(error)) logger.warn('shared cellar snapshot not read', { ownerId, error });
    return undefined;
  }
}

/** Stores what an instance read; a failure is logged, never raised (the read already succeeded). */
export async function writeSharedSnapshot(snapshot: Omit<SharedSnapshot, 'format'>): Promise<void> {
  if (!sharingSnapshots()) return;
  try {
    const stored: SharedSnapshot = { format: FORMAT, ...snapshot };
    // Level 1: the smallest part of the work of a cold read (a 5,000-wine cellar is about 3 MB of JSON).
    const body = await gzip(JSON.stringify(stored), { level: 1 });
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: sharedSnapshotKey(snapshot.ownerId),
        Body: body,
        ContentType: 'application/json',
        ContentEncoding: 'gzip',
      }),
    );
  } catch (error) {
    logger.warn('shared cellar snapshot not written', { ownerId: snapshot.ownerId, error });
  }
}

/**
 * Removes the stored snapshot: when the account is deleted (raised, so the deletion is tried again), and
 * when a change's version could not be raised (logged, as the change itself stands).
 */
export async function deleteSharedSnapshot(ownerId: string): Promise<void> {
  if (!sharingSnapshots()) return;
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: sharedSnapshotKey(ownerId) }));
}
