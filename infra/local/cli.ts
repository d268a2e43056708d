/**
 * `npm run seed [-- --force]`, `npm run job -- <name>` and `npm run catalog:load -- <file>`. When `npm start` is running they ask it
 * (DynamoDB Local's files belong to that process); otherwise they start the local stack themselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CatalogLoadReport } from '@kork/functions/catalog/load-service';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { seedSteps } from '@kork/functions/seeds';
import { jobNames, runJob } from './jobs';
import { type LocalStack, REPO_ROOT, startLocalStack } from './stack';

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
  if (!res.ok) {
    const message = (body as { error?: { message?: unknown } }).error?.message;
    throw new Error(typeof message === 'string' ? message : JSON.stringify(body));
  }
  return body;
}

/** Runs the import in the running server, printing its progress lines as they come. */
async function importViaServer(url: string, file: string): Promise<unknown> {
  const res = await fetch(`${url}/_dev/catalog/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ file }),
  });
  if (!res.ok || !res.body) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  let buffered = '';
  let report: unknown;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const message = JSON.parse(buffered.slice(0, newline)) as {
        progress?: string;
        report?: unknown;
        error?: string;
      };
      buffered = buffered.slice(newline + 1);
      if (message.progress) console.log(message.progress);
      if (message.error) throw new Error(message.error);
      if (message.report) report = message.report;
      newline = buffered.indexOf('\n');
    }
  }
  return report;
}

function printReport(report: CatalogLoadReport): void {
  console.log(
    `Imported ${report.rows} rows from ${report.source} in ${(report.durationMs / 1000).toFixed(1)} s: ` +
      `${report.created} new, ${report.updated} updated (${report.priceChanges} price changes), ` +
      `${report.unchanged} unchanged, ${report.bad.length} bad rows skipped; search snapshot holds ${report.snapshotWines} wines.`,
  );
  for (const bad of report.bad) console.log(`  line ${bad.line}: ${bad.error}`);
}

async function withStack<T>(work: (stack: LocalStack) => Promise<T>): Promise<T> {
  const stack = await startLocalStack({ dataDir });
  try {
    return await work(stack);
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
      : await withStack(() => applySeeds(seedSteps, { force, log: console.log }));
    for (const o of outcomes as { step: string; status: string; summary?: string }[]) {
      console.log(`${o.status.padEnd(8)} ${o.step}${o.summary ? ` (${o.summary})` : ''}`);
    }
    return;
  }
  if (command === 'job') {
    const name = args[0];
    if (!name) {
      console.log(`Usage: npm run job -- <name> [file]. Jobs: ${jobNames().join(', ') || 'none yet'}`);
      process.exitCode = 2;
      return;
    }
    // A file for the job to read (`npm run job -- duty-rates <path>`), from where the command was typed
    // (npm runs the script in the repository's root and names the typed-in folder INIT_CWD).
    const file = args[1] ? resolve(process.env.INIT_CWD ?? process.cwd(), args[1]) : undefined;
    const detail = file ? { file } : {};
    const result = url
      ? await viaServer(url, `/_dev/jobs/${name}${file ? `?file=${encodeURIComponent(file)}` : ''}`)
      : await withStack(async (stack) => {
          const summary = await runJob(name, 'manual', detail);
          // What the job sent is delivered before the stack stops (the market-value sync's batches).
          await stack.broker.idle();
          return summary;
        });
    console.log(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  if (command === 'catalog-load') {
    const file = args[0] ? resolve(process.cwd(), args[0]) : undefined;
    if (!file || !existsSync(file)) {
      console.log('Usage: npm run catalog:load -- <product list file (.csv)>');
      process.exitCode = 2;
      return;
    }
    const report = url
      ? await importViaServer(url, file)
      : await withStack(async () => {
          const { loadCatalogFile } = await import('@kork/functions/catalog/load-service');
          return loadCatalogFile(file, (line) => console.log(line));
        });
    printReport(report as CatalogLoadReport);
    return;
  }
  console.log('Usage: tsx infra/local/cli.ts seed [--force] | job <name> | catalog-load <file>');
  process.exitCode = 2;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
