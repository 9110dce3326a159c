import { readFileSync, readdirSync } from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** Where the S3 run's server keeps its media (written by server.ts), relative to the repository root. */
export const S3_RUN_FILE = 'test-results/e2e-s3.json';
export const S3_BUCKET = 'e2e';
/** s3rver's fixed credentials: it checks signatures made with them. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The keys in the run's bucket, and the files in its server's MEDIA_DIR (which keeps none once arrived). */
export async function mediaOfTheRun(): Promise<{ keys: string[]; localFiles: string[] }> {
  const env = JSON.parse(readFileSync(S3_RUN_FILE, 'utf8')) as Record<string, string>;
  const [bucket, prefix] = env.MEDIA_STORE!.slice('s3://'.length).split('/') as [string, string];
  const client = new S3Client({ endpoint: env.MEDIA_S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/` }));
  const keys = (page.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1));
  const localFiles = readdirSync(env.MEDIA_DIR!, { recursive: true })
    .map(String)
    .filter((f) => /\.\w+$/.test(f));
  return { keys, localFiles };
}
