import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { imageJson, type ImagesService } from '../images/service.js';
import { creationDisabled, type ExperimentGroup } from '../pins/gates.js';
import { mediaStore, type MediaUploadRow } from './store.js';
import { maxBytesFor, NOT_MEDIA_MESSAGE, NOT_MEDIA_WITH_VIDEO_MESSAGE, SNIFF_BYTES, sniffMedia, tooLargeMessage, type VideoFormat } from './rules.js';

/** Who is uploading, as the gates need it: their experiment groups and whether video is theirs to upload. */
export interface UploadAllowance {
  groups: ReadonlySet<ExperimentGroup>;
  videoUploadAllowed: boolean;
}

export const videoPath = (mediaDir: string, uploadId: string, format: VideoFormat) => join(mediaDir, 'videos', `${uploadId}.${format}`);

/**
 * The pin builder's uploads (saving.md section 7's media_upload_id). A file is told by its first bytes;
 * an image goes through the images service's sniff, pixel limit and re-encode (nothing of the original
 * file is kept), a video is stored as sent for a viewer with video_upload_allowed. A refusal at any point
 * writes nothing: no row, and no file left behind.
 */
export function mediaService({ db, config, clock }: Deps, images: ImagesService) {
  const store = mediaStore(db);

  const json = (row: MediaUploadRow) => ({
    id: row.id,
    type: row.kind,
    status: 'ready' as const,
    bytes: row.bytes,
    image:
      row.kind === 'image' && row.image_id && row.source_url
        ? imageJson(config.publicOrigin, { id: row.image_id, source_url: row.source_url, width: row.width, height: row.height, dominant_color: row.dominant_color })
        : null,
    video: row.kind === 'video' && row.video_format ? { url: `${config.publicOrigin}/media/videos/${row.id}.${row.video_format}`, format: row.video_format } : null,
  });

  const own = async (viewer: Viewer, uploadId: string) => {
    const row = await store.find(uploadId);
    // Another user's upload is answered as one that does not exist.
    if (!row || row.owner_id !== viewer.id) throw new ApiError('upload_not_found');
    return row;
  };

  return {
    json,
    own,

    /**
     * Reads an upload's bytes as they come: the first ones say what it is (and whether this viewer may
     * send it), then its kind's size limit holds; a video goes to a `.part` file renamed when complete.
     * `declared` is the Content-Length, when sent: a file over every limit is refused before it is read.
     */
    async receive(viewer: Viewer, chunks: AsyncIterable<Uint8Array>, allowance: UploadAllowance, declared?: number) {
      const notMedia = allowance.videoUploadAllowed ? NOT_MEDIA_WITH_VIDEO_MESSAGE : NOT_MEDIA_MESSAGE;
      if (creationDisabled(allowance.groups, { builder: true, video: false })) throw new ApiError('pin_creation_disabled');
      const id = newId();
      const head: Buffer[] = [];
      let size = 0;
      let kind: ReturnType<typeof sniffMedia> = null;
      let part: { path: string; stream: ReturnType<typeof createWriteStream> } | null = null;
      const write = (stream: ReturnType<typeof createWriteStream>, chunk: Uint8Array) =>
        new Promise<void>((resolve, reject) => stream.write(chunk, (error) => (error ? reject(error) : resolve())));
      try {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (!kind) {
            head.push(Buffer.from(chunk));
            const start = Buffer.concat(head);
            if (start.length < SNIFF_BYTES) continue;
            kind = sniffMedia(start);
            if (!kind) throw new ApiError('upload_not_media', notMedia);
            if (kind.kind === 'video') {
              if (!allowance.videoUploadAllowed) throw new ApiError('video_not_allowed');
              if (creationDisabled(allowance.groups, { builder: true, video: true })) throw new ApiError('pin_creation_disabled');
            }
            if (Math.max(declared ?? 0, size) > maxBytesFor(kind.kind)) throw new ApiError('upload_too_large', tooLargeMessage(kind.kind));
            if (kind.kind === 'video') {
              await mkdir(join(config.mediaDir, 'videos'), { recursive: true });
              const path = `${videoPath(config.mediaDir, id, kind.format)}.part`;
              part = { path, stream: createWriteStream(path) };
              await write(part.stream, start);
              head.length = 0;
            }
            continue;
          }
          if (size > maxBytesFor(kind.kind)) throw new ApiError('upload_too_large', tooLargeMessage(kind.kind));
          if (part) await write(part.stream, chunk);
          else head.push(Buffer.from(chunk));
        }
        if (size === 0) throw new ApiError('upload_empty');
        // A file shorter than the sniffed prefix is judged on what there is.
        kind ??= sniffMedia(Buffer.concat(head));
        if (!kind) throw new ApiError('upload_not_media', notMedia);
        if (kind.kind === 'video' && !part) throw new ApiError('upload_not_media', notMedia);
        if (kind.kind === 'image') {
          const image = await images.fromUpload(Buffer.concat(head));
          await store.insert({ id, owner_id: viewer.id, kind: 'image', image_id: image.id, video_format: null, bytes: size, created_at: clock.now() });
        } else if (part) {
          const stream = part.stream;
          await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
          const format = kind.format as VideoFormat;
          await rename(part.path, videoPath(config.mediaDir, id, format));
          part = null;
          try {
            await store.insert({ id, owner_id: viewer.id, kind: 'video', image_id: null, video_format: format, bytes: size, created_at: clock.now() });
          } catch (error) {
            await rm(videoPath(config.mediaDir, id, format), { force: true });
            throw error;
          }
        }
        return json(await own(viewer, id));
      } finally {
        if (part) {
          part.stream.destroy();
          await rm(part.path, { force: true });
        }
      }
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;
