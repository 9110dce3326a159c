import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { E2E_DATABASE } from './origins';

/**
 * The end-to-end run with media in an S3 bucket: the save-flow specs (a save from a publisher
 * page, the pin builder's uploads) against a server with MEDIA_STORE=s3://…, then media.s3-spec.ts, which
 * finds their images in the bucket. The bucket is an s3rver started with the server (s3/server.ts).
 *   npx playwright test --config tests/e2e/playwright.s3.config.ts
 */
export default defineConfig({
  ...base,
  // The bucket's check runs after the saves it looks for.
  projects: [
    { name: 'saves on S3', testMatch: ['save-flow.spec.ts', 'pin-builder.spec.ts'] },
    { name: 'the bucket', testMatch: ['media.s3-spec.ts'], dependencies: ['saves on S3'] },
  ],
  outputDir: '../../test-results/e2e-s3',
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright-s3.json' }]],
  webServer: {
    ...base.webServer,
    command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && tsx tests/e2e/s3/server.ts`,
  } as typeof base.webServer,
});
