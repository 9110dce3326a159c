import { Feed } from 'feed';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import { NO_LIMIT, declare } from '../lib/declare.js';
import { ApiError } from '../lib/errors.js';
import { escapeHtml } from '../lib/html.js';
import { previewText } from '../pages/head.js';
import { readerLocale } from '../pages/words.js';
import type { Locale } from '../lib/rules/locales.js';
import { BOARD_FEED_PAGE_SIZE } from '../pins/service.js';
import type { CardsService } from './cards.js';
import { feedUrls, type Card } from './rules.js';

/**
 * RSS 2.0 and Atom feeds of a public board and of a profile, at Pinterest's addresses
 * (`/{user}/{board}.rss`, `/{user}/feed.rss`; `.atom` beside them), made with the `feed` package: the
 * newest page of pins (through the board's or the pinner's index, never the whole board), each with
 * its image as an enclosure, its page as the link and its description. What a logged-out stranger may
 * not see (a secret, protected or archived board, a suspended or deactivated account) has no feed: 404,
 * as a missing one. A reader polling with If-None-Match or If-Modified-Since gets 304 while nothing changed.
 */

/** A feed's pins: the board page's size (25). */
export const FEED_SIZE = BOARD_FEED_PAGE_SIZE;
/** How long a reader or a cache may keep a feed before asking again (it asks with its validators). */
export const FEED_MAX_AGE_S = 600;

type Format = 'rss' | 'atom';
const TYPES: Record<Format, string> = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' };

/** The feed document of a board or a profile and its newest pins. */
export function feedDocument(card: Card, pins: Card[], format: Format, brand: string, language: Locale, updated: Date): string {
  const urls = feedUrls(card)!;
  const text = previewText(card, brand, language);
  const feed = new Feed({
    id: card.url,
    link: card.url,
    title: `${card.title} | ${brand}`,
    description: text.description,
    language,
    updated,
    generator: brand,
    feedLinks: { rss: urls.rss, atom: urls.atom },
    author: { name: card.author.name, link: card.author.url },
    ...(card.image ? { image: card.image.url } : {}),
    copyright: card.author.name,
  });
  for (const pin of pins) {
    const { title, description } = previewText(pin, brand, language);
    const image = pin.image ?? pin.thumbnail;
    const picture = image
      ? `<p><a href="${escapeHtml(pin.url)}"><img src="${escapeHtml(image.url)}" width="${image.width}" height="${image.height}" alt="${escapeHtml(title)}"></a></p>`
      : '';
    feed.addItem({
      id: pin.url,
      guid: pin.url,
      link: pin.url,
      title,
      description,
      content: `${picture}<p>${escapeHtml(description)}</p>`,
      date: new Date(pin.createdAt ?? updated.getTime()),
      author: [{ name: pin.author.name, link: pin.author.url }],
      ...(image ? { image: { url: image.url, type: 'image/jpeg', length: 0 } } : {}),
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}

/** RFC 9110 13.1.2 and 13.1.3: If-None-Match decides when sent; otherwise If-Modified-Since. */
function isCurrent(c: Context, etag: string, lastModified: Date): boolean {
  const noneMatch = c.req.header('if-none-match');
  if (noneMatch !== undefined) return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export function feedRoutes(cards: CardsService, config: Pick<Config, 'brandName'>, turn: MiddlewareHandler) {
  const routes = new Hono();
  // Public, the same for everyone, no body: a read (an API turn, the statements of one board page).
  const read = declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0 });

  const answer = async (c: Context, format: Format, found: { card: Card; pins: Card[]; lastPinnedAt: number } | null, kind: 'board' | 'profile') => {
    if (!found) throw new ApiError(kind === 'board' ? 'board_not_found' : 'profile_not_found');
    const updated = new Date(found.lastPinnedAt);
    const body = feedDocument(found.card, found.pins, format, config.brandName, readerLocale(c), updated);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    c.header('Content-Type', TYPES[format]);
    c.header('Cache-Control', `public, max-age=${FEED_MAX_AGE_S}`);
    c.header('ETag', etag);
    c.header('Last-Modified', updated.toUTCString());
    c.header('Access-Control-Allow-Origin', '*');
    if (isCurrent(c, etag, updated)) return c.body(null, 304);
    return c.body(body);
  };

  const user = (c: Context) => c.req.param('username')!.toLowerCase();
  for (const format of ['rss', 'atom'] as const) {
    // A profile's feed first: `feed` is never read as a board's slug here.
    routes.get(`/:username{[A-Za-z0-9_]{1,32}}/feed.${format}`, read, turn, async (c) => answer(c, format, await cards.profile(user(c), FEED_SIZE), 'profile'));
    routes.get(`/:username{[A-Za-z0-9_]{1,32}}/:file{[A-Za-z0-9-]{1,100}\\.${format}}`, read, turn, async (c) => {
      const slug = c.req
        .param('file')!
        .slice(0, -format.length - 1)
        .toLowerCase();
      return answer(c, format, await cards.board(user(c), slug, FEED_SIZE), 'board');
    });
  }
  return routes;
}
