/**
 * The local origin with the demo data, as `npm start` serves it on a first start: every seed step (the
 * real catalogue file when it is beside the checkout, expert ratings, the demo cellars) and the built SPA.
 * The load and page-speed benches measure against it; a fresh in-memory stack each time, so a run never
 * sees what an earlier one left behind.
 */
import type { AddressInfo } from 'node:net';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { seedSteps } from '@kork/functions/seeds';
import { startLocalServer } from '../../infra/local/server';
import { startLocalStack } from '../../infra/local/stack';

export interface DemoOrigin {
  /** `http://127.0.0.1:<port>`: loopback only. */
  base: string;
  seedMs: number;
  /** What each seed step applied, e.g. `catalog.products: 14521 wines from …`. */
  seeded: string[];
  stop(): Promise<void>;
}

export async function startDemoOrigin(options: {
  webRoot: string;
  /** Keep the data here between runs (a development shortcut); omitted = in memory. */
  dataDir?: string;
  log?: (line: string) => void;
}): Promise<DemoOrigin> {
  const log = options.log ?? (() => undefined);
  const stack = await startLocalStack({ dataDir: options.dataDir });
  try {
    const started = performance.now();
    const seeded: string[] = [];
    for (const outcome of await applySeeds(seedSteps, { log: (line) => log(`  ${line}`) })) {
      if (outcome.status !== 'applied') continue;
      seeded.push(`${outcome.step}: ${outcome.summary ?? ''}`);
      log(`seeded ${outcome.step}: ${outcome.summary ?? ''}`);
    }
    const seedMs = performance.now() - started;
    const server = await startLocalServer({ stack, port: 0, webRoot: options.webRoot });
    return {
      base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      seedMs,
      seeded,
      async stop() {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
        // Requests cut off with their connections still finish their handlers: let them end before
        // the table goes away, so they do not log failures that no client saw.
        await new Promise((r) => setTimeout(r, 1_000));
        await stack.stop();
      },
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
