import { defineConfig } from 'vitest/config';

/**
 * One runner, four tiers: `unit` (no network), `web` (components in happy-dom), `integration`
 * (real DynamoDB Local and the S3 emulator, started by the tests) and `infra` (CDK assertions and
 * cdk-nag). Playwright runs the fifth, the browser journeys.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{shared,events,functions,infra/local,scripts}/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          env: { LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
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
          // Two files at a time, each with its own DynamoDB Local and S3 emulator: the tier is mostly
          // waiting on the emulators, so two share the machine's cores well (docs/benchmarks.md).
          fileParallelism: true,
          maxWorkers: 2,
          env: {
            LOG_LEVEL: 'silent',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            // Seeds import the small generated catalogue; the real list has its own test.
            KORK_CATALOG_FILE: '',
            // Every request sees the latest writes.
            CATALOG_REFRESH_MS: '0',
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
