import { defineConfig } from '@playwright/test';

const repoRoot = new URL('..', import.meta.url).pathname;
// KORK_E2E_PORT lets two runs on one machine use their own server and data folder.
const port = Number(process.env.KORK_E2E_PORT ?? 3100);
const dataDir = port === 3100 ? '.kork/e2e' : `.kork/e2e-${port}`;

/**
 * Browser journeys against the local stack (`infra/local/main.ts`), which serves the built SPA (web/dist,
 * built by `npm run build:web` first) and every /api route at one origin, like CloudFront does.
 * Debian's Chromium drives them: browser downloads are not possible here.
 */
export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    // No trace: recording one costs a third of the journeys' CPU; a failure keeps its page's screenshot
    // and its accessibility snapshot (error-context.md), and `--trace on` records one when wanted.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh data folder every run: journeys change the catalogue (an admin merge), and the first start
    // seeds it again from the product list (about a minute).
    command: `node -e "require('fs').rmSync('${dataDir}', { recursive: true, force: true })" && npx tsx infra/local/main.ts`,
    cwd: repoRoot,
    // Any answer means the server is up; without an API key /api/health answers 403, which counts.
    url: `http://localhost:${port}/api/health`,
    env: { PORT: String(port), KORK_DATA_DIR: dataDir },
    // `npm test` (scripts/test.ts) starts this same server early, in the background, and says so;
    // otherwise every run starts its own.
    reuseExistingServer: process.env.KORK_E2E_SERVER === 'running',
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
