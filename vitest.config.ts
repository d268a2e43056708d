import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that take longest, longest first. Two run at a time, so a long file that starts
 * last stretches the tier by its own length; these start first, every other file after them in vitest's
 * own order (a new file needs no entry here).
 */
const LONG_FILES = [
  /manifest-sweep-.*\.int\.test\.ts$/,
  /accounts-edges\.int\.test\.ts$/,
  /cellar-concurrency\.int\.test\.ts$/,
  /accounts\.int\.test\.ts$/,
  /local-stack\.int\.test\.ts$/,
  /imports\.int\.test\.ts$/,
  /catalog-real-file\.int\.test\.ts$/,
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.findIndex((pattern) => pattern.test(file.moduleId));
      return at < 0 ? LONG_FILES.length : at;
    };
    // Projects stay in vitest's order; within one, the long files move to the front.
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) {
      const name = file.project.name;
      byProject.set(name, [...(byProject.get(name) ?? []), file]);
    }
    return [...byProject.values()].flatMap((group) =>
      group
        .map((file, index) => ({ file, index }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
        .map(({ file }) => file),
    );
  }
}

/**
 * One runner, four tiers: `unit` (no network), `web` (components in happy-dom), `integration`
 * (real DynamoDB Local and the S3 emulator, started by the tests) and `infra` (CDK assertions and
 * cdk-nag). Playwright runs the fifth, the browser journeys.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{shared,queue-messages,functions,infra/local,scripts}/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Two files at a time: one file's imports and setup overlap the other's tests.
          maxWorkers: 2,
          env: {
            LOG_LEVEL: 'silent',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            ASSISTANT_LOCAL_PACE_MS: '0',
          },
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // One DynamoDB Local for the whole tier, each test file in a database of its own in it.
          globalSetup: ['functions/test/dynamodb-global-setup.ts'],
          // Two files at a time, each with its own stack and S3 emulator: the tier is mostly waiting on
          // the emulators, so two share the machine's cores well (docs/benchmarks.md).
          fileParallelism: true,
          maxWorkers: 2,
          env: {
            LOG_LEVEL: 'silent',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            // The assistant's local engine answers without its typing pace.
            ASSISTANT_LOCAL_PACE_MS: '0',
            // Seeds import the small generated catalogue; the real list has its own test.
            KORK_CATALOG_FILE: '',
            // Every request sees the latest writes.
            CATALOG_REFRESH_MS: '0',
            // Sign-ups and sign-ins hash at a cheaper scrypt cost (accounts/passwords.ts; the full
            // cost is the unit tier's and every stack's).
            KORK_TEST_SCRYPT_N: '4096',
          },
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['infra/test/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          env: { CDK_DISABLE_CLI_TELEMETRY: 'true' },
        },
      },
    ],
  },
});
