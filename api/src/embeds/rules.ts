/**
 * What the world outside our pages is told of a pin, a board or a profile (link previews, oEmbed, the
 * iframe embeds, the feeds): the shapes and addresses, pure, shared by the server's pages and the tests.
 */

export interface CardImage {
  url: string;
  width: number;
  height: number;
}

export interface Card {
  kind: 'pin' | 'board' | 'profile';
  /** The object's id (a pin's, board's or account's). */
  id: string;
  /** The object's own page, absolute: the canonical URL. */
  url: string;
  /** The pin's title, the board's name, the person's name. */
  title: string;
  /** As its owner wrote it; may be empty. */
  description: string;
  /** Who made it: the pinner, the board's owner, the person. */
  author: { name: string; username: string; url: string };
  /** A pin's board (its name), for the words of a pin without a title. */
  board?: string;
  /** The biggest rendition a preview shows (736 wide at most) and the small one a thumbnail is. */
  image: CardImage | null;
  thumbnail: CardImage | null;
  /** A pin's saving time (ms), for the feeds. */
  createdAt?: number;
}

/** A path of ours that names a pin, a board (or its section) or a profile. */
export type CardKey = { kind: 'pin'; id: string } | { kind: 'board'; username: string; slug: string } | { kind: 'profile'; username: string };

/** The object a path of our pages names, or null: `/pin/{id}/`, `/{user}/{board}/` (and its sections), `/{user}/`. */
export function cardKeyOf(path: string): CardKey | null {
  const pin = /^\/pin\/(\d{1,20})\/?$/.exec(path);
  if (pin) return { kind: 'pin', id: pin[1]! };
  const parts = /^\/([A-Za-z0-9_]{1,32})(?:\/([A-Za-z0-9-]{1,100})(?:\/[A-Za-z0-9-]{1,100})?)?\/?$/.exec(path);
  if (!parts) return null;
  const username = parts[1]!.toLowerCase();
  return parts[2] ? { kind: 'board', username, slug: parts[2].toLowerCase() } : { kind: 'profile', username };
}

/** A board's or a profile's feeds, at Pinterest's addresses (`/{user}/{board}.rss`, `/{user}/feed.rss`) and Atom beside them. */
export function feedUrls(card: Pick<Card, 'kind' | 'url'>): { rss: string; atom: string } | null {
  if (card.kind === 'pin') return null;
  const base = card.kind === 'board' ? card.url.replace(/\/$/, '') : `${card.url}feed`;
  return { rss: `${base}.rss`, atom: `${base}.atom` };
}

/** Where a publisher's CMS asks how to embed an address of ours (oEmbed 1.0 discovery). */
export const OEMBED_PATH = '/oembed';
export const oembedUrl = (origin: string, url: string) => `${origin}${OEMBED_PATH}?url=${encodeURIComponent(url)}&format=json`;
