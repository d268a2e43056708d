import { defineProject } from 'vitest/config';

// The web app's unit tests, as a project the root vitest config can list or mirror.
export default defineProject({
  root: new URL('.', import.meta.url).pathname,
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Two files at a time (as the unit project, which runs beside it): one file's imports, happy-dom
    // and setup overlap the other's tests.
    maxWorkers: 2,
    // Component tests render whole pages; a busy runner needs more than the default 5 s.
    testTimeout: 20_000,
  },
});
