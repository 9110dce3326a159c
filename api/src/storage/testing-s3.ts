import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../config.js';

/** s3rver's fixed credentials: it checks signatures made with them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The settings a server or a test config takes to keep its media in the bucket, under `prefix`. */
  config(prefix: string): Pick<Config, 'mediaStore' | 'mediaS3'>;
  /** The same as environment variables, for a server process. */
  env(prefix: string): Record<string, string>;
  /** The server stopped, its objects kept (connections to it refused), as a bucket that went away. */
  down(): Promise<void>;
  /** The same server on the same port and objects again. */
  up(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver) on a free loopback port, over a temporary directory,
 * with one bucket: what the media store's tests and the two-host test talk to.
 * No outside network.
 */
export async function startLocalS3(bucket = 'corkboard-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'corkboard-s3-'));
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: (prefix) => ({
      mediaStore: { kind: 's3', bucket, prefix },
      mediaS3: { endpoint, region: 'us-east-1', forcePathStyle: true, ...S3RVER_CREDENTIALS },
    }),
    env: (prefix) => ({
      MEDIA_STORE: `s3://${bucket}/${prefix}`,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    async down() {
      if (running) await server.close();
      running = false;
    },
    async up() {
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
      await server.run();
      running = true;
    },
    async stop() {
      if (running) await server.close();
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
