import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId, sha256 } from '../lib/ids.js';
import { mediaKeys, mediaObjects, type MediaObjects } from '../storage/index.js';
import { checkOutbound, safeFetch } from '../lib/safe-fetch.js';
import { encodeImage, RENDITIONS, type Rendition } from './encode.js';
import { imagesStore } from './store.js';
import { imageWork } from './work.js';
import { IMAGE_UPLOAD_MAX_BYTES, tooLargeMessage } from '../media/rules.js';

/** Largest image file we download to save, or take from a device (media/rules.ts). */
export const IMAGE_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
export const IMAGE_TIMEOUT_MS = 15_000;

export interface ImageJson {
  id: string;
  source_url: string;
  width: number | null;
  height: number | null;
  dominant_color: string | null;
  images: Record<Rendition, { url: string; width: number | null; height: number | null }>;
}

/** The rendition URLs of an image; a rendition is never wider than the original. */
/** Where one rendition of an image is served; a board's cover is its 236x. */
export const renditionUrl = (publicOrigin: string, imageId: string, rendition: string) => `${publicOrigin}/media/${imageId}/${rendition}.jpg`;
export const coverUrl = (publicOrigin: string, imageId: string) => renditionUrl(publicOrigin, imageId, '236x');

export function imageJson(
  publicOrigin: string,
  row: { id: string; source_url: string; width: number | null; height: number | null; dominant_color: string | null },
): ImageJson {
  const images = {} as ImageJson['images'];
  for (const rendition of RENDITIONS) {
    const target = rendition === 'originals' ? null : Number.parseInt(rendition, 10);
    const width = row.width && target ? Math.min(target, row.width) : row.width;
    const height = row.width && row.height && width ? Math.round((row.height * width) / row.width) : row.height;
    images[rendition] = { url: renditionUrl(publicOrigin, row.id, rendition), width, height };
  }
  return { id: row.id, source_url: row.source_url, width: row.width, height: row.height, dominant_color: row.dominant_color, images };
}

/** The source address of an image a user sent us: our own original rendition's (known before it is made). */
export const ownImageSource = (publicOrigin: string, imageId: string) => `${publicOrigin}/media/${imageId}/originals.jpg`;

/**
 * An image id made from its source address: every attempt at ingesting one address writes the same
 * directory, so a retry after a kill finds the renditions its predecessor finished (renameable only whole,
 * below) instead of leaving them behind under an id no row names.
 */
export function imageIdFor(sourceUrl: string): string {
  return ((BigInt(`0x${sha256(sourceUrl).slice(0, 15)}`) % 900_000_000_000_000_000n) + 100_000_000_000_000_000n).toString();
}

/**
 * The renditions of an image, written complete or not at all into the media store
 * (storage/): in MEDIA_DIR the image's directory appears whole in one rename and an earlier attempt's
 * is kept; in a bucket each rendition appears whole. The row that names them is written after.
 */
export async function writeRenditions(objects: MediaObjects, id: string, files: Record<Rendition, Buffer>): Promise<void> {
  const named = Object.fromEntries(RENDITIONS.map((rendition) => [`${rendition}.jpg`, files[rendition]]));
  await objects.putSet(mediaKeys.renditionDir(id), named, 'image/jpeg');
}

/** Partial writes killed mid-way, swept from MEDIA_DIR (storage/local.ts). */
export { PARTIAL_PREFIX, sweepPartials as sweepPartialRenditions } from '../storage/local.js';

/**
 * Images one user may have re-encoding in one process at once from their device (image_base64): a
 * further one is refused with Retry-After rather than queued behind them (four 40-megapixel
 * images from one user held the machine for minutes). Per process, as the memory it protects is.
 */
export const USER_IMAGES_IN_FLIGHT = 2;
const userImages = new Map<string, number>();

export function imagesService({ db, config, clock }: Deps) {
  const store = imagesStore(db);
  const limits = { maxPixels: config.imageMaxPixels, gate: imageWork(config) };

  /**
   * Sniffed, checked and re-encoded into its renditions, written to the media store, then registered. The
   * files are written whole before the row (writeRenditions), so a failure anywhere leaves no row, and a
   * retry of the same source finishes what a killed attempt began.
   */
  const fromBytes = async (bytes: Buffer, sourceUrl: string, id = imageIdFor(sourceUrl)) => {
    const encoded = await encodeImage(bytes, limits);
    await writeRenditions(mediaObjects(config), id, encoded.files);
    await store.saveReady({
      id,
      source_url: sourceUrl,
      width: encoded.width,
      height: encoded.height,
      dominant_color: encoded.dominantColor,
      created_at: clock.now(),
    });
    const row = await store.findBySource(sourceUrl);
    if (!row) throw new ApiError('internal');
    return row;
  };

  return {
    /**
     * What a save checks before it answers, cheaply: the address rules (http(s), no loopback, private or
     * link-local address, one DNS lookup). The download and the decoding happen later, in the ingest job.
     */
    async checkSource(sourceUrl: string) {
      await checkOutbound(sourceUrl, { allow: config.outboundAllow });
    },

    /** The image already ingested from this URL, if any: a save of it needs no job. Not one being released. */
    async findReady(sourceUrl: string) {
      const known = await store.findBySource(sourceUrl);
      return known?.status === 'ready' && known.released_at === null ? known : undefined;
    },

    /**
     * The image at a URL, downloaded once under the outbound rules, sniffed, re-encoded into its
     * renditions and registered. A failure anywhere writes no row. `share` wraps the download when the
     * caller takes its site's share only if it fetches (a job: lib/outbound-limits.ts withSiteShare).
     */
    async ingest(sourceUrl: string, share: <T>(fetch: () => Promise<T>) => Promise<T> = (fetch) => fetch()) {
      const known = await store.findBySource(sourceUrl);
      // Its bytes are being deleted (media/release.ts): written now, they could go with the rest. The job is
      // tried again (not a verdict on the image); by then the row is gone and the address is fetched anew.
      if (known?.released_at != null) throw new Error('The image at this address is being released; trying again shortly.');
      if (known?.status === 'ready') return known;
      const response = await share(() =>
        safeFetch(sourceUrl, { maxBytes: IMAGE_MAX_BYTES, timeoutMs: IMAGE_TIMEOUT_MS, accept: 'image/*', allow: config.outboundAllow }),
      );
      if (response.status !== 200) throw new ApiError('outbound_failed', `The image answered with HTTP ${response.status}.`);
      return fromBytes(response.body, sourceUrl);
    },

    /**
     * An image a user sent from their device (the pin builder: image_base64, media uploads): the same
     * sniff, pixel limit and re-encode as a downloaded one. Its source is our own original rendition's
     * address, so a pin of it shows and de-duplicates as any other.
     */
    async fromUpload(bytes: Buffer, { id = newId(), userId }: { id?: string; userId?: string } = {}) {
      if (bytes.length > IMAGE_MAX_BYTES) throw new ApiError('upload_too_large', tooLargeMessage('image'));
      const source = ownImageSource(config.publicOrigin, id);
      if (!userId) return fromBytes(bytes, source, id);
      const held = userImages.get(userId) ?? 0;
      if (held >= USER_IMAGES_IN_FLIGHT) throw new ApiError('image_busy', undefined, { retry_after_seconds: 2 });
      userImages.set(userId, held + 1);
      try {
        return await fromBytes(bytes, source, id);
      } finally {
        const left = (userImages.get(userId) ?? 1) - 1;
        if (left) userImages.set(userId, left);
        else userImages.delete(userId);
      }
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
