/**
 * `npm test`: every tier, the fastest to fail first — the web build (the browser journeys' server then
 * seeds in the background), types, lint and the architecture check, unit and component tests, then two
 * lanes side by side: integration (DynamoDB Local + S3 emulator), infra (CDK + cdk-nag) and the CLI's
 * synth in one, the browser journeys against the local stack in the other. Ends with one line counting
 * every test run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { playwrightOutcomes, printResults, vitestFailures } from './test-report';

const root = resolve(import.meta.dirname, '..');
const results = join(root, '.kork', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = {
  ...process.env,
  CDK_DISABLE_CLI_TELEMETRY: 'true',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

function step(
  title: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): boolean {
  const started = Date.now();
  process.stdout.write(`\n▶ ${title}\n`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const ok = run.status === 0;
  process.stdout.write(`${ok ? '✔' : '✘'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return ok;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

const only = process.argv.slice(2);
const wants = (tier: string) => only.length === 0 || only.includes(tier);
const failures: string[] = [];
const vitestFiles: string[] = [];

/**
 * The browser journeys' server (what web/playwright.config.ts would start), started in the background
 * once the web app is built, so its first start's seeding overlaps the static checks and unit tests.
 * Playwright then reuses it. It is stopped when this script ends, however it ends.
 */
const E2E_PORT = 3100;
let e2eServer: ChildProcess | undefined;

function stopE2eServer(): void {
  const pid = e2eServer?.pid;
  e2eServer?.stdin?.end();
  e2eServer = undefined;
  if (pid === undefined) return;
  try {
    // Its own process group: npx, tsx and the DynamoDB Local it starts go with it.
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
process.on('exit', stopE2eServer);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopE2eServer();
    process.exit(1);
  });
}

function startE2eServer(): void {
  rmSync(join(root, '.kork', 'e2e'), { recursive: true, force: true });
  process.stdout.write("\n▶ Browser journeys' server, in the background (seeds on its first start)\n");
  // In a process group of its own, with a shell that ends the whole group once this script's end of the
  // pipe closes: however this script ends (even killed outright), the server and its emulators go too.
  e2eServer = spawn('sh', ['-c', 'npx tsx infra/local/main.ts & read -r line; kill -TERM 0'], {
    cwd: root,
    detached: true,
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...env, PORT: String(E2E_PORT), KORK_DATA_DIR: '.kork/e2e' },
  });
}

/**
 * Waits for the background server to run: it writes runtime.json in its fresh data folder once it
 * listens (so an answer on the port from anything else does not count), and answers on the port.
 */
async function e2eServerUp(timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  const running = join(root, '.kork', 'e2e', 'runtime.json');
  while (Date.now() < started + timeoutMs) {
    if (!e2eServer || e2eServer.exitCode !== null || e2eServer.signalCode !== null) break;
    const answered =
      existsSync(running) &&
      (await fetch(`http://localhost:${E2E_PORT}/api/health`, { signal: AbortSignal.timeout(2_000) })
        .then(() => true)
        .catch(() => false));
    if (answered) {
      const waited = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`✔ Browser journeys' server up (waited ${waited} s)\n`);
      return true;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  process.stdout.write("✘ Browser journeys' server did not start\n");
  return false;
}

let webBuilt: boolean | undefined;
function buildWeb(): boolean {
  webBuilt ??= step('Build the web app', 'npm', ['run', 'build:web']);
  return webBuilt;
}

/**
 * A step run beside another: its output goes to the console line by line with the step's label in
 * front, so two steps' lines stay readable when they interleave.
 */
function laneStep(
  label: string,
  title: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<boolean> {
  const started = Date.now();
  process.stdout.write(`\n▶ ${title}\n`);
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, FORCE_COLOR: '0', ...extraEnv },
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) process.stdout.write(`[${label}] ${rest}\n`);
      });
    }
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${ok ? '✔' : '✘'} ${title} (${seconds} s)\n`);
      done(ok);
    });
  });
}

function vitestArgs(tier: string, projects: readonly string[]): string[] {
  const out = join(results, `vitest-${tier}.json`);
  vitestFiles.push(out);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  return args;
}

// With the browser journeys wanted, the web app is built first and their server starts seeding in the
// background (about two minutes), so the seeding overlaps the static checks (the type check uses one
// core) rather than the journeys' own lane.
const e2eWanted = wants('e2e');
if (e2eWanted && buildWeb()) startE2eServer();

if (wants('static')) {
  if (!step('Type check (tsc -b)', 'npx', ['tsc', '-b'])) failures.push('types');
  if (!step('Lint and format (biome)', 'npx', ['biome', 'check', '.'])) failures.push('lint');
  if (
    !step('Architecture (owners, cycles, one fetch path, file sizes)', 'npx', [
      'tsx',
      'scripts/check-architecture.ts',
    ])
  ) {
    failures.push('architecture');
  }
}

/**
 * Then two lanes at once: the browser journeys in one; the integration tier, the infra tier and the CLI's
 * synth in the other. The component and node unit tests follow in whichever lane is free first (the
 * component tests first, as the longer), so the lanes end close together however long each took
 * (docs/benchmarks.md). `KORK_TEST_LANES=1` runs everything one after the other, the unit tier first.
 */
const sideBySide = process.env.KORK_TEST_LANES !== '1';

async function unitTier(): Promise<void> {
  if (!wants('unit')) return;
  if (!step('Tests: unit', 'npx', vitestArgs('unit', ['unit', 'web']))) failures.push('unit');
}

/** The component tests (`web`) or the node unit tests (`unit`), in a lane. */
async function unitPart(project: 'unit' | 'web'): Promise<void> {
  if (!wants('unit')) return;
  const args = vitestArgs(project === 'unit' ? 'unit' : 'components', [project]);
  const title = project === 'unit' ? 'Tests: unit' : 'Tests: components';
  if (!(await laneStep(project === 'unit' ? 'unit' : 'components', title, 'npx', args)))
    failures.push('unit');
}

if (!sideBySide) await unitTier();

async function serverLane(): Promise<void> {
  for (const [tier, projects] of [
    ['integration', ['integration']],
    ['infra', ['infra']],
  ] as const) {
    if (!wants(tier)) continue;
    if (!(await laneStep(tier, `Tests: ${tier}`, 'npx', vitestArgs(tier, projects)))) failures.push(tier);
  }
  /**
   * The deploy as the README runs it: the CDK CLI gives the app a concrete region (and the account when
   * it has credentials), so partitions and regions render as literals, and every cdk-nag acknowledgement
   * has to match that rendering. The infra tier's tests synthesize in memory; this is the CLI's own path.
   */
  if (wants('infra') || only.includes('synth')) {
    // No instance metadata on these machines: without this the CLI waits on its look-up before synthesizing.
    const ok = await laneStep('synth', 'Deploy synth (npx cdk synth -q)', 'npx', ['cdk', 'synth', '-q'], {
      AWS_EC2_METADATA_DISABLED: 'true',
    });
    if (!ok) failures.push('synth');
  }
}

/** What is left for a lane that is free: the component tests, then the node unit tests. */
const tail: ('web' | 'unit')[] = ['web', 'unit'];
async function thenTail(lane: () => Promise<void>): Promise<void> {
  await lane();
  for (let part = tail.shift(); part; part = tail.shift()) await unitPart(part);
}

let e2e: Counts = { passed: 0, failed: 0, skipped: 0 };
async function browserLane(): Promise<void> {
  if (!e2eWanted) return;
  const out = join(results, 'playwright.json');
  if (!buildWeb()) failures.push('web build');
  else {
    if (!e2eServer) startE2eServer();
    if (!(await e2eServerUp(300_000))) failures.push('e2e server');
    else if (
      !(await laneStep(
        'e2e',
        'Tests: e2e (Playwright, Chromium)',
        'npx',
        // One more try for a journey that fails: it is then listed by name at the end as flaky, never hidden.
        ['playwright', 'test', '-c', 'web/playwright.config.ts', '--reporter=list,json', '--retries=1'],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: out, KORK_E2E_SERVER: 'running' },
      ))
    ) {
      failures.push('e2e');
    }
  }
  stopE2eServer();
  e2e = playwrightCounts(out);
}

if (sideBySide) await Promise.all([thenTail(serverLane), thenTail(browserLane)]);
else {
  await serverLane();
  await browserLane();
}

const total = [...vitestFiles.map(vitestCounts), e2e].reduce(
  (sum, c) => ({
    passed: sum.passed + c.passed,
    failed: sum.failed + c.failed,
    skipped: sum.skipped + c.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const journeys = e2eWanted ? playwrightOutcomes(join(results, 'playwright.json')) : { failed: [], flaky: [] };
printResults('Passed only when run again (a flaky journey to fix):', journeys.flaky);
printResults('Failed tests:', [...vitestFiles.flatMap((f) => vitestFailures(f, root)), ...journeys.failed]);
if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
// A failed step that ran no test (types, lint, a build) still counts as a failure.
const failed = Math.max(total.failed, failures.length > 0 && total.failed === 0 ? 1 : total.failed);
process.stdout.write(`\n${total.passed} passed, ${failed} failed, ${total.skipped} skipped\n`);
process.exit(failures.length > 0 ? 1 : 0);
