import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import S3rver from 's3rver';
import { serverProcess, stopProcess } from '../server-process';
import { S3_BUCKET, S3_CREDENTIALS, S3_RUN_FILE } from './run';

/**
 * The product for the S3 end-to-end run (playwright.s3.config.ts): an S3-compatible server
 * (s3rver, in this process, on a loopback port of its own) and then the server as `npm start` runs it, as a
 * process of its own, with MEDIA_STORE naming the bucket and a MEDIA_DIR of its own. Both here, not in a
 * globalSetup: Playwright starts the webServer before its globalSetup, so the bucket's and the media's
 * folders are under test-results/ (made afresh here), not in the run's temporary folder.
 */
const bucketDir = resolve('test-results/e2e-s3-bucket');
const mediaDir = resolve('test-results/e2e-s3-media');
for (const dir of [bucketDir, mediaDir]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: S3_BUCKET }] });
const { port } = await s3.run();
const env = {
  MEDIA_STORE: `s3://${S3_BUCKET}/media`,
  MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
  MEDIA_S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
  MEDIA_S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
  MEDIA_DIR: mediaDir,
};
writeFileSync(S3_RUN_FILE, JSON.stringify(env));

// Playwright stops this process at the run's end: the server goes with it, then the bucket.
const server = serverProcess(env, 'inherit');
const stop = async () => {
  await stopProcess(server);
  await s3.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
server.once('exit', (code) => void s3.close().then(() => process.exit(code ?? 1)));
