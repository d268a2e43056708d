/**
 * The search snapshot: every active wine's search fields in one gzipped JSON object in the media
 * bucket. A search function loads it once per cold start and follows the change feed from `lastSeq`,
 * so it never reads the whole table on a request path.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { env } from '../platform/env';
import { s3Client } from '../platform/s3';
import { allWines, toSearchDoc } from './catalog-store';
import type { SearchDoc } from './search/types';

export const SNAPSHOT_KEY = 'catalog/search-snapshot.json.gz';

/**
 * Raised when the documents gain a field (2: the wholesaler, for the supplier filter). A snapshot of
 * another version is not read: the next load builds a fresh one from the table.
 */
export const SNAPSHOT_VERSION = 2;

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

export async function writeSnapshot(snapshot: SearchSnapshot): Promise<void> {
  const body = await promisify(gzip)(Buffer.from(JSON.stringify(snapshot)));
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
    const json = bytes[0] === 0x1f && bytes[1] === 0x8b ? await promisify(gunzip)(bytes) : bytes;
    const snapshot = JSON.parse(json.toString('utf8')) as SearchSnapshot;
    return snapshot.version === SNAPSHOT_VERSION ? snapshot : undefined;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
