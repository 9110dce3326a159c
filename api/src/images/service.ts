import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { checkOutbound, safeFetch } from '../lib/safe-fetch.js';
import { encodeImage, RENDITIONS, type Rendition } from './encode.js';
import { imagesStore } from './store.js';
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

export function mediaPath(mediaDir: string, imageId: string, rendition: Rendition): string {
  return join(mediaDir, imageId, `${rendition}.jpg`);
}

/** The rendition URLs of an image; a rendition is never wider than the original. */
export function imageJson(publicOrigin: string, row: { id: string; source_url: string; width: number | null; height: number | null; dominant_color: string | null }): ImageJson {
  const images = {} as ImageJson['images'];
  for (const rendition of RENDITIONS) {
    const target = rendition === 'originals' ? null : Number.parseInt(rendition, 10);
    const width = row.width && target ? Math.min(target, row.width) : row.width;
    const height = row.width && row.height && width ? Math.round((row.height * width) / row.width) : row.height;
    images[rendition] = { url: `${publicOrigin}/media/${row.id}/${rendition}.jpg`, width, height };
  }
  return { id: row.id, source_url: row.source_url, width: row.width, height: row.height, dominant_color: row.dominant_color, images };
}

/** The source address of an image a user sent us: our own original rendition's (known before it is made). */
export const ownImageSource = (publicOrigin: string, imageId: string) => `${publicOrigin}/media/${imageId}/originals.jpg`;

export function imagesService({ db, config, clock }: Deps) {
  const store = imagesStore(db);

  /**
   * Sniffed, checked and re-encoded into its renditions, written under MEDIA_DIR, then registered. The
   * files are written before the row, so a failure anywhere leaves no row (at worst unreferenced files).
   */
  const fromBytes = async (bytes: Buffer, sourceUrl: string, id = newId()) => {
    const encoded = await encodeImage(bytes);
    await mkdir(join(config.mediaDir, id), { recursive: true });
    for (const rendition of RENDITIONS) await writeFile(mediaPath(config.mediaDir, id, rendition), encoded.files[rendition]);
    await store.saveReady({ id, source_url: sourceUrl, width: encoded.width, height: encoded.height, dominant_color: encoded.dominantColor, created_at: clock.now() });
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

    /** The image already ingested from this URL, if any: a save of it needs no job. */
    async findReady(sourceUrl: string) {
      const known = await store.findBySource(sourceUrl);
      return known?.status === 'ready' ? known : undefined;
    },

    /**
     * The image at a URL, downloaded once under the outbound rules, sniffed, re-encoded into its
     * renditions and registered. A failure anywhere writes no row.
     */
    async ingest(sourceUrl: string) {
      const known = await store.findBySource(sourceUrl);
      if (known?.status === 'ready') return known;
      const response = await safeFetch(sourceUrl, { maxBytes: IMAGE_MAX_BYTES, timeoutMs: IMAGE_TIMEOUT_MS, accept: 'image/*', allow: config.outboundAllow });
      if (response.status !== 200) throw new ApiError('outbound_failed', `The image answered with HTTP ${response.status}.`);
      return fromBytes(response.body, sourceUrl);
    },

    /**
     * An image a user sent from their device (the pin builder: image_base64, media uploads): the same
     * sniff, pixel limit and re-encode as a downloaded one. Its source is our own original rendition's
     * address, so a pin of it shows and de-duplicates as any other.
     */
    async fromUpload(bytes: Buffer, id = newId()) {
      if (bytes.length > IMAGE_MAX_BYTES) throw new ApiError('upload_too_large', tooLargeMessage('image'));
      return fromBytes(bytes, ownImageSource(config.publicOrigin, id), id);
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
