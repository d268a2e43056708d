/**
 * The search snapshot: every active wine's search fields in one gzipped JSON object in the media
 * bucket, column by column (search/snapshot-codec.ts). A search function loads it once per cold start and follows the change feed from `lastSeq`,
 * so it never reads the whole table on a request path.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { env } from '../platform/env';
import { s3Client } from '../platform/s3';
import { allWines, toSearchDoc } from './catalog-store';
import { decodeDocs, encodeDocs, type SnapshotColumns } from './search/snapshot-codec';
import type { SearchDoc } from './search/types';

export const SNAPSHOT_KEY = 'catalog/search-snapshot.json.gz';

/**
 * Raised when the documents gain a field or the body changes (2: the wholesaler, for the supplier
 * filter; 3: columns instead of an array of objects, so a million wines fit in one string). A snapshot
 * of another version is not read: the next load builds a fresh one from the table.
 */
export const SNAPSHOT_VERSION = 3;

export interface SearchSnapshot {
  version: typeof SNAPSHOT_VERSION;
  createdAt: string;
  /** The newest change stamp the snapshot contains; the feed is read after it. */
  lastSeq: string;
  docs: SearchDoc[];
}

/** Reads the table's whole catalogue into a snapshot (no write). */
export async function buildSnapshot(): Promise<SearchSnapshot> {
  const docs: SearchDoc[] = [];
  let lastSeq = '';
  for await (const page of allWines()) {
    for (const wine of page) {
      if (wine.changeSeq > lastSeq) lastSeq = wine.changeSeq;
      if (wine.status === 'active') docs.push(toSearchDoc(wine));
    }
  }
  return { version: SNAPSHOT_VERSION, createdAt: new Date().toISOString(), lastSeq, docs };
}

/** What is stored: the snapshot with its documents as columns. */
interface StoredSnapshot extends Omit<SearchSnapshot, 'docs'> {
  columns: SnapshotColumns;
}

/** The stored object's bytes: gzipped JSON of the columns. */
export async function snapshotBody(snapshot: SearchSnapshot): Promise<Buffer> {
  const { docs, ...rest } = snapshot;
  const stored: StoredSnapshot = { ...rest, columns: encodeDocs(docs) };
  return promisify(gzip)(Buffer.from(JSON.stringify(stored)));
}

/** The snapshot in a stored object's bytes (gzipped or not); undefined when of another version. */
export async function parseSnapshotBody(bytes: Buffer): Promise<SearchSnapshot | undefined> {
  const json = bytes[0] === 0x1f && bytes[1] === 0x8b ? await promisify(gunzip)(bytes) : bytes;
  const stored = JSON.parse(json.toString('utf8')) as StoredSnapshot;
  if (stored.version !== SNAPSHOT_VERSION || !stored.columns) return undefined;
  const { columns, ...rest } = stored;
  return { ...rest, docs: decodeDocs(columns) };
}

export async function writeSnapshot(snapshot: SearchSnapshot): Promise<void> {
  const body = await snapshotBody(snapshot);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env.mediaBucket(),
      Key: SNAPSHOT_KEY,
      Body: body,
      ContentType: 'application/json',
      ContentEncoding: 'gzip',
    }),
  );
}

/** Builds the snapshot from the table and stores it; answers how many wines it holds. */
export async function refreshSnapshot(): Promise<SearchSnapshot> {
  const snapshot = await buildSnapshot();
  await writeSnapshot(snapshot);
  return snapshot;
}

export async function readSnapshot(): Promise<SearchSnapshot | undefined> {
  try {
    const object = await s3Client().send(
      new GetObjectCommand({ Bucket: env.mediaBucket(), Key: SNAPSHOT_KEY }),
    );
    const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    return await parseSnapshotBody(bytes);
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
