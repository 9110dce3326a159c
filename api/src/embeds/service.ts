import type { Deps } from '../deps.js';
import { boardUrl } from '../boards/service.js';
import { ApiError } from '../lib/errors.js';
import { policyStore } from '../policy/store.js';
import { imageJson } from '../images/service.js';
import { BOARD_FEED_PAGE_SIZE } from '../pins/service.js';
import { pinsStore, type PinDetailRow } from '../pins/store.js';
import { usersStore } from '../users/store.js';

/**
 * What the embedded widgets show (docs/decisions.md, "Embeds"): public data only, the same
 * for everyone, so no viewer is ever asked for. A board, pin or profile is shown exactly when a visitor
 * may see it (policy/rules.ts, asked with no actor: public, not archived, its owner's and pinner's
 * accounts shown). Anything else, and anything missing, is null: the widget leaves the publisher's
 * link as it was.
 */

/** Board page size 25, the latest pins a board or profile widget shows. */
export const EMBED_FEED_SIZE = BOARD_FEED_PAGE_SIZE;

/** The two renditions a widget's srcset offers (the 236x and 474x). */
type Rendition = { url: string; width: number | null; height: number | null };
export interface EmbedPin {
  id: string;
  url: string;
  title: string;
  description: string;
  link: string | null;
  color: string | null;
  images: { '236x': Rendition; '474x': Rendition } | null;
  pinner: { username: string; full_name: string; url: string };
  board: { name: string; url: string };
}

/** A widget's key as the page wrote it, and what it names when it is well formed (null: answered as missing). */
export interface Keyed<T> {
  key: string;
  name: T | null;
}

export interface BatchInput {
  pins: string[];
  boards: Array<Keyed<{ username: string; slug: string }>>;
  users: Array<Keyed<string>>;
  counts: string[];
}

export function embedsService({ db, config }: Deps) {
  const pins = pinsStore(db);
  const policy = policyStore(db);
  const users = usersStore(db);
  const origin = config.publicOrigin;

  const pinOf = (row: PinDetailRow): EmbedPin => {
    const all =
      row.image_id && row.image_url
        ? imageJson(origin, {
            id: row.image_id,
            source_url: row.image_url,
            width: row.image_width,
            height: row.image_height,
            dominant_color: row.dominant_color,
          }).images
        : null;
    return {
      id: row.id,
      url: `${origin}/pin/${row.id}/`,
      title: row.title,
      description: row.description,
      link: row.link,
      color: row.dominant_color ?? row.color,
      images: all && { '236x': all['236x'], '474x': all['474x'] },
      pinner: { username: row.pinner_username, full_name: `${row.pinner_first_name} ${row.pinner_last_name}`.trim(), url: `${origin}/${row.pinner_username}/` },
      board: { name: row.board_name, url: origin + boardUrl(row.owner_username, row.board_slug) },
    };
  };

  const pin = async (id: string) => {
    const row = await policy.mayPin(null, id, 'view');
    return row ? pinOf(row) : null;
  };

  /** What a visitor may see, or null: a hidden board answers as a missing one. */
  const visible = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  };

  const board = async (key: { username: string; slug: string }) => {
    const found = await visible(() => policy.boardPage(null, key));
    if (!found) return null;
    const rows = await pins.listBoardPins(found.id, null, null, EMBED_FEED_SIZE);
    return {
      id: found.id,
      name: found.name,
      url: origin + boardUrl(found.owner_username, found.slug),
      pin_count: found.pin_count,
      owner: {
        username: found.owner_username,
        full_name: `${found.owner_first_name} ${found.owner_last_name}`.trim(),
        image_medium_url: found.owner_image_medium_url,
        url: `${origin}/${found.owner_username}/`,
      },
      pins: rows.map(pinOf),
    };
  };

  const user = async (username: string) => {
    const found = await users.profile(username);
    if (!found) return null;
    const rows = await pins.listPublicPinnerPins(found.id, EMBED_FEED_SIZE);
    return {
      id: found.id,
      username: found.username,
      full_name: `${found.first_name} ${found.last_name}`.trim(),
      image_medium_url: found.image_medium_url,
      url: `${origin}/${found.username}/`,
      follower_count: found.follower_count,
      pins: rows.map(pinOf),
    };
  };

  return {
    /**
     * EmbedsResource get: every widget of a page and its count bubbles in one answer, keyed as asked
     * (a pin by id, a board by `username/slug`, a profile by username, a count by URL).
     */
    async batch(input: BatchInput) {
      const [pinsFound, boardsFound, usersFound, counts] = await Promise.all([
        Promise.all(input.pins.map(pin)),
        Promise.all(input.boards.map((b) => b.name && board(b.name))),
        Promise.all(input.users.map((u) => u.name && user(u.name))),
        Promise.all(input.counts.map((url) => pins.countPublicByLink(url))),
      ]);
      return {
        pins: Object.fromEntries(input.pins.map((id, i) => [id, pinsFound[i] ?? null])),
        boards: Object.fromEntries(input.boards.map((b, i) => [b.key, boardsFound[i] ?? null])),
        users: Object.fromEntries(input.users.map((u, i) => [u.key, usersFound[i] ?? null])),
        counts: Object.fromEntries(input.counts.map((url, i) => [url, counts[i] ?? 0])),
      };
    },
  };
}

export type EmbedsService = ReturnType<typeof embedsService>;
