import { load } from 'cheerio';
import { sizeInUrl } from '../../bookmarklet/src/images.js';
import { solidPng } from '../click-to-grid.js';

/**
 * The web's images, answered offline: a saved page keeps its markup but not its pictures, so each
 * image request gets a grey PNG of the size the markup says the image has (width/height attributes,
 * a srcset width, og:image:width/height, a size written in the address as the shared sizeInUrl
 * reads it), else PLACEHOLDER. Never the network.
 */
export const PLACEHOLDER = { width: 400, height: 300 };

type Size = { width: number; height: number };

const int = (value: string | undefined) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 && n < 10_000 ? n : 0;
};

/** Every image address the markup sizes, absolute, with the size it says. */
export function sizesInMarkup(html: string, pageUrl: string): Map<string, Size> {
  const $ = load(html);
  const sizes = new Map<string, Size>();
  const base = (() => {
    try {
      return new URL($('base[href]').attr('href') ?? pageUrl, pageUrl).href;
    } catch {
      return pageUrl;
    }
  })();
  const put = (raw: string | undefined, width: number, height: number) => {
    if (!raw || !width || !height) return;
    try {
      const url = new URL(raw.trim(), base);
      url.hash = '';
      if (!sizes.has(url.href)) sizes.set(url.href, { width, height });
    } catch {
      // Not an address.
    }
  };
  $('img, source').each((_, el) => {
    const a = (name: string) => $(el).attr(name);
    const width = int(a('width') ?? a('data-width'));
    const height = int(a('height') ?? a('data-height'));
    const aspect = width && height ? height / width : 0;
    for (const src of [a('src'), a('data-src'), a('data-lazy-src'), a('data-original')]) put(src, width, height);
    for (const set of [a('srcset'), a('data-srcset')]) {
      for (const entry of (set ?? '').split(/,\s+/)) {
        const [src, descriptor] = entry.trim().split(/\s+/);
        const w = /^(\d+)w$/.exec(descriptor ?? '')?.[1];
        if (w) put(src, int(w), Math.round(int(w) * (aspect || 2 / 3)));
      }
    }
  });
  let og: string | undefined;
  $('meta').each((_, el) => {
    const key = ($(el).attr('property') || $(el).attr('name') || '').toLowerCase();
    const content = $(el).attr('content');
    if (key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') og = content;
    if (key === 'og:image:width' && og) {
      const height = $(`meta[property="og:image:height"]`).attr('content');
      put(og, int(content), int(height));
    }
  });
  return sizes;
}

/** The size to answer an image request with. */
export function sizeFor(url: string, sizes: Map<string, Size>): Size {
  const known = sizes.get(url.split('#')[0]!);
  if (known) return known;
  return sizeInUrl(url) ?? PLACEHOLDER;
}

const cache = new Map<string, Buffer>();
export function pngOf({ width, height }: Size): Buffer {
  const key = `${width}x${height}`;
  let png = cache.get(key);
  if (!png) cache.set(key, (png = solidPng(Math.min(width, 4000), Math.min(height, 4000))));
  return png;
}
