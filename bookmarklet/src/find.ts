import {
  ARTICLE_SELECTOR,
  CHROME_SELECTOR,
  HEADER_SELECTOR,
  type Candidate,
  type Declared,
  META_IMAGES,
  MARKED_META,
  NOPIN_REASON,
  isFurniture,
  isNopinMeta,
  jsonLdImages,
  largestSrcset,
  normaliseUrl,
  pageImage,
  rank,
} from './images';

/** A candidate found in the page, with what the publisher said about it. */
export interface Found extends Candidate {
  description?: string;
  /** data-pin-url: the link to save with this image instead of the page. */
  link?: string;
  /** data-pin-id: an existing pin to repin instead. */
  pinId?: string;
  /** The image's alt text, a description of last resort. */
  alt?: string;
}

export type Finding = { nopin: string } | { items: Found[] };

/** How long measuring unloaded images may take before we show what we have. */
export const MEASURE_MS = 1500;
/** Lazy placeholders and spacer GIFs say nothing about the real image. */
const PLACEHOLDER = /^data:|\/(?:blank|spacer|pixel|placeholder)\.\w+/i;
const NOPIN = '[nopin],[data-nopin],[data-pin-nopin]';
/** Elements whose own box can carry a background image worth pinning: the rest are left out by the query. */
const MAY_HAVE_BACKGROUND = ':not(img,picture,source,video,script,style,link,meta,noscript,template,br,wbr)';

const attr = (el: Element, name: string) => el.getAttribute(name);

/** In the site's chrome (images.ts chromeKind): navigation, sidebar, footer, or a site header outside the article. */
function inChrome(el: Element): boolean {
  if (el.closest(CHROME_SELECTOR)) return true;
  const header = el.closest(HEADER_SELECTOR);
  return !!header && !header.closest(ARTICLE_SELECTOR);
}

/**
 * Every <img> in the site's chrome, found from the chrome's few boxes down rather than from each of a
 * page's thousands of images up (inChrome per image doubled the time to read a 5,000-image page).
 */
function chromeImages(doc: Document): Set<Element> {
  const boxes = [
    ...Array.from(doc.querySelectorAll(CHROME_SELECTOR)),
    ...Array.from(doc.querySelectorAll(HEADER_SELECTOR)).filter((h) => !h.closest(ARTICLE_SELECTOR)),
  ];
  const images = new Set<Element>();
  for (const box of boxes) {
    if (box.tagName === 'IMG') images.add(box);
    else for (const img of Array.from(box.getElementsByTagName('img'))) images.add(img);
  }
  return images;
}

/**
 * Reads the page: the nopin meta first, then every source the issue lists, deduplicated by
 * normalised URL. Sizes are the loaded natural sizes where the page has them, 0 where not yet known.
 *
 * A page may hold thousands of images, so the loop over them touches as little as it can: the rare
 * publisher attributes (nopin, data-pin-*, srcset) are found with one native query each, and an image
 * without any costs a handful of property reads and one object.
 */
export function collect(doc: Document): Finding {
  const base = doc.baseURI;
  /** `<img src="">` or `src="#"` resolves to the page itself, which is no picture. */
  const self = doc.URL.split('#')[0];
  const byUrl = new Map<string, Found>();
  const nopin = new Set(doc.querySelectorAll(NOPIN));
  const annotated = new Set(doc.querySelectorAll('[data-pin-description],[data-pin-url],[data-pin-id]'));
  const declared: Array<{ url: string; kind: Declared }> = [];
  const add = (raw: string | null | undefined, found: Found, el?: Element): string | undefined => {
    if (!raw || PLACEHOLDER.test(raw)) return;
    const url = normaliseUrl(raw, base);
    if (!url || url === self) return;
    found.url = url;
    if (el && annotated.has(el)) {
      found.description ||= attr(el, 'data-pin-description') || undefined;
      found.link ||= attr(el, 'data-pin-url') || undefined;
      found.pinId ||= attr(el, 'data-pin-id') || undefined;
    }
    const seen = byUrl.get(url);
    if (!seen) {
      byUrl.set(url, found);
      return url;
    }
    // The same image twice: keep what either sighting knew; chrome only when every sighting was.
    seen.marked ||= found.marked;
    seen.chrome &&= found.chrome;
    if (found.width * found.height > seen.width * seen.height) Object.assign(seen, { width: found.width, height: found.height });
    seen.description ||= found.description;
    seen.link ||= found.link;
    seen.pinId ||= found.pinId;
    seen.alt ||= found.alt;
    return url;
  };
  const declare = (kind: Declared, url: string | undefined) => url && declared.push({ url, kind });
  const unsized = (marked?: boolean): Found => ({ url: '', width: 0, height: 0, marked });

  for (const meta of Array.from(doc.querySelectorAll('meta'))) {
    const name = (attr(meta, 'name') || attr(meta, 'property') || '').toLowerCase();
    if (isNopinMeta(name, attr(meta, 'content'))) return { nopin: attr(meta, 'description') || NOPIN_REASON };
    if (META_IMAGES.includes(name)) declare(name.startsWith('twitter') ? 'twitter' : 'og', add(attr(meta, 'content'), unsized(MARKED_META.has(name))));
  }
  for (const link of Array.from(doc.querySelectorAll('link[rel~="image_src" i]'))) declare('image_src', add(attr(link, 'href'), unsized()));
  // schema.org: JSON-LD's main thing, and itemprop=image on meta, link or img.
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'))) {
    for (const raw of jsonLdImages(script.textContent ?? '')) declare('jsonld', add(raw, unsized()));
  }
  for (const el of Array.from(doc.querySelectorAll('[itemprop~="image" i]'))) {
    const raw = attr(el, 'content') || attr(el, 'href') || (el.tagName === 'IMG' ? (el as HTMLImageElement).currentSrc || attr(el, 'src') : null);
    if (!nopin.has(el)) declare('itemprop', add(raw, unsized()));
  }

  const marked = doc.querySelectorAll('[data-pin-media]');
  for (const el of Array.from(marked)) {
    if (!nopin.has(el)) add(attr(el, 'data-pin-media'), unsized(true), el);
  }

  const withSrcset = new Set(doc.querySelectorAll('img[srcset],img[data-srcset],picture>img'));
  const inSiteChrome = chromeImages(doc);
  // Indexed, not Array.from: iterating a live collection of thousands is several times slower.
  const images = doc.images;
  for (let i = 0, count = images.length; i < count; i++) {
    const img = images[i]!;
    // An image inside (or marked with) data-pin-media was counted as that media; most pages have none, so skip the walk.
    if (nopin.has(img) || (marked.length && img.closest('[data-pin-media]'))) continue;
    const src = img.currentSrc || img.src;
    const width = img.naturalWidth;
    const loaded = img.complete && width > 0 && !PLACEHOLDER.test(src);
    // The largest srcset entry, from the image itself or from its <picture>'s sources, lazy or not.
    let best: { url: string; width: number } | null = null;
    if (withSrcset.has(img)) {
      const sets = [attr(img, 'srcset'), attr(img, 'data-srcset')];
      const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : null;
      if (picture) for (const source of Array.from(picture.querySelectorAll('source'))) sets.push(attr(source, 'srcset'), attr(source, 'data-srcset'));
      for (const set of sets) {
        const entry = largestSrcset(set);
        if (entry && !PLACEHOLDER.test(entry.url) && (!best || entry.width > best.width)) best = entry;
      }
    }
    const alt = img.alt.trim() || undefined;
    const chrome = inSiteChrome.has(img) || undefined;
    if (loaded && !(best && best.width > width)) {
      add(src, { url: '', width, height: img.naturalHeight, alt, chrome }, img);
    } else if (best) {
      // A bigger or not yet loaded version: its height follows the loaded aspect, or is measured later.
      const height = loaded && best.width ? Math.round((best.width * img.naturalHeight) / width) : 0;
      add(best.url, { url: '', width: height ? best.width : 0, height, alt, chrome }, img);
    } else {
      // The attribute as written, resolved against the document's base (as the server finder does).
      add(
        attr(img, 'data-src') || attr(img, 'data-lazy-src') || attr(img, 'data-original') || attr(img, 'src') || src,
        { url: '', width: 0, height: 0, alt, chrome },
        img,
      );
    }
  }

  for (const video of Array.from(doc.querySelectorAll('video[poster]'))) if (!nopin.has(video)) add(attr(video, 'poster'), unsized(), video);

  // <noscript> fallbacks of lazy loaders: with scripts on, their markup is text; read it inertly.
  const fallbacks = doc.querySelectorAll('noscript');
  if (fallbacks.length) {
    const parser = new DOMParser();
    for (const noscript of Array.from(fallbacks)) {
      const text = noscript.textContent ?? '';
      if (nopin.has(noscript) || !/<img/i.test(text)) continue;
      const chrome = inChrome(noscript) || undefined;
      for (const img of Array.from(parser.parseFromString(text, 'text/html').images)) {
        if (NOPIN.split(',').some((selector) => img.matches(selector))) continue;
        add(largestSrcset(attr(img, 'srcset'))?.url || attr(img, 'src') || attr(img, 'data-src'), {
          url: '',
          width: 0,
          height: 0,
          alt: img.alt.trim() || undefined,
          chrome,
        });
      }
    }
  }

  // CSS backgrounds of large elements. Sizes first (integers, no allocation, layout is already up to
  // date), so styles are read only for the few large boxes, never for every element of the page.
  for (const el of Array.from(doc.body?.querySelectorAll(MAY_HAVE_BACKGROUND) ?? [])) {
    const box = el as HTMLElement;
    if (!(box.offsetWidth > 119 && box.offsetHeight > 119) || nopin.has(el)) continue;
    const background = getComputedStyle(el).backgroundImage;
    if (!background.includes('url(')) continue;
    for (const match of background.matchAll(/url\(["']?(.*?)["']?\)/g)) add(match[1], { ...unsized(), chrome: inChrome(el) || undefined }, el);
  }

  // The page's picture by the shared order, marked when the page marks nothing itself.
  const items = Array.from(byUrl.values());
  const picture = pageImage(declared);
  if (picture && !items.some((f) => f.marked && !isFurniture(f.url))) byUrl.get(picture)!.marked = true;
  return { items };
}

/** Natural size of an image the page has not loaded (meta, lazy, background): load it, bounded in time. */
function measure(found: Found, until: Promise<void>): Promise<void> {
  if (found.width && found.height) return Promise.resolve();
  return new Promise<void>((done) => {
    const probe = new Image();
    probe.onload = () => {
      found.width = probe.naturalWidth;
      found.height = probe.naturalHeight;
      done();
    };
    probe.onerror = () => done();
    void until.then(done);
    probe.src = found.url;
  });
}

/** The ranked, pinnable images of the page, or its nopin reason. */
export async function findImages(doc: Document, timeoutMs = MEASURE_MS): Promise<Finding> {
  const finding = collect(doc);
  if ('nopin' in finding) return finding;
  const unknown = finding.items.filter((f) => !(f.width && f.height));
  if (unknown.length) {
    const until = new Promise<void>((done) => setTimeout(done, timeoutMs));
    await Promise.all(unknown.map((f) => measure(f, until)));
  }
  return { items: rank(finding.items) };
}
