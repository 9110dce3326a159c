import type { Deps } from '../deps.js';
import { limitsFor } from '../lib/limits.js';
import { withSiteShare } from '../lib/outbound-limits.js';
import { imageJson, type ImagesService } from './service.js';
import { imagesStore } from './store.js';
import { AVIF_DELAY_MS, queueAvif } from './avif.js';

/**
 * Image ingest off the save's request path. The save writes the pin with its original
 * image_url and, in the same transaction, a job `{pin_id}` of this kind; the pin shows the original image
 * until this job has fetched, checked and re-encoded it (images.ingest, unchanged) and linked the pin to
 * the copies. A download or decode that fails for good leaves the pin without copies: its pages show the
 * original address or the colour tile, as for a pin whose image never loaded. Every download takes its
 * site's share (lib/outbound-limits.ts), so saves and imports together cannot aim this server at a site.
 */
export const INGEST_JOB = 'image.ingest';

export interface IngestPayload {
  pin_id: string;
}

/** The ingest job's handler (background.ts runs it with the others). */
export function ingestJobs(deps: Deps, images: ImagesService) {
  const store = imagesStore(deps.db);
  const limits = limitsFor(deps);
  return {
    async [INGEST_JOB]({ pin_id }: IngestPayload) {
      const pin = await store.findPinAwaitingImage(pin_id);
      // Deleted, or linked already by an earlier attempt that died before it could finish the job.
      if (!pin?.image_url || pin.image_id) return;
      // The download takes its site's share as a visitor's fetch does; a share used up waits (jobs/service.ts).
      const url = pin.image_url;
      const image = await images.ingest(url, (fetch) => withSiteShare(limits, url, fetch));
      await store.attachToPin(pin.id, image.id, imageJson(deps.config.publicOrigin, image).images['236x'].url);
      // Its AVIFs follow, after the JPEGs of a burst (images/avif.ts); a second save of it finds them made.
      await queueAvif(deps, { image_id: image.id }, AVIF_DELAY_MS);
    },
  };
}
