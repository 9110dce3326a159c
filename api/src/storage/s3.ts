import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { checkKey } from './local.js';
import type { MediaObjects } from './types.js';

/** Whether an SDK error is "no such object" (GetObject answers NoSuchKey; some servers a bare 404). */
const missing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * The AWS SDK, loaded the first time a bucket is used: over a second of start-up (on a busy machine) that a
 * server keeping its media in MEDIA_DIR never pays.
 */
let loading: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
const sdk = () => (loading ??= import('@aws-sdk/client-s3'));

/** The S3 client MEDIA_S3_* describe; credentials unset leave the SDK's own chain (AWS_* variables, profiles, roles). */
export async function s3Client(settings: Config['mediaS3']): Promise<S3Client> {
  const { S3Client } = await sdk();
  const options: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    endpoint: settings.endpoint,
    // The SDK's default checksums send a streamed body aws-chunked, which S3-compatible servers (s3rver,
    // older MinIO, Garage) store as the raw chunks: only when an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.accessKeyId || settings.secretAccessKey) {
    if (!settings.accessKeyId || !settings.secretAccessKey)
      throw new Error('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK’s own credentials.');
    options.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  }
  return new S3Client(options);
}

/**
 * An S3-compatible bucket as a media store: one PutObject per object, which S3 makes visible
 * whole or not at all, so no partial state exists to sweep. Keys are `{prefix}/{key}`, the directory's
 * layout under the prefix.
 */
export function s3Objects(settings: Config['mediaS3'], bucket: string, prefix: string): MediaObjects {
  let made: Promise<S3Client> | undefined;
  const client = () => (made ??= s3Client(settings));
  const full = (key: string) => (prefix ? `${prefix}/${checkKey(key)}` : checkKey(key));
  const put = async (key: string, body: Buffer | Readable, contentType: string, length: number) => {
    const { PutObjectCommand } = await sdk();
    await (await client()).send(new PutObjectCommand({ Bucket: bucket, Key: full(key), Body: body, ContentType: contentType, ContentLength: length }));
  };

  const open = async (key: string) => {
    const { GetObjectCommand } = await sdk();
    try {
      const answer = await (await client()).send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
      const body = answer.Body as Readable;
      return {
        info: {
          size: answer.ContentLength ?? 0,
          etag: answer.ETag ?? `"${answer.LastModified?.getTime() ?? 0}"`,
          modifiedMs: answer.LastModified?.getTime() ?? 0,
        },
        body: body instanceof Readable ? body : Readable.fromWeb(body as never),
      };
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };

  const list = async (under: string) => {
    const { ListObjectsV2Command } = await sdk();
    const found: Array<{ key: string; size: number; modifiedMs: number }> = [];
    const start = prefix ? `${prefix}/` : '';
    let token: string | undefined;
    do {
      const page = await (await client()).send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${start}${under}`, ContinuationToken: token }));
      for (const item of page.Contents ?? [])
        if (item.Key) found.push({ key: item.Key.slice(start.length), size: item.Size ?? 0, modifiedMs: item.LastModified?.getTime() ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  };

  return {
    kind: 's3',
    where: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
    async putSet(dir, files, contentType) {
      await Promise.all(Object.entries(files).map(([name, bytes]) => put(`${dir}/${name}`, bytes, contentType, bytes.length)));
    },
    async putFile(key, path, contentType, options) {
      const { size } = await stat(path);
      await put(key, createReadStream(path), contentType, size);
      if (!options?.keep) await rm(path, { force: true });
    },
    open,
    // A bucket's answer is a stream whatever its size.
    openSmall: (key) => open(key),
    async read(key) {
      const found = await open(key);
      if (!found) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async delete(key) {
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket: bucket, Key: full(key) }));
    },
    async deleteDir(dir) {
      const { DeleteObjectsCommand } = await sdk();
      const keys = (await list(`${checkKey(dir)}/`)).map((o) => o.key);
      // DeleteObjects takes up to 1,000 keys a call.
      for (let i = 0; i < keys.length; i += 1000) {
        await (await client()).send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + 1000).map((key) => ({ Key: full(key) })), Quiet: true } }),
        );
      }
    },
    list,
    async check() {
      const { HeadBucketCommand } = await sdk();
      await (await client()).send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
