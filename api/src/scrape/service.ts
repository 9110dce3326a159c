import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { safeFetch, type SafeFetchOptions } from '../lib/safe-fetch.js';
import type { FoundPage } from './contract.js';
import { findImagesInHtml } from './html.js';

export type { FoundPage };

/** A page larger than this is not read for images: the head and the first screens are what count. */
export const SCRAPE_MAX_BYTES = 2 * 1024 * 1024;
/** The popup waits on this before it shows the preview, so it stays short. */
export const SCRAPE_TIMEOUT_MS = 8_000;

/** FindPinImagesResource: the pinnable images of a page, read on the server. */
export function scrapeService({ config }: Pick<Deps, 'config'>, fetchOptions: Pick<SafeFetchOptions, 'resolve'> = {}) {
  return {
    async findPinImages(url: string): Promise<FoundPage> {
      const res = await safeFetch(url, {
        ...fetchOptions,
        accept: 'text/html,application/xhtml+xml;q=0.9,image/*;q=0.8',
        maxBytes: SCRAPE_MAX_BYTES,
        timeoutMs: SCRAPE_TIMEOUT_MS,
        allow: config.outboundAllow,
      });
      if (res.status >= 400) throw new ApiError('outbound_failed', `The page answered with status ${res.status}.`);
      const type = (res.headers['content-type'] ?? '').toLowerCase();
      // A link straight to an image: that image is the one pinnable item.
      if (/^image\/(?!svg)/.test(type)) return { url: res.url, title: '', items: [{ type: 'pinnable', url: res.url }] };
      if (type && !/html/.test(type)) return { url: res.url, title: '', items: [] };
      return { url: res.url, ...findImagesInHtml(decode(res.body, type), res.url) };
    },
  };
}

export type ScrapeService = ReturnType<typeof scrapeService>;

/** The body as text in the charset the server named, UTF-8 when it named none we know. */
function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset || 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
