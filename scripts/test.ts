/**
 * `npm test`: every tier, in the order that fails fastest — types, lint, unit and component tests,
 * integration (DynamoDB Local + S3 emulator), infra (CDK + cdk-nag), then the browser journeys against
 * the local stack. Ends with one line counting every test run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

if (wants('static')) {
  if (!step('Type check (tsc -b)', 'npx', ['tsc', '-b'])) failures.push('types');
  if (!step('Lint and format (biome)', 'npx', ['biome', 'check', '.'])) failures.push('lint');
}

for (const [tier, projects] of [
  ['unit', ['unit', 'web']],
  ['integration', ['integration']],
  ['infra', ['infra']],
] as const) {
  if (!wants(tier)) continue;
  const out = join(results, `vitest-${tier}.json`);
  vitestFiles.push(out);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  if (!step(`Tests: ${tier}`, 'npx', args)) failures.push(tier);
}

let e2e: Counts = { passed: 0, failed: 0, skipped: 0 };
if (wants('e2e')) {
  const out = join(results, 'playwright.json');
  const built = step('Build the web app', 'npm', ['run', 'build:web']);
  if (!built) failures.push('web build');
  else if (
    !step(
      'Tests: e2e (Playwright, Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'web/playwright.config.ts', '--reporter=list,json'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      },
    )
  ) {
    failures.push('e2e');
  }
  e2e = playwrightCounts(out);
}

const total = [...vitestFiles.map(vitestCounts), e2e].reduce(
  (sum, c) => ({
    passed: sum.passed + c.passed,
    failed: sum.failed + c.failed,
    skipped: sum.skipped + c.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
// A failed step that ran no test (types, lint, a build) still counts as a failure.
const failed = Math.max(total.failed, failures.length > 0 && total.failed === 0 ? 1 : total.failed);
process.stdout.write(`\n${total.passed} passed, ${failed} failed, ${total.skipped} skipped\n`);
process.exit(failures.length > 0 ? 1 : 0);
