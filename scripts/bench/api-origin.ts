/**
 * A bench part run alone: a fresh in-memory local stack and the origin serving its API (the web root is a
 * bare page: these parts ask only the API), torn down however the part ends.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStack } from '../../infra/local/stack';

export async function withApiOrigin<T>(
  part: (base: string, stack: LocalStack) => Promise<T>,
  options: {
    /** Silence the handlers' logs while the part runs (a load bench's thousands of requests). */
    silent?: boolean;
    /** How long requests still in flight get to finish their handlers before the table goes away. */
    drainMs?: number;
  } = {},
): Promise<T> {
  const { startLocalStack } = await import('../../infra/local/stack');
  const { startLocalServer } = await import('../../infra/local/server');
  const webRoot = mkdtempSync(join(tmpdir(), 'kork-bench-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kork</title>');
  const stack = await startLocalStack({});
  const previousLevel = process.env.LOG_LEVEL;
  if (options.silent) process.env.LOG_LEVEL = 'silent';
  const server = await startLocalServer({ stack, port: 0, webRoot });
  try {
    return await part(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, stack);
  } finally {
    if (previousLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLevel;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    if (options.drainMs) await new Promise((r) => setTimeout(r, options.drainMs));
    await stack.stop();
  }
}
