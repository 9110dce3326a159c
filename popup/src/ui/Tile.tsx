import type { ComponentChildren } from 'preact';

/** The host a link's tile names under its title ("example.com"), or nothing for a link that is no URL. */
export function hostOf(link: string | null | undefined): string {
  if (!link) return '';
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * A pin or bookmark in a grid: its image, or without one a card showing its title, and under it the
 * title and host, so no tile is a bare picture or a grey box naming only a host.
 */
export function Tile({ href, image, alt = '', title, link, children }: { href: string; image?: string | null; alt?: string; title: string; link?: string | null; children?: ComponentChildren }) {
  const host = hostOf(link);
  return (
    <a class="tile" href={href}>
      {image ? <img src={image} alt={alt} loading="lazy" /> : <span class="tile-card" aria-hidden="true">{title || host}</span>}
      {title && <span class="tile-title">{title}</span>}
      {host && <span class="tile-host">{host}</span>}
      {children}
    </a>
  );
}
