import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { NO_LIMIT, declare } from '../lib/declare.js';
import { ApiError } from '../lib/errors.js';
import { escapeHtml } from '../lib/html.js';
import type { Config } from '../config.js';
import { readerLocale } from '../pages/words.js';
import { previewText } from '../pages/head.js';
import { BOARD_WIDTH, HEADER_HEIGHT, PIN_BYLINE_HEIGHT, PIN_TEXT_HEIGHT, PIN_WIDTHS, SCALE_HEIGHT } from '../../../sdk/src/widgets/markup.js';
import type { CardsService } from './cards.js';
import type { oembedAnswer } from './contract.js';
import { cardKeyOf, OEMBED_PATH, type Card } from './rules.js';

/**
 * oEmbed 1.0 (https://oembed.com) and the iframe embeds it hands out: a publisher's CMS pastes one of
 * our addresses, asks GET /oembed?url=…&format=json, and gets a `rich` answer whose html is an iframe
 * of /embed/{pin|board|user}/…; that page draws the SDK's own widget (its engine, sdk/src/widgets/,
 * with the hover Save), needs no cookie and sets none. Only /embed/* may be framed, by anyone.
 */

/** How long a consumer may keep an answer (oEmbed cache_age), and a browser or CDN an embed page. */
export const OEMBED_CACHE_S = 3600;
export const EMBED_PAGE_CACHE_S = 300;

/** Sizes a consumer may ask for: a positive whole number of pixels, at most this. */
const MAX_DIMENSION = 10_000;
const dimension = z
  .string()
  .regex(/^\d{1,5}$/, 'maxwidth and maxheight are whole numbers of pixels.')
  .transform(Number)
  .refine((n) => n > 0 && n <= MAX_DIMENSION, `maxwidth and maxheight are between 1 and ${MAX_DIMENSION}.`);

export const oembedQuery = z.object({
  url: z.string().min(1, 'Give the url of a Pin, a board or a profile.').max(2048),
  format: z.string().max(16).default('json'),
  maxwidth: dimension.optional(),
  maxheight: dimension.optional(),
});

/** An embed's frame: its page's address and the frame's size. */
interface Frame {
  src: string;
  width: number;
  height: number;
}

/** A pin widget's height at a card width: its image (a square without one), the text and the byline, the border. */
const pinHeight = (card: Card, width: number) => {
  const inner = width - 2;
  const image = card.thumbnail ? Math.round((inner * card.thumbnail.height) / card.thumbnail.width) : inner;
  return image + PIN_TEXT_HEIGHT + PIN_BYLINE_HEIGHT + 2;
};

/**
 * The biggest embed of a card within the consumer's bounds (oEmbed: never larger than maxwidth and
 * maxheight), or null when none fits. A pin comes in the widget's three widths; a board or a profile
 * is as wide as allowed (400 by default) and its pins scroll in what height is left.
 */
export function frameFor(card: Card, origin: string, max: { width?: number; height?: number }): Frame | null {
  const { width: maxWidth = Number.POSITIVE_INFINITY, height: maxHeight = Number.POSITIVE_INFINITY } = max;
  if (card.kind === 'pin') {
    const id = card.url.split('/').at(-2)!;
    const sizes = (['medium', 'small', 'large'] as const).filter((size) => PIN_WIDTHS[size]! <= maxWidth && pinHeight(card, PIN_WIDTHS[size]!) <= maxHeight);
    // The medium card by default; the large one only when asked for room (a maxwidth of 600 or more).
    const size = max.width !== undefined && sizes.includes('large') ? 'large' : sizes[0];
    if (!size) return null;
    return { src: `${origin}/embed/pin/${id}/?size=${size}`, width: PIN_WIDTHS[size]!, height: pinHeight(card, PIN_WIDTHS[size]!) };
  }
  const width = Math.min(Number.isFinite(maxWidth) ? maxWidth : BOARD_WIDTH.initial, BOARD_WIDTH.max);
  const scale = Math.min(SCALE_HEIGHT.initial, maxHeight - HEADER_HEIGHT - 2);
  if (width < BOARD_WIDTH.min || scale < SCALE_HEIGHT.min) return null;
  const path = new URL(card.url).pathname;
  const src = `${origin}/embed/${card.kind === 'board' ? 'board' : 'user'}${path}?width=${width}&height=${scale}`;
  return { src, width, height: scale + HEADER_HEIGHT + 2 };
}

/** The embed pages' policy: our scripts and the widget's data only; images from wherever media is served; framed by anyone. */
export const EMBED_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' https: http: data:",
  // The widget sizes its parts with style attributes and constructed sheets.
  "style-src 'self' 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** An embed page: the SDK's widget markup and pinit-embed.js, which draws it (and its hover Save) with the widgets' own engine. */
function embedPage(card: Card, title: string, lang: string, brand: string, widget: Record<string, string>): string {
  const attrs = Object.entries(widget)
    .map(([name, value]) => ` data-pin-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} | ${brand}`)}</title>
<link rel="canonical" href="${escapeHtml(card.url)}">
<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}</style>
</head>
<body><a${attrs} data-pin-lang="${lang}" href="${escapeHtml(card.url)}" target="_blank" rel="noopener">${escapeHtml(title)}</a>
<script async src="/js/pinit-embed.js"></script>
</body>
</html>`;
}

const NOT_FOUND = { pin: 'pin_not_found', board: 'board_not_found', profile: 'profile_not_found' } as const;

export function oembedRoutes(cards: CardsService, config: Pick<Config, 'publicOrigin' | 'brandName'>) {
  const routes = new Hono();
  const origin = config.publicOrigin;
  // Public, the same for everyone, no body: a read, taking an API turn (app.ts).
  const read = declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0 });

  routes.get(OEMBED_PATH, read, async (c) => {
    const parsed = oembedQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError('invalid_input', parsed.error.issues[0]?.message);
    const { url, format, maxwidth, maxheight } = parsed.data;
    if (format !== 'json') throw new ApiError('oembed_format_unsupported');
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new ApiError('oembed_url_unknown');
    }
    if (target.origin !== origin) throw new ApiError('oembed_url_unknown');
    const key = cardKeyOf(target.pathname);
    if (!key) throw new ApiError('not_found', 'That address is not a Pin, a board or a profile.');
    const card = await cards.of(key);
    if (!card) throw new ApiError(NOT_FOUND[key.kind]);
    const frame = frameFor(card, origin, { width: maxwidth, height: maxheight });
    if (!frame) throw new ApiError('not_found', 'No embed of this fits in maxwidth and maxheight.');
    const { title } = previewText(card, config.brandName, readerLocale(c));
    c.header('Cache-Control', `public, max-age=${OEMBED_CACHE_S}`);
    c.header('Access-Control-Allow-Origin', '*');
    return c.json<z.infer<typeof oembedAnswer>>({
      version: '1.0',
      type: 'rich',
      title,
      author_name: card.author.name,
      author_url: card.author.url,
      provider_name: config.brandName,
      provider_url: `${origin}/`,
      cache_age: OEMBED_CACHE_S,
      html: `<iframe src="${escapeHtml(frame.src)}" width="${frame.width}" height="${frame.height}" title="${escapeHtml(title)}" style="border:none;max-width:100%" scrolling="no" loading="lazy"></iframe>`,
      width: frame.width,
      height: frame.height,
      ...(card.thumbnail ? { thumbnail_url: card.thumbnail.url, thumbnail_width: card.thumbnail.width, thumbnail_height: card.thumbnail.height } : {}),
    });
  });

  /** An embed page, or a 404 for what a stranger may not see; either may be framed, neither reads or sets a cookie. */
  const embed = (find: (c: Context) => Promise<Card | null>, widget: (c: Context, card: Card) => Record<string, string>) => async (c: Context) => {
    c.header('Content-Security-Policy', EMBED_CSP);
    c.header('X-Frame-Options', undefined);
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    const card = await find(c);
    if (!card) {
      c.header('Cache-Control', 'no-cache');
      return c.html(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(config.brandName)}</title></head><body></body></html>`, 404);
    }
    c.header('Cache-Control', `public, max-age=${EMBED_PAGE_CACHE_S}`);
    const locale = readerLocale(c);
    return c.html(embedPage(card, previewText(card, config.brandName, locale).title, locale, config.brandName, widget(c, card)));
  };
  const sized = (value: string | undefined, bounds: { initial: number; min: number; max: number }) => {
    const n = Number.parseInt(value ?? '', 10);
    return String(Number.isFinite(n) ? Math.min(bounds.max, Math.max(bounds.min, n)) : bounds.initial);
  };

  routes.get(
    '/embed/pin/:id{[0-9]{1,20}}/',
    read,
    embed(
      (c) => cards.pin(c.req.param('id')!),
      (c) => ({ do: 'embedPin', width: (['small', 'medium', 'large'] as const).find((s) => s === c.req.query('size')) ?? 'medium' }),
    ),
  );
  const feedWidget = (kind: 'embedBoard' | 'embedUser') => (c: Context) => ({
    do: kind,
    'board-width': sized(c.req.query('width'), BOARD_WIDTH),
    'scale-height': sized(c.req.query('height'), SCALE_HEIGHT),
  });
  routes.get(
    '/embed/board/:username{[A-Za-z0-9_]{1,32}}/:slug{[A-Za-z0-9-]{1,100}}/',
    read,
    embed(async (c) => (await cards.board(c.req.param('username')!.toLowerCase(), c.req.param('slug')!.toLowerCase()))?.card ?? null, feedWidget('embedBoard')),
  );
  routes.get(
    '/embed/user/:username{[A-Za-z0-9_]{1,32}}/',
    read,
    embed(async (c) => (await cards.profile(c.req.param('username')!.toLowerCase()))?.card ?? null, feedWidget('embedUser')),
  );
  return routes;
}
