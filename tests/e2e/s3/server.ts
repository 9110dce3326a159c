import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalS3 } from '../../../api/src/media/objects/testing-s3';
import { S3_RUN_FILE } from './run';

/**
 * The product for the S3 end-to-end run (playwright.s3.config.ts, issue 29): an S3-compatible server
 * (s3rver, in this process, on a loopback port of its own) and then the server as `npm start` runs it, with
 * MEDIA_STORE naming the bucket and a MEDIA_DIR of its own. Both here, not in a globalSetup: Playwright
 * starts the webServer before its globalSetup. Where the bucket is goes to S3_RUN_FILE for the specs.
 */
const s3 = await startLocalS3('e2e');
const env = s3.env('media');
const mediaDir = mkdtempSync(join(tmpdir(), 'corkboard-e2e-s3-media-'));
Object.assign(process.env, env, { MEDIA_DIR: mediaDir });
mkdirSync('test-results', { recursive: true });
writeFileSync(S3_RUN_FILE, JSON.stringify({ ...env, MEDIA_DIR: mediaDir }));
await import('../../../api/src/server');
