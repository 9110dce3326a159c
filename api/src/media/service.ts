import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { imageJson, ownImageSource, type ImagesService } from '../images/service.js';
import { imageWork } from '../images/work.js';
import { queueImageRelease } from './release.js';
import { editImage } from './edit.js';
import type { ImageEditOptions } from './contract.js';
import type { JobsService } from '../jobs/service.js';
import { creationDisabled, type ExperimentGroup } from '../pins/rules/gates.js';
import { partPath, UPLOAD_JOB, uploadLinker, type UploadJobPayload } from './jobs.js';
import { mediaKeys, mediaObjects } from '../storage/index.js';
import { unavailable } from '../storage/serve.js';
import { mediaStore, type MediaUploadRow } from './store.js';
import {
  maxBytesFor,
  NOT_MEDIA_MESSAGE,
  VIDEO_TYPES,
  NOT_MEDIA_WITH_VIDEO_MESSAGE,
  quotaMessage,
  SNIFF_BYTES,
  sniffMedia,
  tooLargeMessage,
  type VideoFormat,
} from './rules.js';

/** Who is uploading, as the gates need it: their experiment groups and whether video is theirs to upload. */
export interface UploadAllowance {
  groups: ReadonlySet<ExperimentGroup>;
  videoUploadAllowed: boolean;
}

/** Where a video's bytes go while they arrive, on this host; complete, it moves to the store (mediaKeys.video). */
export const videoPartPath = (mediaDir: string, uploadId: string, format: VideoFormat) => join(mediaDir, 'videos', `${uploadId}.${format}.part`);

/**
 * A file being written as the bytes arrive; `done` must be awaited before it is read or renamed. A write
 * waits only when the stream's buffer is full (1 MiB), so the chunks that arrive meanwhile go to disk
 * together (one writev), not one system call and one promise per 64 KB.
 */
function partFile(path: string) {
  const stream = createWriteStream(path, { highWaterMark: 1024 * 1024 });
  let failed: Error | undefined;
  // An error surfaces on the next write or on close; until then it must not crash the process.
  stream.on('error', (error) => (failed = error));
  return {
    path,
    async write(chunk: Uint8Array) {
      if (failed) throw failed;
      // once() rejects on the stream's 'error', and takes its listeners off either way.
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    done: () => new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve()))),
    discard: async () => {
      stream.destroy();
      await rm(path, { force: true });
    },
  };
}

/**
 * The pin builder's uploads (a media_upload_id each). A file is told by its first bytes,
 * then written to disk as it arrives, never held whole in memory. An image is answered
 * `processing` once its bytes are staged, and re-encoded by its job (media/jobs.ts) through the images
 * service's sniff, pixel limit and encode (nothing of the original file is kept); a video is stored as
 * sent for a viewer with video_upload_allowed, within their quota. A refusal at any point writes nothing:
 * no row, no job, and no file left behind.
 */
export function mediaService(deps: Deps, jobs: Pick<JobsService, 'enqueue'>, images: ImagesService) {
  const { db, config, clock } = deps;
  const storeError = unavailable(deps);
  const store = mediaStore(db);
  const objects = mediaObjects(config);
  const link = uploadLinker({ db, config, clock });

  const json = (row: MediaUploadRow) => ({
    id: row.id,
    type: row.kind,
    /** 'processing' until an image's renditions exist (poll MediaUploadResource), then 'ready'; or 'failed', with `error`. */
    status: row.status,
    error: row.status === 'failed' ? row.error : null,
    bytes: row.bytes,
    image:
      row.kind === 'image' && row.status === 'ready' && row.image_id && row.source_url
        ? imageJson(config.publicOrigin, {
            id: row.image_id,
            source_url: row.source_url,
            width: row.width,
            height: row.height,
            dominant_color: row.dominant_color,
          })
        : null,
    video:
      row.kind === 'video' && row.video_format ? { url: `${config.publicOrigin}/media/videos/${row.id}.${row.video_format}`, format: row.video_format } : null,
  });

  const own = async (viewer: Viewer, uploadId: string) => {
    const row = await store.find(uploadId);
    // Another user's upload is answered as one that does not exist.
    if (!row || row.owner_id !== viewer.id) throw new ApiError('upload_not_found');
    return row;
  };

  /** The quota holds for what is kept and what is arriving: refused as soon as the bytes would pass it. */
  const quotaCheck = async (viewer: Viewer) => {
    const used = await store.videoBytesOf(viewer.id);
    return (bytes: number) => {
      if (used + bytes > config.videoQuotaBytes) throw new ApiError('video_quota_exceeded', quotaMessage(config.videoQuotaBytes));
    };
  };

  return {
    json,
    own,

    /**
     * The upload a save names (pins/service.ts): the viewer's own, not failed. `image_url` is the address
     * its pin shows, known before the renditions exist; `pending` while they do not.
     */
    async forPin(viewer: Viewer, uploadId: string) {
      const row = await own(viewer, uploadId);
      if (row.status === 'failed') throw new ApiError('upload_failed', row.error ?? undefined);
      // An edited upload shows its edit's image (its own id); otherwise the image made with the upload's id.
      return {
        ...row,
        image_url: row.kind === 'image' ? ownImageSource(config.publicOrigin, row.image_id ?? row.id) : null,
        pending: row.status === 'processing',
      };
    },

    /** A save is about to use the upload: the sweeper leaves it from now on. Not found if it was swept a moment ago. */
    async claim(uploadId: string) {
      if (!(await store.claim(uploadId, clock.now()))) throw new ApiError('upload_not_found');
      // The original is kept for editing, which ends here. One still processing: its job deletes it once done
      // (it marks the upload ready before it looks whether it is claimed; this claims before it looks).
      const row = await store.find(uploadId);
      if (row?.kind === 'image' && row.status !== 'processing') await objects.delete(mediaKeys.staged(uploadId)).catch(() => undefined);
    },

    /**
     * The images of a carousel's uploads (pins/service.ts), in the order given: each the viewer's own image,
     * processed, and claimed by no save. Another user's upload answers as one that is not there.
     */
    async forCarousel(viewer: Viewer, uploadIds: readonly string[]) {
      const found: string[] = [];
      for (const uploadId of uploadIds) {
        const row = await store.find(uploadId);
        if (!row || row.owner_id !== viewer.id || row.kind !== 'image' || row.status === 'failed') throw new ApiError('carousel_upload_invalid');
        if (row.status !== 'ready' || !row.image_id) throw new ApiError('upload_not_ready');
        if (row.used_at !== null) throw new ApiError('carousel_upload_used');
        found.push(row.image_id);
      }
      return found;
    },

    /**
     * A save is about to use the carousel's uploads: all claimed, or none (a save that lost one of them to
     * another save a moment ago gives back the others). `release` gives them back when the save fails after.
     */
    async claimCarousel(viewer: Viewer, uploadIds: readonly string[]) {
      const claimed = await store.claimUnused(viewer.id, uploadIds, clock.now());
      if (claimed.length !== uploadIds.length) {
        await store.unclaim(claimed);
        throw new ApiError('carousel_upload_used');
      }
      return {
        release: () => store.unclaim(claimed),
        /** Published: the originals kept for editing go, as a claimed pin upload's does. */
        published: async () => {
          for (const uploadId of claimed) await objects.delete(mediaKeys.staged(uploadId)).catch(() => undefined);
        },
      };
    },

    /**
     * A business account's edit of its own processed image upload, before a save uses it (`allowed`: the
     * editing gate, pins/rules/gates.ts). Made from the original as sent (kept for this until the upload is
     * used or swept), turned and cropped (media/edit.ts), then re-encoded like any upload under a new image
     * id: rendition addresses are never rewritten (they are served immutable), so the edit's image is new and
     * the one it replaces is released once nothing names it.
     */
    async edit(viewer: Viewer, options: ImageEditOptions, allowed: boolean) {
      if (!allowed) throw new ApiError('image_edit_closed');
      const row = await own(viewer, options.id);
      if (row.kind !== 'image') throw new ApiError('invalid_input', 'id: Only an image can be edited.');
      if (row.used_at !== null) throw new ApiError('upload_published');
      if (row.status === 'failed') throw new ApiError('upload_failed', row.error ?? undefined);
      if (row.status !== 'ready' || !row.image_id) throw new ApiError('upload_not_ready');
      const original = await objects.read(mediaKeys.staged(row.id)).catch(storeError);
      if (!original) throw new ApiError('upload_failed', 'The original of this image is no longer kept. Upload it again to edit it.');
      const edited = await editImage(original, options, { maxPixels: config.imageMaxPixels, gate: imageWork(config) });
      const image = await images.fromUpload(edited.bytes, { userId: viewer.id });
      const swapped = await db.transaction().execute(async (trx) => {
        const done = await store.swapImage(row.id, row.image_id as string, image.id, trx);
        await queueImageRelease(trx, jobs, [done ? (row.image_id as string) : image.id]);
        return done;
      });
      const now = await own(viewer, row.id);
      // Claimed by a save meanwhile; otherwise another edit came first, and the upload shows that one.
      if (!swapped && now.used_at !== null) throw new ApiError('upload_published');
      return json(now);
    },

    /**
     * A pin saved while its upload was processing: linked now if the job has finished since, else by the
     * job when it does. The waiter is written before the status is read again, and the job marks the upload
     * ready before it reads the waiters, so one of the two always sees the other.
     */
    async linkWhenReady(uploadId: string, pinId: string) {
      await store.addWaiter(uploadId, pinId);
      const row = await store.find(uploadId);
      if (row?.status === 'processing') return;
      const waiting = await store.takeWaiters(uploadId);
      if (row?.status === 'ready') for (const id of waiting) await link(uploadId, id);
    },

    /**
     * Reads an upload's bytes as they come: the first ones say what it is (and whether this viewer may
     * send it), then its kind's size limit (and a video's quota) holds; the bytes go to a `.part` file,
     * renamed when complete. `declared` is the Content-Length, when sent: a file over its limit is refused
     * before the rest is read.
     */
    async receive(viewer: Viewer, chunks: AsyncIterable<Uint8Array>, allowance: UploadAllowance, declared?: number) {
      const notMedia = allowance.videoUploadAllowed ? NOT_MEDIA_WITH_VIDEO_MESSAGE : NOT_MEDIA_MESSAGE;
      if (creationDisabled(allowance.groups, { builder: true, video: false })) throw new ApiError('pin_creation_disabled');
      const id = newId();
      const head: Buffer[] = [];
      let size = 0;
      let kind: ReturnType<typeof sniffMedia> = null;
      let part: ReturnType<typeof partFile> | null = null;
      let withinQuota: ((bytes: number) => void) | undefined;
      /** Once the kind is known: the checks that do not need the rest, and the file the bytes go to. */
      const start = async (found: NonNullable<typeof kind>, first: Buffer) => {
        if (found.kind === 'video') {
          if (!allowance.videoUploadAllowed) throw new ApiError('video_not_allowed');
          if (creationDisabled(allowance.groups, { builder: true, video: true })) throw new ApiError('pin_creation_disabled');
        }
        if (Math.max(declared ?? 0, size) > maxBytesFor(found.kind)) throw new ApiError('upload_too_large', tooLargeMessage(found.kind));
        if (found.kind === 'video') {
          withinQuota = await quotaCheck(viewer);
          withinQuota(Math.max(declared ?? 0, size));
        }
        const path = found.kind === 'video' ? videoPartPath(config.mediaDir, id, found.format) : partPath(config.mediaDir, id);
        await mkdir(dirname(path), { recursive: true });
        part = partFile(path);
        await part.write(first);
      };
      try {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (!part) {
            head.push(Buffer.from(chunk));
            const first = Buffer.concat(head);
            if (first.length < SNIFF_BYTES) continue;
            kind = sniffMedia(first);
            if (!kind) throw new ApiError('upload_not_media', notMedia);
            await start(kind, first);
            head.length = 0;
            continue;
          }
          if (kind && size > maxBytesFor(kind.kind)) throw new ApiError('upload_too_large', tooLargeMessage(kind.kind));
          withinQuota?.(size);
          await (part as ReturnType<typeof partFile>).write(chunk);
        }
        if (size === 0) throw new ApiError('upload_empty');
        // A file shorter than the sniffed prefix is judged on what there is (an image that small fails its job).
        if (!part) {
          const first = Buffer.concat(head);
          kind = sniffMedia(first);
          if (!kind) throw new ApiError('upload_not_media', notMedia);
          await start(kind, first);
        }
        const file = part as unknown as ReturnType<typeof partFile>;
        const found = kind as NonNullable<typeof kind>;
        await file.done();
        const row = { id, owner_id: viewer.id, image_id: null, bytes: size, created_at: clock.now() };
        if (found.kind === 'image') {
          const staged = mediaKeys.staged(id);
          await objects.putFile(staged, file.path, 'application/octet-stream').catch(storeError);
          part = null;
          try {
            // The row and its job, or neither.
            await db.transaction().execute(async (trx) => {
              await store.insert({ ...row, kind: 'image', video_format: null, status: 'processing' as const }, trx);
              await jobs.enqueue(trx, UPLOAD_JOB, { upload_id: id } satisfies UploadJobPayload);
            });
          } catch (error) {
            await objects.delete(staged);
            throw error;
          }
        } else {
          const format = found.format as VideoFormat;
          await objects.putFile(mediaKeys.video(id, format), file.path, VIDEO_TYPES[format]).catch(storeError);
          part = null;
          try {
            await store.insert({ ...row, kind: 'video', video_format: format, status: 'ready' as const });
          } catch (error) {
            await objects.delete(mediaKeys.video(id, format));
            throw error;
          }
        }
        return json(await own(viewer, id));
      } finally {
        if (part) await (part as ReturnType<typeof partFile>).discard();
      }
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;
