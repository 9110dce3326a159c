import { Parser } from 'htmlparser2';
import {
  type Candidate,
  type Declared,
  chromeKind,
  MARKED_META,
  META_IMAGES,
  NOPIN_REASON,
  isFurniture,
  isNopinMeta,
  isPinnableUrl,
  jsonLdImages,
  largestSrcset,
  normaliseUrl,
  pageImage,
  rank,
  sizeInUrl,
} from '../../../bookmarklet/src/images.js';
import type { PageImages, PinnableItem } from './contract.js';

export type { PageImages, PinnableItem };

/**
 * The server's reading of a page (FindPinImagesResource): the same rules as the
 * bookmarklet, applied to what the markup says, since the server sees no rendered pixels. An <img>
 * counts when its width/height attributes (or a srcset width with their aspect) say it is big enough;
 * images the publisher names in meta tags or data-pin-media count without a size.
 *
 * Real pages: the page's own picture is its first declared image by the shared
 * DECLARED_ORDER (og:image, twitter:image, JSON-LD, itemprop=image, image_src) that is not furniture;
 * an <img> without attributes is sized by its address (sizeInUrl); and when nothing but furniture is
 * found, the unsized images of the body (article first, furniture never) are offered before it.
 */

interface Seen extends Candidate {
  known: boolean;
  /** Named by the page as its image (meta, image_src, data-pin-media, poster): kept even without a size. */
  named?: boolean;
  description?: string;
  video?: string;
}

const NOPIN_ATTRS = ['nopin', 'data-nopin', 'data-pin-nopin'];
/** Elements that may hold the article: their depth says whether a body image is the article's. */
const ARTICLE_TAGS = new Set(['article', 'main', 'div', 'section']);
const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original'];
const OG_VIDEO = ['og:video', 'og:video:url', 'og:video:secure_url'];
/** An og:video without a type counts when its path names a video file (not an embed player page). */
const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|mov)$/i;

function dimension(value: string | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A pixel size an inline style states (`style="width: 600px; height: 313px"`), the attribute's stand-in. */
function styleDimension(style: string | undefined, property: 'width' | 'height'): number {
  const match = new RegExp(`(?:^|[;\\s])${property}\\s*:\\s*(\\d+)(?:\\.\\d+)?px`, 'i').exec(style ?? '');
  return match ? dimension(match[1]) : 0;
}

export function findImagesInHtml(html: string, pageUrl: string): PageImages {
  let base = pageUrl;
  let title = '';
  let inTitle = false;
  let nopin: string | undefined;
  let pictureSets: string[] | null = null;
  let lastOg: Seen | undefined;
  let firstOg: Seen | undefined;
  /** The <video> being read, when it has a poster: its <source> may name the file. */
  let openVideo: Seen | undefined;
  const ogVideos: Array<{ url: string; type?: string }> = [];
  const seen = new Map<string, Seen>();
  const declared: Array<{ url: string; kind: Declared }> = [];
  const jsonLd: string[] = [];
  let inJsonLd = false;
  /** Open <article>/<main>/articleBody elements: body images inside them are the article's. */
  let articleDepth = 0;
  const articleStack: boolean[] = [];
  /** Open elements of the site's chrome (shared chromeKind): images inside them are the site's, not the page's. */
  let chromeDepth = 0;
  const chromeStack: boolean[] = [];
  const self = normaliseUrl(pageUrl, pageUrl);
  /** Unsized, unnamed body images: offered only when the page gives nothing else. */
  const unsized: Array<{ url: string; inArticle: boolean; description?: string }> = [];
  const videoUrl = (raw: string | undefined): string | undefined => {
    try {
      const url = raw ? new URL(raw.trim(), base) : null;
      return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined;
    } catch {
      return undefined;
    }
  };

  const add = (raw: string | undefined, item: Omit<Seen, 'url'>): Seen | undefined => {
    const url = raw && normaliseUrl(raw, base);
    // `<img src="#">` resolves to the page itself, which is no picture.
    if (!url || url === self) return undefined;
    const before = seen.get(url);
    if (!before) {
      const entry = { ...item, url };
      seen.set(url, entry);
      return entry;
    }
    before.marked ||= item.marked;
    // Chrome only when every sighting was (a picture in the article and again in a sidebar is the article's).
    before.chrome &&= item.chrome;
    before.named ||= item.named;
    before.description ||= item.description;
    if (item.known && (!before.known || item.width * item.height > before.width * before.height)) {
      Object.assign(before, { width: item.width, height: item.height, known: true });
    }
    return before;
  };

  const parser = new Parser(
    {
      onopentag(name, a) {
        if (ARTICLE_TAGS.has(name)) {
          const isArticle = name === 'article' || name === 'main' || /articleBody/i.test(a.itemprop ?? '') || (a.role ?? '').toLowerCase() === 'main';
          articleStack.push(isArticle);
          if (isArticle) articleDepth++;
        }
        const kind = chromeKind(name, a);
        const opensChrome = kind === 'chrome' || (kind === 'header' && articleDepth === 0);
        chromeStack.push(opensChrome);
        if (opensChrome) chromeDepth++;
        if (name === 'base' && a.href && !seen.size) {
          base = normaliseUrl(a.href, pageUrl) ?? base;
        } else if (name === 'title') {
          inTitle = true;
        } else if (name === 'meta') {
          const key = (a.name || a.property || '').toLowerCase();
          if (a.itemprop?.toLowerCase() === 'image' && a.content) {
            const entry = add(a.content, { width: 0, height: 0, known: false, named: true });
            if (entry) declared.push({ url: entry.url, kind: 'itemprop' });
          }
          if (isNopinMeta(key, a.content)) nopin = a.description || NOPIN_REASON;
          else if (META_IMAGES.includes(key)) {
            const entry = add(a.content, { width: 0, height: 0, known: false, named: true, marked: MARKED_META.has(key) });
            if (entry) declared.push({ url: entry.url, kind: key.startsWith('twitter') ? 'twitter' : 'og' });
            if (key.startsWith('og:image')) lastOg = entry ?? lastOg;
            if (key.startsWith('og:image')) firstOg ??= entry;
          } else if (OG_VIDEO.includes(key)) {
            const url = videoUrl(a.content);
            if (url) ogVideos.push({ url });
          } else if (key === 'og:video:type' && ogVideos.length) {
            ogVideos[ogVideos.length - 1]!.type = (a.content ?? '').toLowerCase();
          } else if (lastOg && (key === 'og:image:width' || key === 'og:image:height')) {
            // og:image:width/height describe the og:image before them.
            lastOg[key === 'og:image:width' ? 'width' : 'height'] = dimension(a.content);
            lastOg.known = lastOg.width > 0 && lastOg.height > 0;
          }
        } else if (name === 'link' && /(^|\s)image_src(\s|$)/i.test(a.rel ?? '')) {
          const entry = add(a.href, { width: 0, height: 0, known: false, named: true });
          if (entry) declared.push({ url: entry.url, kind: 'image_src' });
        } else if (name === 'script' && (a.type ?? '').toLowerCase() === 'application/ld+json') {
          inJsonLd = true;
          jsonLd.push('');
        } else if (a.itemprop?.toLowerCase() === 'image' && (name === 'meta' || name === 'link') && (a.content || a.href)) {
          const entry = add(a.content || a.href, { width: 0, height: 0, known: false, named: true });
          if (entry) declared.push({ url: entry.url, kind: 'itemprop' });
        } else if (name === 'picture') {
          pictureSets = [];
        } else if (name === 'source' && pictureSets) {
          pictureSets.push(a.srcset ?? '', a['data-srcset'] ?? '');
        } else if (name === 'source' && openVideo) {
          if (!openVideo.video && (!a.type || a.type.toLowerCase().startsWith('video/'))) openVideo.video = videoUrl(a.src);
        } else if (NOPIN_ATTRS.some((attr) => attr in a)) {
          // The publisher asked that this element not be saved.
        } else if (a['data-pin-media']) {
          add(a['data-pin-media'], { width: 0, height: 0, known: false, named: true, marked: true, description: a['data-pin-description'] });
        } else if (name === 'img') {
          const width = dimension(a.width) || styleDimension(a.style, 'width');
          const height = dimension(a.height) || styleDimension(a.style, 'height');
          const description = a['data-pin-description'] || a.alt || undefined;
          const chrome = chromeDepth > 0 || undefined;
          let best: { url: string; width: number } | null = null;
          for (const set of [a.srcset, a['data-srcset'], ...(pictureSets ?? [])]) {
            const entry = largestSrcset(set);
            if (entry && (!best || entry.width > best.width)) best = entry;
          }
          if (best && best.width > width && width && height) {
            add(best.url, { width: best.width, height: Math.round((best.width * height) / width), known: true, description, chrome });
          } else {
            const src = LAZY_SRC.map((attr) => a[attr]).find(Boolean) || a.src || best?.url;
            const url = src && normaliseUrl(src, base);
            const stated = width && height ? { width, height } : url ? sizeInUrl(url) : null;
            // itemprop=image on the <img> itself names it, sized or not.
            const named = a.itemprop?.toLowerCase() === 'image';
            const entry = add(src, { width: stated?.width ?? 0, height: stated?.height ?? 0, known: !!stated, named, description, chrome });
            if (entry && named) declared.push({ url: entry.url, kind: 'itemprop' });
            if (entry && !stated && !isFurniture(entry.url)) unsized.push({ url: entry.url, inArticle: articleDepth > 0, description });
          }
        } else if (name === 'video' && a.poster) {
          openVideo = add(a.poster, {
            width: dimension(a.width),
            height: dimension(a.height),
            known: !!(dimension(a.width) && dimension(a.height)),
            named: true,
          });
          if (openVideo && !openVideo.video) openVideo.video = videoUrl(a.src);
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (inJsonLd) jsonLd[jsonLd.length - 1] += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'script') inJsonLd = false;
        if (ARTICLE_TAGS.has(name) && articleStack.pop()) articleDepth--;
        if (chromeStack.pop()) chromeDepth--;
        if (name === 'picture') pictureSets = null;
        if (name === 'video') openVideo = undefined;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  title = title.trim().replace(/\s+/g, ' ');
  if (nopin !== undefined) return { title, nopin, items: [] };
  // og:video with og:image: the image is the video's cover, when the og:video is a video file.
  const ogVideo = ogVideos.find((v) => (v.type ? v.type.startsWith('video/') : VIDEO_FILE.test(new URL(v.url).pathname)));
  if (ogVideo && firstOg && !firstOg.video) firstOg.video = ogVideo.url;
  for (const text of jsonLd) {
    for (const raw of jsonLdImages(text)) {
      const entry = add(raw, { width: 0, height: 0, known: false, named: true });
      if (entry) declared.push({ url: entry.url, kind: 'jsonld' });
    }
  }
  // The page's picture: marked when the page marks nothing itself (no og:image, pin:media, data-pin-media).
  const all = Array.from(seen.values());
  const picture = pageImage(declared);
  if (picture && !all.some((c) => c.marked && !isFurniture(c.url))) seen.get(picture)!.marked = true;
  // Sized images follow the shared rules. Unsized ones count only when the page names them as its
  // image, judged by URL alone: the publisher's marked ones first, the rest (twitter:image, image_src)
  // after the sized ones.
  const unknown = all.filter((c) => !c.known && c.named && isPinnableUrl(c.url));
  const lead = unknown.filter((c) => c.marked && !isFurniture(c.url));
  // Furniture, sized or not, after every image that is not.
  const [ranked, rest] = [rank(all.filter((c) => c.known)), unknown.filter((c) => !lead.includes(c))];
  const ordered = [...lead, ...ranked, ...rest].sort((a, b) => Number(isFurniture(a.url)) - Number(isFurniture(b.url)));
  if (ordered.every((c) => isFurniture(c.url))) {
    // Nothing sized or named but furniture: the body's unsized images, the article's first, as a last resort before it.
    const last = [...unsized.filter((u) => u.inArticle), ...unsized.filter((u) => !u.inArticle)];
    ordered.unshift(...last.map((u) => seen.get(u.url)!).filter((c, i, list) => isPinnableUrl(c.url) && list.indexOf(c) === i && !ordered.includes(c)));
  }
  return {
    title,
    items: ordered.map(({ url, width, height, known, description, video }) => ({
      type: 'pinnable' as const,
      url,
      ...(known ? { width, height } : {}),
      ...(description ? { description } : {}),
      ...(video ? { video } : {}),
    })),
  };
}
