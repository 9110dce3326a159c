import { readFileSync, readdirSync } from 'node:fs';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { loadConfig } from '../../../api/src/config';
import { s3Client } from '../../../api/src/media/objects/s3';

/** Where the S3 run's server keeps its media (written by server.ts), relative to the repository root. */
export const S3_RUN_FILE = 'test-results/e2e-s3.json';

/** The keys in the run's bucket, and the files in its server's MEDIA_DIR (which keeps none once arrived). */
export async function mediaOfTheRun(): Promise<{ keys: string[]; localFiles: string[] }> {
  const env = JSON.parse(readFileSync(S3_RUN_FILE, 'utf8')) as Record<string, string>;
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  if (config.mediaStore.kind !== 's3') throw new Error('The S3 run’s server has no bucket');
  const { bucket, prefix } = config.mediaStore;
  const page = await (await s3Client(config.mediaS3)).send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/` }));
  const keys = (page.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1));
  const localFiles = readdirSync(config.mediaDir, { recursive: true }).map(String).filter((f) => /\.\w+$/.test(f));
  return { keys, localFiles };
}
