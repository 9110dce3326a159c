import { readdir, rm, stat } from 'node:fs/promises';
import { logFor } from '../core/log.js';
import { join } from 'node:path';
import type { Deps } from '../deps.js';
import { partPath, uploadsDir } from './jobs.js';
import { mediaKeys, mediaObjects } from '../storage/index.js';
import { PART_STALE_MS, SWEEP_EVERY_MS, UPLOAD_GRACE_MS, type VideoFormat } from './rules.js';
import { videoPartPath } from './service.js';
import { mediaStore } from './store.js';

/** Uploads looked at per query: a sweep after a long pause goes through them a batch at a time. */
const SWEEP_BATCH = 100;
/** The first sweep after a start: soon, but not in the middle of the start itself. */
const FIRST_SWEEP_MS = 5_000;

/**
 * What uploads leave behind: an upload no save claimed within UPLOAD_GRACE_MS (its row, its
 * image's row and files, its video, its staged original), and the `.part` files of uploads cut off by a
 * kill (not written to for PART_STALE_MS), or staged files whose row never came. Every server process runs
 * one sweeper; two sweeping at once delete the same things once (each delete is conditional or forced).
 */
export function uploadSweeper(deps: Deps) {
  const { db, config, clock } = deps;
  const store = mediaStore(db);
  const mediaDir = config.mediaDir;
  const objects = mediaObjects(config);

  // The store's objects (shared by every host), then this host's files still arriving.
  const removeFiles = async (upload: { id: string; image_id: string | null; video_format: VideoFormat | null }) => {
    await objects.deleteDir(mediaKeys.renditionDir(upload.id));
    // An edited upload's image has an id of its own (media/service.ts edit).
    if (upload.image_id && upload.image_id !== upload.id) await objects.deleteDir(mediaKeys.renditionDir(upload.image_id));
    await objects.delete(mediaKeys.staged(upload.id));
    if (upload.video_format) await objects.delete(mediaKeys.video(upload.id, upload.video_format));
    await rm(partPath(mediaDir, upload.id), { force: true });
    if (upload.video_format) await rm(videoPartPath(mediaDir, upload.id, upload.video_format), { force: true });
  };

  const unusedUploads = async (now: number) => {
    let removed = 0;
    for (;;) {
      const batch = await store.unused(now - UPLOAD_GRACE_MS, SWEEP_BATCH);
      for (const upload of batch) {
        if (!(await store.removeUnused(upload, now))) continue;
        await removeFiles(upload);
        removed++;
      }
      // Every row of a batch is either deleted or marked used: the next batch is new ones.
      if (batch.length < SWEEP_BATCH) return removed;
    }
  };

  /** Files in `dir` with these endings, last written before `before`. */
  const staleFiles = async (dir: string, endings: string[], before: number) => {
    const names = await readdir(dir).catch(() => [] as string[]);
    const stale: string[] = [];
    for (const name of names.filter((n) => endings.some((e) => n.endsWith(e)))) {
      const info = await stat(join(dir, name)).catch(() => null);
      if (info && info.mtimeMs < before) stale.push(name);
    }
    return stale;
  };

  const leftoverFiles = async (now: number) => {
    let removed = 0;
    for (const dir of [uploadsDir(mediaDir), join(mediaDir, 'videos')]) {
      for (const name of await staleFiles(dir, ['.part'], now - PART_STALE_MS)) {
        await rm(join(dir, name), { force: true });
        removed++;
      }
    }
    // A staged original whose upload row was never written (killed between the two), or was swept.
    for (const { key, modifiedMs } of await objects.list('uploads/')) {
      if (!key.endsWith('.upload') || modifiedMs >= now - UPLOAD_GRACE_MS) continue;
      if (await store.exists(key.slice('uploads/'.length, -'.upload'.length))) continue;
      await objects.delete(key);
      removed++;
    }
    return removed;
  };

  /** One pass; returns how many uploads and leftover files it removed. */
  const sweep = async () => {
    const now = clock.now();
    return { uploads: await unusedUploads(now), files: await leftoverFiles(now) };
  };

  return {
    sweep,

    /** Sweeps every SWEEP_EVERY_MS until stopped; stop() waits for a sweep under way. */
    start(everyMs = SWEEP_EVERY_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let running: Promise<unknown> = Promise.resolve();
      let stopped = false;
      const next = (delay: number) => {
        timer = setTimeout(() => {
          running = sweep()
            .catch((error) => logFor(deps).error({ err: error }, 'upload sweeper'))
            .finally(() => !stopped && next(everyMs));
        }, delay);
        timer.unref();
      };
      next(Math.min(FIRST_SWEEP_MS, everyMs));
      return {
        async stop() {
          stopped = true;
          clearTimeout(timer);
          await running;
        },
      };
    },
  };
}
