/**
 * `npm run seed [-- --force]` and `npm run job -- <name>`. When `npm start` is running they ask it
 * (DynamoDB Local's files belong to that process); otherwise they start the local stack themselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { seedSteps } from '@kork/functions/seeds';
import { jobNames, runJob } from './jobs';
import { REPO_ROOT, startLocalStack } from './stack';

const [command, ...args] = process.argv.slice(2);
const dataDir = resolve(REPO_ROOT, process.env.KORK_DATA_DIR ?? '.kork');

function runningUrl(): string | undefined {
  const file = join(dataDir, 'runtime.json');
  if (!existsSync(file)) return undefined;
  const { pid, url } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string };
  try {
    process.kill(pid, 0);
    return url;
  } catch {
    return undefined;
  }
}

async function viaServer(url: string, path: string): Promise<unknown> {
  const res = await fetch(`${url}${path}`, { method: 'POST' });
  const body = await res.json();
  if (!res.ok) throw new Error(JSON.stringify(body));
  return body;
}

async function withStack<T>(work: () => Promise<T>): Promise<T> {
  const stack = await startLocalStack({ dataDir });
  try {
    return await work();
  } finally {
    await stack.stop();
  }
}

async function main() {
  const url = runningUrl();
  if (command === 'seed') {
    const force = args.includes('--force');
    const outcomes = url
      ? await viaServer(url, `/_dev/seed${force ? '?force' : ''}`)
      : await withStack(() => applySeeds(seedSteps, { force }));
    for (const o of outcomes as { step: string; status: string; summary?: string }[]) {
      console.log(`${o.status.padEnd(8)} ${o.step}${o.summary ? ` (${o.summary})` : ''}`);
    }
    return;
  }
  if (command === 'job') {
    const name = args[0];
    if (!name) {
      console.log(`Usage: npm run job -- <name>. Jobs: ${jobNames().join(', ') || 'none yet'}`);
      process.exitCode = 2;
      return;
    }
    const result = url
      ? await viaServer(url, `/_dev/jobs/${name}`)
      : await withStack(() => runJob(name, 'manual'));
    console.log(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  console.log('Usage: tsx infra/local/cli.ts seed [--force] | job <name>');
  process.exitCode = 2;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
