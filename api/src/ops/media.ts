import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { mediaObjects } from '../storage/index.js';

/**
 * What operations needs of the media store, in one place: whether it is reachable (/ready), its
 * objects for a backup, and how a backup's files go back. The store is MEDIA_STORE's (storage/: the
 * MEDIA_DIR directory or a bucket); a restore writes a directory, which media-copy moves into a bucket.
 */
export type MediaConfig = Pick<Config, 'mediaDir' | 'mediaStore' | 'mediaS3'>;

/** Resolves when the media store answers (the directory made if missing; the bucket reached); rejects otherwise. */
export function mediaReachable(config: MediaConfig): Promise<void> {
  return mediaObjects(config).check();
}

/** Every object of the store, by key (`{imageId}/236x.jpg`, `videos/…`), complete ones only (no upload still arriving). */
export async function* mediaFiles(config: MediaConfig): AsyncGenerator<{ name: string; open(): Promise<Readable> }> {
  const store = mediaObjects(config);
  for (const { key } of await store.list('')) {
    yield {
      name: key,
      open: async () => {
        const object = await store.open(key);
        if (!object) throw new Error(`The media object ${key} went away during the backup.`);
        return object.body;
      },
    };
  }
}

/** Writes one file of a backup into a media directory (`name` already checked by the caller: ops/backup.ts). */
export async function restoreMediaFile(mediaDir: string, name: string, content: Readable): Promise<void> {
  const path = join(mediaDir, ...name.split('/'));
  await mkdir(dirname(path), { recursive: true });
  await pipeline(content, createWriteStream(path, { flags: 'wx' }));
}
