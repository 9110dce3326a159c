import { join } from 'node:path';
import { VIDEO_TYPES, type VideoFormat } from './rules.js';
import { localObjects } from '../storage/local.js';
import type { MediaObjects } from '../storage/types.js';

/** The type an object is stored with, from its key (types.ts's layout). */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.jpg')) return 'image/jpeg';
  const video = /\.(mp4|webm)$/.exec(key)?.[1] as VideoFormat | undefined;
  return video ? VIDEO_TYPES[video] : 'application/octet-stream';
}

export interface CopyReport {
  copied: number;
  /** Already in the store with the same size: a copy run again (or resumed after a cut) skips them. */
  skipped: number;
  bytes: number;
}

/**
 * Copies a MEDIA_DIR into another store, usually a bucket (`npm run admin -- media-copy`). The
 * keys are the directory's paths, so the product finds every file where it looked before. Idempotent: an
 * object already there with the same size is left alone, so a run cut short is finished by running it
 * again. The directory is left as it was: the operator removes it once the product runs on the bucket.
 * Files still arriving (`.part`) and partial writes are not media and are not copied.
 */
export async function copyMediaDir(from: string, to: MediaObjects, progress?: (key: string) => void): Promise<CopyReport> {
  const source = localObjects(from);
  const there = new Map((await to.list('')).map((o) => [o.key, o.size]));
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for (const { key, size } of await source.list('')) {
    if (there.get(key) === size) {
      report.skipped++;
      continue;
    }
    await to.putFile(key, join(from, key), contentTypeOf(key), { keep: true });
    report.copied++;
    report.bytes += size;
    progress?.(key);
  }
  return report;
}
