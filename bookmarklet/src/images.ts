/**
 * The image rules, one pure module shared by the bookmarklet, the SDK's "pick any image" button
 * and the server-side finder: what counts as pinnable, and in which order to offer it.
 */
export interface Candidate {
  url: string;
  width: number;
  height: number;
  /** Marked by the publisher (data-pin-media, pin:media, og:image…). */
  marked?: boolean;
  /** Seen only in the site's chrome (header, navigation, sidebar, footer: see chromeKind), never in its content. */
  chrome?: boolean;
}

/** Tile images must exceed 119 by 119 pixels. */
export const MIN_SIDE = 119;
/** Wider than 3:1 is a banner, not a pin. */
export const MAX_ASPECT = 3;

export function isPinnableUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && !/\.svgz?(?:[?#]|$)/i.test(url);
}

export function isPinnable(c: Candidate): boolean {
  return isPinnableUrl(c.url) && c.width > MIN_SIDE && c.height > MIN_SIDE && c.width / c.height <= MAX_ASPECT;
}

/**
 * Site furniture rather than the page's own picture, judged by address alone: a favicon, touch icon,
 * sprite, spacer or pixel anywhere; a file named as a logo, icon, avatar, button, share, print or PDF
 * link, a social network's follow button (`facebook.png`), placeholder or default, or any file of a logo,
 * icon or button folder, in a folder without dates or ids
 * (a site's theme; the story's own upload of a logo sits under a date or an id and is kept); an address that names a folder; anything served from an ad server, avatar or
 * tracking path or with an ad size (`/adserv…/`, `/avatar/`, `;sz=300x250`).
 */
const FURNITURE_ALWAYS = /favicon|apple-touch|sprite|spacer|transparent|(?:^|[^a-z])(?:pixel|blank)\.\w+$/i;
const FURNITURE_NAME =
  /(?:^|[^a-z])(?:logo|icon|ico|avatar|placeholder|default|fallback|badge|button|btn|loading|loader|preload|header|branding|printer|print|pdf|share)s?(?:[^a-z]|$)/i;
/**
 * A file named for a social network alone (`facebook.png`, `twitter_32.gif`): its follow button; `twitter-card.jpg`
 * is a card. With the buttons folder below, it fixes a bookshop's header `facebook.png`, `twitter.png` and
 * `/btns/sign_in.png` coming before the book's cover in the server finder (h30, realpages tuning split).
 */
const FURNITURE_SOCIAL = /^(?:facebook|twitter|pinterest|instagram|linkedin|rss)[^a-z]*\.\w+$/i;
/** A theme folder named for logos, icons or buttons (`/pic/contentlogo/`, `/images/icons/`, `/header/btns/`). */
const FURNITURE_FOLDER = /\/[^/]*(?:logo|icon|button|btn)s?\//i;
/** …and counters: `/cgi-bin/`, an analytics beacon (`/b/ss/`, `piwik.php`, `/collect?`), an ad server's `delivery/avw.php`, a `type=1x1`. */
const FURNITURE_PATH =
  /\/(?:adserv\w*|advert\w*|avatars?|gravatar|emoji|smilies|pixel|tracking|beacon|cgi-bin|b\/ss)\/|\/collect\/?\?|\/delivery\/\w+\.php|(?:piwik|matomo)\.php|;sz=\d+x\d+|[?&]type=1x1/i;
export function isFurniture(url: string): boolean {
  const parts = pathAndSearch(url);
  if (!parts) return false;
  const [path, search] = parts;
  if (FURNITURE_PATH.test(path + search) || (path.endsWith('/') && !search)) return true;
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const file = path.slice(folder.length);
  // The story's own upload sits under a date or an id (in its folders, or a long number in its name:
  // `avatars-000137863509-t500x500.jpg` is a user's picture); a theme's furniture does not.
  // A number, not a hex hash's digits: `logo-8bf7615eb575eeb114fc65323068e1e4.png` stays a theme's logo.
  const theme = !/\d{2}/.test(folder) && !/(?:^|[^a-z\d])\d{8,}(?:[^a-z\d]|$)/i.test(file);
  return FURNITURE_ALWAYS.test(file) || (theme && (FURNITURE_NAME.test(file) || FURNITURE_SOCIAL.test(file) || FURNITURE_FOLDER.test(folder)));
}

/**
 * An address's path and query as URL gives them. The finders hand over addresses already in a browser's
 * form (normaliseUrl), read here with one regular expression: URL objects for 5,000 candidates were a
 * third of the ranking's time in a freshly injected content script. Anything else is parsed.
 */
function pathAndSearch(url: string): [string, string] | null {
  if (CANONICAL.test(url)) {
    const at = url.indexOf('/', url.indexOf('//') + 2);
    const query = url.indexOf('?', at);
    return query < 0 ? [url.slice(at), ''] : [url.slice(at, query), query === url.length - 1 ? '' : url.slice(query)];
  }
  try {
    const u = new URL(url);
    return [u.pathname, u.search];
  } catch {
    return null;
  }
}

/**
 * The site's chrome around the content: navigation, sidebars, footers and the site header. Images in it
 * are the site's (a theme header, a logo, a sponsor, a teaser of another story), not the page's, however
 * early and large they are. `chromeKind` judges one element by its tag, ARIA role and id/class words;
 * 'header' counts only outside the article (an article's own <header> holds its lead image). Both finders
 * use it (the server while parsing, the page through CHROME_SELECTOR and closest()).
 */
const CHROME_TAGS = ['nav', 'aside', 'footer'];
const CHROME_ROLES = ['navigation', 'complementary', 'contentinfo', 'banner'];
/** Words of an id or class that name the site's chrome (`sidebar-right`, `site-footer`, `main-menu`, `navbar`), or other pages' teasers (`related-posts`, `recommended`, a shop's `upsell`). */
const CHROME_WORDS = ['sidebar', 'footer', 'navbar', 'navigation', 'menu', 'masthead', 'widget', 'breadcrumb', 'related', 'recommend', 'upsell'];
/** …and that name the site's header, chrome only outside the article (`#header`, `site-header`, not `entry-header` in an <article>). */
const HEADER_WORDS = ['header', 'branding'];
/** Not <html> or <body>: their classes describe the layout (`has-sidebar`, `header-fixed`), not a part of it. */
const words = (list: string[]) => list.flatMap((w) => [`[id*="${w}" i]:not(html,body)`, `[class*="${w}" i]:not(html,body)`]);
// Pure calls: the SDK's pinit.js imports this module for other rules and must not carry these.
export const CHROME_SELECTOR = /* @__PURE__ */ (() => [...CHROME_TAGS, ...CHROME_ROLES.map((r) => `[role="${r}" i]`), ...words(CHROME_WORDS)].join(','))();
export const HEADER_SELECTOR = /* @__PURE__ */ (() => ['header', ...words(HEADER_WORDS)].join(','))();
/** Where the article is: a site header inside it is the article's header. */
export const ARTICLE_SELECTOR = 'article,main,[role="main" i],[itemprop~="articleBody" i]';

export function chromeKind(tag: string, attrs: { id?: string; class?: string; role?: string }): 'chrome' | 'header' | null {
  if (tag === 'html' || tag === 'body') return null;
  const names = `${attrs.id ?? ''} ${attrs.class ?? ''}`.toLowerCase();
  const role = (attrs.role ?? '').toLowerCase();
  if (CHROME_TAGS.includes(tag) || CHROME_ROLES.includes(role) || CHROME_WORDS.some((w) => names.includes(w))) return 'chrome';
  if (tag === 'header' || HEADER_WORDS.some((w) => names.includes(w))) return 'header';
  return null;
}

/**
 * The article's lead image is its first large one, not its largest: a content image whose area is at least
 * this share of the largest content image's competes by position (earlier first), a smaller one by size.
 * Chrome never competes by position nor sets the bar.
 */
export const LEAD_SHARE = 0.5;

/**
 * Pinnable candidates: publisher-marked first (unless the mark names furniture, say a logo as
 * og:image), then content before chrome before furniture, then the large images in page order (callers
 * give candidates in the order the page has them), then the rest larger first.
 */
export function rank<T extends Candidate>(candidates: T[]): T[] {
  const facts: Array<Facts<T>> = [];
  for (let position = 0; position < candidates.length; position++) {
    const c = candidates[position]!;
    if (!isPinnable(c)) continue;
    const furniture = isFurniture(c.url);
    facts.push({ c, position, furniture, first: !!c.marked && !furniture, content: !furniture && !c.chrome });
  }
  const largest = facts.reduce((max, f) => (f.first || !f.content ? max : Math.max(max, area(f.c))), 0);
  // The order as one number per candidate, sorted natively: a 5,000-image page compares some 60,000 pairs,
  // and a comparator called for each took 10-30 ms of the toolbar-to-grid 50 ms in a freshly injected (cold)
  // content script. From the high bits down: not marked, furniture, chrome, not a lead (4 bits);
  // then a lead's page position or the others' area, larger first (28 bits); then the index in page order
  // (20 bits), which makes every key unique and the order stable. 52 bits: exact in a double.
  if (facts.length >= POSITIONS) return facts.sort((a, b) => key(a, largest) - key(b, largest) || a.position - b.position).map((f) => f.c);
  const keys = new Float64Array(facts.length);
  for (let i = 0; i < facts.length; i++) keys[i] = key(facts[i]!, largest) * POSITIONS + i;
  return Array.from(keys.sort(), (k) => facts[k % POSITIONS]!.c);
}

const POSITIONS = 2 ** 20;
const AREAS = 2 ** 28;
const area = (c: Candidate) => c.width * c.height;

/** rank's order of one candidate, without its position's tie-break (ascending: first is best). */
interface Facts<T extends Candidate = Candidate> {
  c: T;
  position: number;
  furniture: boolean;
  first: boolean;
  content: boolean;
}

function key(f: Facts, largest: number): number {
  const lead = f.content && area(f.c) >= LEAD_SHARE * largest;
  const flags = (Number(!f.first) << 3) | (Number(f.furniture) << 2) | (Number(!!f.c.chrome) << 1) | Number(!lead);
  return flags * AREAS + (lead ? f.position : AREAS - 1 - Math.min(area(f.c), AREAS - 1));
}

/**
 * The SDK's pick-any-image grid (buttonBookmark, pinAny) on the publisher's own page: the pinnable
 * images, the publisher's marks first, then larger first. It shows every image, so it does without the
 * furniture and lead-image guesses that pick a stranger's main image, and pinit.js keeps its 5 KB.
 */
export function rankBySize<T extends Candidate>(candidates: T[]): T[] {
  const area = (c: T) => c.width * c.height;
  // One tile per address, as the bookmarklet finds them (find.ts): a page repeating 2 images 20 times
  // showed 40 tiles. The largest sighting stands for it, marked if any sighting was.
  const byUrl = new Map<string, T>();
  for (const c of candidates.filter(isPinnable)) {
    const seen = byUrl.get(c.url);
    if (!seen || area(c) > area(seen)) byUrl.set(c.url, c);
    if (seen) byUrl.get(c.url)!.marked = !!(seen.marked || c.marked);
  }
  return [...byUrl.values()].sort((a, b) => Number(!!b.marked) - Number(!!a.marked) || area(b) - area(a));
}

/** A size the address itself states (`-1024x683.jpg`, `/800x600/`, `w=800&h=600`, `w_800,h_600`, `width/515/height/337`): the server's only size for an image without attributes. */
export function sizeInUrl(url: string): { width: number; height: number } | null {
  const int = (v: string | undefined) => {
    const n = Number.parseInt(v ?? '', 10);
    return n > 0 && n < 10_000 ? n : 0;
  };
  const pair = /(?:^|[^\d])(\d{2,4})x(\d{2,4})(?![\d])/i.exec(url);
  const width = pair ? int(pair[1]) : int(/[?&_,/](?:w|width)[=_/](\d{2,4})(?![\d])/i.exec(url)?.[1]);
  const height = pair ? int(pair[2]) : int(/[?&_,/](?:h|height)[=_/](\d{2,4})(?![\d])/i.exec(url)?.[1]);
  return width && height ? { width, height } : null;
}

/** Where a page names its own picture, in the order the best extractors trust them (og:image first). */
export type Declared = 'og' | 'twitter' | 'jsonld' | 'itemprop' | 'image_src';
export const DECLARED_ORDER: Declared[] = ['og', 'twitter', 'jsonld', 'itemprop', 'image_src'];

/**
 * The page's picture among what it declares: the first by DECLARED_ORDER that is not furniture,
 * else null. Both finders mark it when the page has no marked image of its own.
 */
export function pageImage(declared: Array<{ url: string; kind: Declared }>): string | null {
  for (const kind of DECLARED_ORDER) {
    const found = declared.find((d) => d.kind === kind && isPinnableUrl(d.url) && !isFurniture(d.url));
    if (found) return found.url;
  }
  return null;
}

/**
 * The images a JSON-LD block gives its main thing (Article, Recipe, Product, VideoObject…: any node
 * with an `image` or `thumbnailUrl`), not the publisher's or author's logo; unresolved, in order.
 */
export function jsonLdImages(text: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text.trim().replace(/^<!--|-->$/g, ''));
  } catch {
    return [];
  }
  const urls = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(urls);
    if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      return urls(o.url ?? o.contentUrl);
    }
    return [];
  };
  const out: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 8 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) walk(n, depth + 1);
      return;
    }
    const o = node as Record<string, unknown>;
    out.push(...urls(o.image ?? o.thumbnailUrl));
    for (const [key, value] of Object.entries(o)) {
      if (key === '@graph' || key === 'mainEntity' || key === 'mainEntityOfPage' || key === 'video') walk(value, depth + 1);
    }
  };
  walk(data, 0);
  return out;
}

/** Already in the form a browser serialises (lower-case host, printable ASCII, no fragment): nothing to normalise. */
const CANONICAL = /^https?:\/\/[a-z0-9.-]+(?::\d+)?\/[\x21-\x22\x24-\x5b\x5d-\x7e]*$/;

/** The absolute http(s) URL without its fragment, the key candidates are deduplicated by; null when not http(s). */
export function normaliseUrl(url: string, base: string): string | null {
  // The fast path matters: a page of 5,000 images gives 5,000 currentSrc values, and URL parsing is the slow part.
  if (CANONICAL.test(url)) return isPinnableUrl(url) ? url : null;
  try {
    const u = new URL(url.trim(), base);
    if (!isPinnableUrl(u.href)) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/**
 * The largest entry of a srcset: by width descriptor, else by density. `width` only when the entry
 * says it (`800w`); a density tells nothing about pixels without the element.
 */
export function largestSrcset(srcset: string | null | undefined): { url: string; width: number } | null {
  let best: { url: string; width: number; score: number } | null = null;
  const text = srcset ?? '';
  // The HTML parsing rules, cut down: a URL runs to whitespace (commas inside it are kept; trailing
  // ones end the entry), then its descriptor runs to the next comma.
  for (let i = 0; i < text.length; ) {
    while (i < text.length && /[\s,]/.test(text[i] ?? '')) i++;
    let end = i;
    while (end < text.length && !/\s/.test(text[end] ?? '')) end++;
    let url = text.slice(i, end);
    let descriptor = '';
    if (/,$/.test(url)) {
      url = url.replace(/,+$/, '');
      i = end;
    } else {
      const comma = text.indexOf(',', end);
      i = comma < 0 ? text.length : comma + 1;
      descriptor = text.slice(end, i).replace(/,$/, '').trim();
    }
    if (!url) continue;
    const value = parseFloat(descriptor) || 1;
    const width = /w$/i.test(descriptor) ? value : 0;
    const score = width || value * 1e-3;
    if (!best || score > best.score) best = { url, width, score };
  }
  return best && { url: best.url, width: best.width };
}

/** `<meta name="pinterest" content="nopin">`: the whole page asks not to be saved from. */
export function isNopinMeta(name: string | null | undefined, content: string | null | undefined): boolean {
  return (name ?? '').toLowerCase() === 'pinterest' && (content ?? '').toLowerCase() === 'nopin';
}

/** Meta tags whose content names the page's image, the first three marked by the publisher for pinning. */
export const META_IMAGES = ['pin:media', 'og:image', 'og:image:secure_url', 'og:image:url', 'twitter:image', 'twitter:image:src'];
/** Marked means ranked first: the publisher said "pin this". */
export const MARKED_META = new Set(['pin:media', 'og:image', 'og:image:secure_url', 'og:image:url']);

/** Said when a nopin page gives no description of its own. */
export const NOPIN_REASON = 'The owner of this site has asked that nothing be saved from it.';

/** The product's own pin page, `/pin/{id}/` or `/amp/pin/{id}/`: its id, else null. */
export function ownPinId(path: string): string | null {
  return /^(?:\/amp)?\/pin\/(\d+)\/?$/.exec(path)?.[1] ?? null;
}
