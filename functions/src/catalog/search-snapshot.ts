/**
 * The search snapshot: the built catalogue index of every active wine in one object in the media
 * bucket (search/snapshot-sections.ts: its typed arrays as they are in gzipped parts, the documents
 * as columns). A
 * search function loads it once per cold start — a gunzip and views over the buffer, no build — and
 * follows the change feed from `lastSeq`, so it never reads the whole table on a request path.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { env } from '../platform/env';
import { s3Client } from '../platform/s3';
import { allWines, toSearchDoc } from './catalog-store';
import { buildCatalogIndex, type CatalogIndex, loadCatalogIndex } from './search/catalog-index';
import { decodeDocs, type SnapshotColumns } from './search/snapshot-codec';
import { isSections, SectionWriter, unpackSections } from './search/snapshot-sections';
import type { SearchDoc } from './search/types';

/** The key keeps the name of the JSON body it held up to version 3, so such an object still loads. */
export const SNAPSHOT_KEY = 'catalog/search-snapshot.json.gz';

/**
 * Raised when the documents gain a field or the body changes (2: the wholesaler, for the supplier
 * filter; 3: columns instead of an array of objects, so a million wines fit in one string; 4: the built
 * index itself, so a cold start loads instead of building). A version-3 body still loads, by building
 * the index from its documents; any other version is not read: the next load builds a fresh snapshot
 * from the table.
 */
export const SNAPSHOT_VERSION = 4;
const BUILT_FROM_DOCS = 3;

/** A snapshot as a writer has it: the documents (the index is built from them when written). */
export interface SearchSnapshot {
  version: typeof SNAPSHOT_VERSION;
  createdAt: string;
  /** The newest change stamp the snapshot contains; the feed is read after it. */
  lastSeq: string;
  docs: SearchDoc[];
}

/** A snapshot as a search function loads it: the index, ready to answer. */
export interface LoadedSnapshot {
  createdAt: string;
  lastSeq: string;
  index: CatalogIndex;
}

/** The index each written snapshot was built into, so taking it as an instance's index builds nothing more. */
const built = new WeakMap<SearchSnapshot, CatalogIndex>();

/** The index of a snapshot's documents: the one built when it was written, else built now. */
export function indexOf(snapshot: SearchSnapshot): CatalogIndex {
  let index = built.get(snapshot);
  if (!index) {
    index = buildCatalogIndex(snapshot.docs);
    built.set(snapshot, index);
  }
  return index;
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

/** Gzipped parts of the stored index, unzipped at once on load: Lambda's thread pool has 4 threads. */
const PARTS = 4;

/** The stored object's bytes: the built index of the snapshot's documents, in gzipped parts. */
export async function snapshotBody(snapshot: SearchSnapshot): Promise<Buffer> {
  const out = new SectionWriter();
  out.put('version', SNAPSHOT_VERSION);
  out.put('createdAt', snapshot.createdAt);
  out.put('lastSeq', snapshot.lastSeq);
  indexOf(snapshot).write(out);
  return out.packed(PARTS);
}

/** What version 3 stored: the documents as columns in JSON. */
interface StoredDocs {
  version: number;
  createdAt: string;
  lastSeq: string;
  columns?: SnapshotColumns;
}

/** The index in a stored object's bytes; undefined when of a version not read. */
export async function parseSnapshotBody(bytes: Buffer): Promise<LoadedSnapshot | undefined> {
  if (isSections(bytes)) {
    const from = await unpackSections(bytes);
    if (from.value<number>('version') !== SNAPSHOT_VERSION) return undefined;
    try {
      return {
        createdAt: from.value<string>('createdAt'),
        lastSeq: from.value<string>('lastSeq'),
        index: loadCatalogIndex(from),
      };
    } catch {
      // A body of this version laid out otherwise (an array missing): read as one not read.
      return undefined;
    }
  }
  // Version 3 and before: JSON, gzipped or not.
  const body = bytes[0] === 0x1f && bytes[1] === 0x8b ? await promisify(gunzip)(bytes) : bytes;
  const stored = JSON.parse(body.toString('utf8')) as StoredDocs;
  if (stored.version !== BUILT_FROM_DOCS || !stored.columns) return undefined;
  return {
    createdAt: stored.createdAt,
    lastSeq: stored.lastSeq,
    index: buildCatalogIndex(decodeDocs(stored.columns)),
  };
}

export async function writeSnapshot(snapshot: SearchSnapshot): Promise<void> {
  const body = await snapshotBody(snapshot);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env.mediaBucket(),
      Key: SNAPSHOT_KEY,
      Body: body,
      // Not one gzip stream: gzipped parts in a frame (search/snapshot-sections.ts).
      ContentType: 'application/octet-stream',
    }),
  );
}

/** Builds the snapshot from the table and stores it; answers how many wines it holds. */
export async function refreshSnapshot(): Promise<SearchSnapshot> {
  const snapshot = await buildSnapshot();
  await writeSnapshot(snapshot);
  return snapshot;
}

export async function readSnapshot(): Promise<LoadedSnapshot | undefined> {
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
