/** The S3 emulator (s3rver) on loopback, its objects in a folder that survives restarts. */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { freePort } from './ports';

export interface S3Local {
  endpoint: string;
  /** Called for every object created (the local stand-in for S3 event notifications). */
  onObjectCreated(listener: (bucket: string, key: string) => void): void;
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
  return {
    endpoint: `http://127.0.0.1:${port}`,
    onObjectCreated: (l) => listeners.push(l),
    stop: () => server.close(),
  };
}
