/**
 * Values worked out from a cellar at a version, shared between function instances beside the cellar's
 * own copy (shared-snapshot.ts, docs/cellar-reads.md "Cold reads: the copy instances share"): what one
 * instance read or computed for a snapshot, such as the sales analytics' day rollups of a period, stored
 * as one gzipped JSON object (`CELLAR_SNAPSHOTS_BUCKET`, key `cellar-snapshots/{ownerId}.{name}.json.gz`)
 * labelled with the cellar's version it goes with and when the reads it was made from began.
 *
 * A value is used only at the version it was stored for, and only when it was worked out no earlier than
 * the snapshot asking for it was read (`since`): a snapshot read again after the maximum age, at an
 * unchanged version, leaves the values stored before it, as its own in-memory values start empty.
 *
 * The object is a cache: any failure to read, parse or write it is logged and the value is worked out
 * again. Without the bucket's variable nothing is shared.
 */
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { optionalEnv } from '../../platform/env';
import { logger } from '../../platform/logger';
import { s3Client } from '../../platform/s3';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** Raised when the envelope changes shape: an object of another format is read as absent. */
const FORMAT = 1;
const PREFIX = 'cellar-snapshots/';
const SUFFIX = '.json.gz';
/** A value's name: lower-case letters, digits and dashes (it is part of the object's key). */
const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** A value stored by a clock this far ahead of the reader's is not trusted with its time. */
const CLOCK_SLACK_MS = 60_000;

/** A value as stored. */
export interface SharedDerived<T> {
  format: typeof FORMAT;
  ownerId: string;
  name: string;
  /** The cellar's version the value goes with. */
  version: number;
  /** When the reads it was worked out from began (ms since the epoch). */
  at: number;
  value: T;
}

function bucket(): string {
  return optionalEnv('CELLAR_SNAPSHOTS_BUCKET', '');
}

function checkedName(name: string): string {
  if (!NAME.test(name)) throw new Error(`not a shared value's name: ${name}`);
  return name;
}

export function sharedDerivedKey(ownerId: string, name: string): string {
  return `${PREFIX}${ownerId}.${checkedName(name)}${SUFFIX}`;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * The value stored under `name` when it goes with this cellar at `version` and was worked out at or
 * after `since` (ms since the epoch: the asking snapshot's `loadedAt`); undefined otherwise (absent, of
 * another version, older, unreadable).
 */
export async function readSharedDerived<T>(
  ownerId: string,
  name: string,
  version: number,
  since = 0,
): Promise<{ value: T; at: number } | undefined> {
  if (bucket() === '') return undefined;
  const Key = sharedDerivedKey(ownerId, name);
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key }));
    const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    const stored = JSON.parse((await gunzip(body)).toString('utf8')) as SharedDerived<T>;
    const usable =
      stored.format === FORMAT &&
      stored.ownerId === ownerId &&
      stored.name === name &&
      stored.version === version &&
      typeof stored.at === 'number' &&
      stored.at >= since &&
      stored.at <= Date.now() + CLOCK_SLACK_MS &&
      stored.value !== undefined;
    return usable ? { value: stored.value, at: stored.at } : undefined;
  } catch (error) {
    if (!isMissing(error)) logger.warn('shared cellar value not read', { ownerId, name, error });
    return undefined;
  }
}

/**
 * Stores a value worked out for the cellar at `version` from reads that began at `at`; a failure is
 * logged, never raised (the value itself was worked out). Resolves once the object is stored.
 */
export async function writeSharedDerived(
  ownerId: string,
  name: string,
  version: number,
  at: number,
  value: unknown,
): Promise<void> {
  if (bucket() === '') return;
  try {
    const stored: SharedDerived<unknown> = { format: FORMAT, ownerId, name, version, at, value };
    const body = await gzip(JSON.stringify(stored), { level: 1 });
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: sharedDerivedKey(ownerId, name),
        Body: body,
        ContentType: 'application/json',
        ContentEncoding: 'gzip',
      }),
    );
  } catch (error) {
    logger.warn('shared cellar value not written', { ownerId, name, error });
  }
}

/** Removes one stored value (raised: the caller decides whether a failure matters). */
export async function deleteSharedDerived(ownerId: string, name: string): Promise<void> {
  if (bucket() === '') return;
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: sharedDerivedKey(ownerId, name) }));
}

/**
 * Removes every value stored for the cellar, whatever its name (account deletion; raised, so the
 * deletion is tried again): the keys under `cellar-snapshots/{ownerId}.` that name a value, listed.
 */
export async function deleteAllSharedDerived(ownerId: string): Promise<void> {
  if (bucket() === '') return;
  const prefix = `${PREFIX}${ownerId}.`;
  let token: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    for (const { Key } of page.Contents ?? []) {
      if (!Key?.endsWith(SUFFIX)) continue;
      // The cellar's own copy (`{ownerId}.json.gz`) has no name between the two.
      if (!NAME.test(Key.slice(prefix.length, -SUFFIX.length))) continue;
      await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key }));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}
