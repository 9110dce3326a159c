import type { ComponentChildren } from 'preact';
import { tileHost } from '../../../api/src/pins/rules/tiles';

/** The host a link's tile names under its title (pins/rules/tiles.ts, which the server's drawn tiles use too). */
export const hostOf = tileHost;

/**
 * A pin or bookmark in a grid: its image, or without one a card showing its title, and under it the
 * title and host, so no tile is a bare picture or a grey box naming only a host.
 */
export function Tile({
  href,
  image,
  alt = '',
  title,
  link,
  picture,
  titleShown = false,
  children,
}: {
  href: string;
  image?: string | null;
  alt?: string;
  title: string;
  link?: string | null;
  /** The tile's own picture (a srcset image, a pending box, a colour tile), drawn instead of `image`. */
  picture?: ComponentChildren;
  /** The picture already carries the title as its name: the caption is for the eye only, not read twice. */
  titleShown?: boolean;
  children?: ComponentChildren;
}) {
  const host = hostOf(link);
  return (
    <a class="tile" href={href}>
      {picture ??
        (image ? (
          <img src={image} alt={alt} loading="lazy" />
        ) : (
          <span class="tile-card" aria-hidden="true">
            {title || host}
          </span>
        ))}
      {title && (
        <span class="tile-title" aria-hidden={titleShown ? 'true' : undefined}>
          {title}
        </span>
      )}
      {host && <span class="tile-host">{host}</span>}
      {children}
    </a>
  );
}
