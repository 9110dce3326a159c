import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { PRODUCT, EXAMPLES, PORT, EXAMPLES_PORT, E2E_DATABASE } from './origins';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Real Chromium (the system package), the real server, two origins: the product and the demo publisher. */
export default defineConfig({
  testDir: '.',
  // Every temporary file of the run in one folder, removed at its end (tests/temp-dir.ts).
  globalSetup: '../temp-dir.ts',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // No background traffic: this machine has no network beyond loopback.
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && tsx api/src/server.ts`,
    cwd: root,
    url: `${PRODUCT}/`,
    reuseExistingServer: false,
    stdout: 'pipe',
    timeout: 60_000,
    env: {
      NODE_ENV: 'development',
      // The request log (api/src/core/log.ts) would print a line per request into the run's output.
      LOG_LEVEL: 'warn',
      PORT: String(PORT),
      EXAMPLES_PORT: String(EXAMPLES_PORT),
      DATABASE_URL: `sqlite:${E2E_DATABASE}`,
      // The whole suite is one client on 127.0.0.1 signing up and logging in all day: per-client limits x50.
      RATE_LIMIT_SCALE: '50',
    },
  },
});

export { PRODUCT, EXAMPLES };
