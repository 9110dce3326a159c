import type { Config } from '../config.js';
import type { Rendition } from '../images/encode.js';
import type { VideoFormat } from '../media/rules.js';
import { localObjects } from './local.js';
import { s3Objects } from './s3.js';
import type { MediaObjects } from './types.js';
import { fromDependency } from '../lib/dependencies.js';

export type { MediaObjects, ObjectInfo, Opened } from './types.js';

/** The keys media is kept under, the same on every backend (types.ts). */
export const mediaKeys = {
  renditionDir: (imageId: string) => imageId,
  rendition: (imageId: string, rendition: Rendition) => `${imageId}/${rendition}.jpg`,
  /** The AVIF beside a rendition's JPEG, made after it (images/avif.ts); served to browsers that accept it. */
  avif: (imageId: string, rendition: Rendition) => `${imageId}/${rendition}.avif`,
  /** An image upload's original, complete, until its job has re-encoded it (media/jobs.ts). */
  staged: (uploadId: string) => `uploads/${uploadId}.upload`,
  video: (uploadId: string, format: VideoFormat) => `videos/${uploadId}.${format}`,
  /** An account's export ZIP, and an import's file while its job reads it (transfer/service.ts). */
  export: (transferId: string) => `transfers/${transferId}.zip`,
  import: (transferId: string) => `transfers/${transferId}.import`,
};

const stores = new WeakMap<Config, { store: MediaObjects; inner: MediaObjects }>();

/**
 * Every error of a store's operation names the store as the dependency it came from (lib/dependencies.ts),
 * when it is an outage at all: the bucket for a refused connection, the disk for ENOSPC. A job then waits
 * for it instead of spending its tries, and a request answers 503 or 507 instead of 500.
 */
function named(held: { inner: MediaObjects }): MediaObjects {
  const wrapped = {
    get kind() {
      return held.inner.kind;
    },
    get where() {
      return held.inner.where;
    },
  } as MediaObjects;
  for (const key of ['putSet', 'putFile', 'open', 'openSmall', 'read', 'delete', 'deleteDir', 'list', 'check'] as const) {
    (wrapped as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
      const store = held.inner;
      return (store[key] as (...args: unknown[]) => Promise<unknown>).apply(store, args).catch((error: unknown) => {
        throw fromDependency(error, store.kind === 's3' ? 'bucket' : 'disk');
      });
    };
  }
  return wrapped;
}

const entry = (config: Pick<Config, 'mediaDir' | 'mediaStore' | 'mediaS3'>) => {
  let found = stores.get(config as Config);
  if (!found) {
    const where = config.mediaStore;
    const held = { inner: where.kind === 's3' ? s3Objects(config.mediaS3, where.bucket, where.prefix) : localObjects(config.mediaDir) };
    found = Object.assign(held, { store: named(held) });
    stores.set(config as Config, found);
  }
  return found;
};

/** The media store a configuration names (MEDIA_STORE), one per configuration object (one S3 client each). */
export function mediaObjects(config: Pick<Config, 'mediaDir' | 'mediaStore' | 'mediaS3'>): MediaObjects {
  return entry(config).store;
}

/** For tests: `config`'s media store is now `store` (one that fails as a full disk or a dead bucket does), for every holder of it. */
export function useMediaObjects(config: Pick<Config, 'mediaDir' | 'mediaStore' | 'mediaS3'>, store: MediaObjects): void {
  entry(config).inner = store;
}

/**
 * One rendition's bytes, or undefined when the image has none (never ingested, or swept). For readers
 * outside this capability (export, backup): they need not know where media is kept.
 */
export function readRendition(config: Pick<Config, 'mediaDir' | 'mediaStore' | 'mediaS3'>, imageId: string, rendition: Rendition): Promise<Buffer | undefined> {
  return mediaObjects(config).read(mediaKeys.rendition(imageId, rendition));
}

/** A video's bytes as uploaded, or undefined. */
export function readVideo(config: Pick<Config, 'mediaDir' | 'mediaStore' | 'mediaS3'>, uploadId: string, format: VideoFormat): Promise<Buffer | undefined> {
  return mediaObjects(config).read(mediaKeys.video(uploadId, format));
}
