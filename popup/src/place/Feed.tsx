import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromEnglish, t, tn } from '../i18n';
import type { AnswerOf, OptionsOf, ReadableResource } from '../../../api/src/resources.contract';
import { readResource, ResourceError } from '../api';
import { ColourTile } from '../save/Preview';
import { Tile } from '../ui/Tile';
import { tileImageAttributes, tileSrcset } from '../../../api/src/pins/rules/tiles';
import type { PinData } from '../types';

/** The feeds' end marker: no more pages after this one. */
export const FEED_END = '-end-';
/** The next page is fetched at most every 200 ms, within two viewport heights of the end. */
const SCROLL_THROTTLE_MS = 200;
const SCROLL_VIEWPORTS = 2;

/** A call's refusal in the reader's language: the server's message where the catalogue knows it, else as sent. */
export const failure = (e: unknown) => (e instanceof ResourceError ? fromEnglish(e.message) : t('server.generic'));
export const pinCount = (n: number) => tn('picker.pins', n);

/**
 * A listing read a page at a time with bookmarks (board feed, profile boards, home pins): the items so
 * far, and `more()` for the next page. Scrolling near the end loads it; a 'More' button does for
 * keyboards and for short pages.
 */
type Paged = { [N in ReadableResource]: AnswerOf<N, 'get'> extends { bookmark: string | null } ? N : never }[ReadableResource];

/** The next page's bookmark, read from the answer (every paged resource's answer carries one). */
const bookmarkOf = (page: unknown): string | null =>
  typeof page === 'object' && page !== null && 'bookmark' in page && typeof page.bookmark === 'string' ? page.bookmark : null;

export function usePaged<N extends Paged, T>(resource: N, options: OptionsOf<N, 'get'>, pick: (page: AnswerOf<N, 'get'>) => T[]) {
  const [items, setItems] = useState<T[]>([]);
  const [bookmark, setBookmark] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const key = JSON.stringify(options);

  const load = useCallback(
    (from: string | null) => {
      if (busy.current) return;
      busy.current = true;
      setLoading(true);
      setError(null);
      readResource(resource, from ? Object.assign({}, options, { bookmark: from }) : options)
        .then((page) => {
          setItems((before) => (from ? [...before, ...pick(page)] : pick(page)));
          setBookmark(bookmarkOf(page));
        })
        .catch((e: unknown) => setError(failure(e)))
        .finally(() => {
          busy.current = false;
          setLoading(false);
        });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, key],
  );
  useEffect(() => load(null), [load]);

  const hasMore = bookmark !== null && bookmark !== FEED_END;
  const more = useCallback(() => {
    if (hasMore && bookmark) load(bookmark);
  }, [hasMore, bookmark, load]);

  // Infinite scroll: checked at most every 200 ms while the page scrolls.
  useEffect(() => {
    if (!hasMore || error) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      last = Date.now();
      const left = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (left < SCROLL_VIEWPORTS * window.innerHeight) more();
    };
    const onScroll = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          check();
        },
        Math.max(0, SCROLL_THROTTLE_MS - (Date.now() - last)),
      );
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [hasMore, error, more]);

  return { items, setItems, loading, error, hasMore, more };
}

/**
 * A grid of pins (236 px columns), each a captioned tile linking to its page: the picture, then its title
 * and host. A pin without an image (an imported bookmark) shows a card of its title, not a grey box
 * naming only a host; one with neither title nor image keeps its colour tile.
 */
export function PinTiles({ pins }: { pins: PinData[] }) {
  return (
    <ul class="pin-grid">
      {pins.map((pin, index) => {
        const image = pin.images?.['236x'];
        const title = pin.title || pin.description || '';
        const label = title || t('pages.pin');
        let picture: ComponentChildren;
        if (image?.width && image.height && pin.images)
          // Width and height give the tile its box before a byte arrives, so nothing below it moves.
          picture = <img src={image.url} srcset={tileSrcset(pin.images)} alt={label} {...tileImageAttributes(index, pins.length, image)} />;
        // Saved, its image still being prepared: a box of its own until the copies are ready.
        else if (pin.image_url)
          picture = <span class="pin-pending" role="img" aria-label={label} style={pin.dominant_color ? { background: pin.dominant_color } : undefined} />;
        // A link with a title: the card shows the title (the caption below names it again for sighted readers only).
        else if (title)
          picture = (
            <span class="tile-card" aria-hidden="true">
              {title}
            </span>
          );
        // A pin that is only a link: its colour tile, as on its own page.
        else picture = <ColourTile link={pin.link} color={pin.dominant_color} />;
        return (
          <li key={pin.id}>
            <Tile
              href={`/pin/${pin.id}/`}
              title={title}
              link={image || pin.image_url || title ? pin.link : null}
              picture={picture}
              titleShown={!!(image || pin.image_url)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** Tiles of fixed heights while a feed's first page is on its way: the space is held, so nothing jumps when it comes. */
export function PinSkeleton({ label }: { label: string }) {
  return (
    // The status is a box around the list: a list may not be a status (ARIA), and its empty tiles say nothing.
    <div role="status" aria-label={label}>
      <ul class="pin-grid pin-skeleton" aria-hidden="true">
        {SKELETON_HEIGHTS.map((height, i) => (
          <li key={i} style={{ height: `${height}px` }} />
        ))}
      </ul>
    </div>
  );
}
const SKELETON_HEIGHTS = [320, 260, 354, 236, 300, 280, 340, 250, 310, 270];

/** The end of a listing: loading (a pin feed's first page as a skeleton), its error, or 'More …' while there is a next page. */
export function FeedFooter({
  loading,
  error,
  hasMore,
  more,
  label,
  empty,
  count,
  skeleton,
}: {
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  more: () => void;
  label: string;
  empty: string;
  count: number;
  skeleton?: boolean;
}) {
  return (
    <>
      {!loading && !error && count === 0 && <p class="empty">{empty}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {loading && count === 0 && skeleton ? (
        <PinSkeleton label={t('common.loading')} />
      ) : loading ? (
        <p class="loading" role="status">
          {t('common.loading')}
        </p>
      ) : (
        hasMore && (
          <p class="actions more">
            <button type="button" class="secondary" onClick={more}>
              {label}
            </button>
          </p>
        )
      )}
    </>
  );
}
