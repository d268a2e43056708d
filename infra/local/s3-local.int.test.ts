/**
 * The S3 emulator keeps its objects in a folder across restarts; the local stack empties the cellar
 * snapshots' bucket when it starts (stack.ts), so a restarted `npm start` never serves a snapshot of an
 * earlier run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { type S3Local, startS3Local } from './s3-local';

/** BUCKETS.cellarSnapshots of stack.ts (not imported: that module loads every adapter). */
const BUCKET = 'cellar-snapshots';
let running: S3Local | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function clientFor(s3: S3Local): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'eu-north-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function read(client: S3Client, key: string): Promise<string | undefined> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return await object.Body?.transformToString();
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

describe('the S3 emulator across a restart', () => {
  it('keeps an earlier run’s cellar snapshots until the bucket is emptied, then answers NoSuchKey', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kork-s3-'));
    const keys = Array.from({ length: 20 }, (_, i) => `cellar-snapshots/owner-${i}.json.gz`);

    running = await startS3Local({ directory, buckets: [BUCKET] });
    const first = clientFor(running);
    for (const Key of keys)
      await first.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: `old ${Key}` }));
    first.destroy();
    await running.stop();

    running = await startS3Local({ directory, buckets: [BUCKET] });
    const second = clientFor(running);
    // The folder survived: without emptying, the old snapshot would be served.
    expect(await read(second, keys[0] as string)).toBe(`old ${keys[0]}`);
    expect(await running.empty(BUCKET)).toBe(keys.length);
    for (const key of [keys[0], keys[19]]) expect(await read(second, key as string)).toBeUndefined();
    expect(await running.empty(BUCKET)).toBe(0);
    second.destroy();
  });
});
