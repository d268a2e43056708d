/** The S3 emulator (s3rver) on loopback, its objects in a folder that survives restarts. */
import { mkdirSync } from 'node:fs';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './ports';

export interface S3Local {
  endpoint: string;
  /** Called for every object created (the local stand-in for S3 event notifications). */
  onObjectCreated(listener: (bucket: string, key: string) => void): void;
  /** Deletes every object of one bucket (objects survive restarts); answers how many there were. */
  empty(bucket: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startS3Local(options: {
  directory: string;
  buckets: string[];
  port?: number;
}): Promise<S3Local> {
  mkdirSync(options.directory, { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: options.directory,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  const listeners: ((bucket: string, key: string) => void)[] = [];
  server.on(
    'event',
    (event: {
      Records?: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
    }) => {
      for (const record of event.Records ?? []) {
        if (!record.eventName.startsWith('ObjectCreated')) continue;
        for (const l of listeners) l(record.s3.bucket.name, decodeURIComponent(record.s3.object.key));
      }
    },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    onObjectCreated: (l) => listeners.push(l),
    empty: (bucket) => emptyBucket(endpoint, bucket),
    stop: () => server.close(),
  };
}

async function emptyBucket(endpoint: string, bucket: string): Promise<number> {
  const s3 = new S3Client({
    endpoint,
    region: process.env.AWS_REGION ?? 'eu-north-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      // A few at a time: the emulator writes each delete to disk.
      for (let at = 0; at < keys.length; at += 16) {
        await Promise.all(
          keys.slice(at, at + 16).map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))),
        );
      }
      deleted += keys.length;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  } finally {
    s3.destroy();
  }
}
