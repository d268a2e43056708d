/**
 * `npm start` (and `npm run dev` with --dev): the whole product on one machine at http://localhost:PORT.
 * Ctrl-C stops every child process.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { seedSteps } from '@kork/functions/seeds';
import { MissingJavaError } from './dynamodb-local';
import { scheduleJobs } from './jobs';
import { startLocalServer } from './server';
import { type LocalStack, REPO_ROOT, startLocalStack } from './stack';

const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(REPO_ROOT, process.env.KORK_DATA_DIR ?? '.kork');
const dev = process.argv.includes('--dev');
const log = (line: string) => process.stdout.write(`[kork] ${line}\n`);

let stack: LocalStack | undefined;

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  const appUrl = `http://localhost:${port}`;
  stack = await startLocalStack({ dataDir, appUrl, log });
  if (stack.tableCreated) log('created table kork');
  for (const outcome of await applySeeds(seedSteps, { log: (line) => log(`  ${line}`) })) {
    if (outcome.status === 'applied')
      log(`seeded ${outcome.step}${outcome.summary ? `: ${outcome.summary}` : ''}`);
  }
  // Google and Apple sign-in go to the local emulator (/_dev/oidc): the real providers need a deployment.
  const server = await startLocalServer({ stack, port, dev, log, signInEmulator: true });
  const running = stack;
  const stopJobs = scheduleJobs(log);
  const runtimeFile = join(dataDir, 'runtime.json');
  writeFileSync(runtimeFile, JSON.stringify({ pid: process.pid, port, url: appUrl }));
  log(`Kork is running at ${appUrl} (${Date.now() - started} ms; data in ${dataDir})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    stopJobs();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await running.stop();
    rmSync(runtimeFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
}

main().catch(async (error) => {
  if (error instanceof MissingJavaError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(
      `\nPort ${port} is already in use: stop what runs there, or start with PORT=<another port>.\n\n`,
    );
  } else {
    process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  }
  // Never leave DynamoDB Local running behind a failed start.
  await stack?.stop().catch(() => undefined);
  process.exit(1);
});
