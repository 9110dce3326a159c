import type { Deps } from '../deps.js';
import { boardUrl } from '../boards/service.js';
import { ApiError } from '../lib/errors.js';
import { policyStore } from '../policy/store.js';
import { profileRule } from '../policy/rules.js';
import { imageJson } from '../images/service.js';
import { pinsStore, type PinDetailRow } from '../pins/store.js';
import { embedsStore } from './store.js';
import type { Card, CardImage, CardKey } from './rules.js';

/**
 * What the world outside our pages sees of a pin, a board or a profile: link previews (the pages'
 * heads), oEmbed, the iframe embeds and the feeds. Exactly what a logged-out stranger may see, asked of
 * the one policy (policy/rules.ts with no actor): a secret, protected or archived board and its pins, and
 * anything of a suspended or deactivated account, is null, as a missing one is. One or two indexed
 * statements each: the object by its key, then (board, profile) its newest pin's image.
 */

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

export function cardsService({ db, config }: Deps) {
  const origin = config.publicOrigin;
  const policy = policyStore(db);
  const pins = pinsStore(db);
  const store = embedsStore(db);

  /** A pin's renditions: the biggest up to 736 wide (a preview) and the 236 one (a thumbnail). */
  const imagesOf = (row: PinDetailRow): Pick<Card, 'image' | 'thumbnail'> => {
    if (!row.image_id || !row.image_url || !row.image_width || !row.image_height) return { image: null, thumbnail: null };
    const all = imageJson(origin, {
      id: row.image_id,
      source_url: row.image_url,
      width: row.image_width,
      height: row.image_height,
      dominant_color: row.dominant_color,
    }).images;
    const sized = (r: (typeof all)['236x']): CardImage | null => (r.width && r.height ? { url: r.url, width: r.width, height: r.height } : null);
    return { image: sized(all['736x']), thumbnail: sized(all['236x']) };
  };

  /** A hidden object answers as a missing one: null. */
  const shown = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  };

  const pinCard = (row: PinDetailRow): Card => ({
    kind: 'pin',
    id: row.id,
    url: `${origin}/pin/${row.id}/`,
    title: row.title,
    description: row.description,
    author: {
      name: fullName(row.pinner_first_name, row.pinner_last_name) || row.pinner_username,
      username: row.pinner_username,
      url: `${origin}/${row.pinner_username}/`,
    },
    board: row.board_name,
    ...imagesOf(row),
    createdAt: row.created_at,
  });

  const cards = {
    async pin(id: string): Promise<Card | null> {
      const row = await policy.mayPin(null, id, 'view');
      return row && pinCard(row);
    },

    async board(username: string, slug: string, withPins = 1) {
      const row = await shown(() => policy.boardPage(null, { username, slug }));
      if (!row) return null;
      // The newest pins, through the board's (board_id, created_at) index: a page, never the board.
      const newest = await pins.listBoardPins(row.id, null, null, withPins);
      const cover = newest.find((p) => p.image_id);
      const card: Card = {
        kind: 'board',
        id: row.id,
        url: origin + boardUrl(row.owner_username, row.slug),
        title: row.name,
        description: row.description ?? '',
        author: {
          name: fullName(row.owner_first_name, row.owner_last_name) || row.owner_username,
          username: row.owner_username,
          url: `${origin}/${row.owner_username}/`,
        },
        ...(cover ? imagesOf(cover) : { image: null, thumbnail: null }),
      };
      return { card, pins: newest.map(pinCard), lastPinnedAt: newest[0]?.created_at ?? row.created_at };
    },

    async profile(username: string, withPins = 1) {
      const user = await store.profileByUsername(username);
      if (!user || !profileRule('view', { relation: 'visitor', state: user.state }).allow) return null;
      // The newest pins on boards anyone may see, through the pinner's (pinner_id, created_at) index.
      const newest = await pins.listPublicPinnerPins(user.id, withPins);
      const cover = newest.find((p) => p.image_id);
      const card: Card = {
        kind: 'profile',
        id: user.id,
        url: `${origin}/${user.username}/`,
        title: fullName(user.first_name, user.last_name) || user.username,
        description: user.about ?? '',
        author: { name: fullName(user.first_name, user.last_name) || user.username, username: user.username, url: `${origin}/${user.username}/` },
        ...(cover ? imagesOf(cover) : { image: null, thumbnail: null }),
      };
      return { card, pins: newest.map(pinCard), lastPinnedAt: newest[0]?.created_at ?? user.created_at };
    },

    /** The card of an object a path names, or null (hidden, missing, or not such a path). */
    async of(key: CardKey | null): Promise<Card | null> {
      if (!key) return null;
      if (key.kind === 'pin') return cards.pin(key.id);
      if (key.kind === 'board') return (await cards.board(key.username, key.slug))?.card ?? null;
      return (await cards.profile(key.username))?.card ?? null;
    },
  };
  return cards;
}

export type CardsService = ReturnType<typeof cardsService>;
