import { join } from 'node:path';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { imageJson, ownImageSource, type ImagesService } from '../images/service.js';
import { imagesStore } from '../images/store.js';
import { mediaKeys, mediaObjects } from '../storage/index.js';
import { mediaStore, partnerOf } from './store.js';

/**
 * An image upload's re-encode, off the request: the upload route writes the bytes to a staged
 * file and queues this job `{upload_id}` with the upload's row, in one transaction; the job makes the
 * renditions with the images service's own sniff, pixel limit and encode (image id = upload id, so the
 * address a pin shows is known before), marks the upload ready and links the pins saved meanwhile.
 */
export const UPLOAD_JOB = 'media.upload';

export interface UploadJobPayload {
  upload_id: string;
}

/**
 * Where an upload's bytes go while they arrive: `{id}.part` under MEDIA_DIR/uploads, on this host (every
 * backend). Once complete it moves into the media store as `uploads/{id}.upload` (mediaKeys.staged), where
 * whichever host runs its job finds it.
 */
export const uploadsDir = (mediaDir: string) => join(mediaDir, 'uploads');
export const partPath = (mediaDir: string, uploadId: string) => join(uploadsDir(mediaDir), `${uploadId}.part`);

/** Links a pin to its upload's image, once that is ready (the cover rule as the ingest job applies it). */
export function uploadLinker({ db, config }: Deps) {
  const images = imagesStore(db);
  return (uploadId: string, pinId: string) => {
    const cover = imageJson(config.publicOrigin, {
      id: uploadId,
      source_url: ownImageSource(config.publicOrigin, uploadId),
      width: null,
      height: null,
      dominant_color: null,
    }).images['236x'].url;
    return images.attachToPin(pinId, uploadId, cover);
  };
}

/** The handlers of this capability's jobs, for the queue's worker (images/ingest.ts backgroundJobs). */
export function uploadJobs(deps: Deps, images: ImagesService) {
  const store = mediaStore(deps.db);
  const link = uploadLinker(deps);
  return {
    async [UPLOAD_JOB]({ upload_id }: UploadJobPayload) {
      const upload = await store.find(upload_id);
      // Swept, or finished by an earlier attempt that died before it could finish the job.
      if (upload?.status !== 'processing') return;
      const objects = mediaObjects(deps.config);
      const staged = mediaKeys.staged(upload_id);
      const bytes = await objects.read(staged);
      if (!bytes) {
        await store.setFailed(upload_id, 'The file was lost before it could be processed. Upload it again.');
        await store.takeWaiters(upload_id);
        return;
      }
      try {
        await images.fromUpload(bytes, { id: upload_id });
      } catch (error) {
        // Undecodable, too many pixels, too small: a verdict on the file, told to the user who polls for it.
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        await store.setFailed(upload_id, error.detail ?? error.message);
        await store.takeWaiters(upload_id);
        await objects.delete(staged);
        return;
      }
      // Ready first, then the waiters: a save that saw "processing" has written its waiter before it looks
      // again (media/service.ts linkWhenReady), so every pin is linked by one side or the other.
      await store.setReady(upload_id);
      // A business account may still edit it (media/service.ts edit): its original stays until a save
      // claims the upload (this looks after marking it ready; a claim looks after claiming) or it is swept.
      const now = await store.find(upload_id);
      if (now?.used_at != null || !(await partnerOf(deps.db, upload.owner_id))) await objects.delete(staged);
      for (const pinId of await store.takeWaiters(upload_id)) await link(upload_id, pinId);
    },
  };
}
