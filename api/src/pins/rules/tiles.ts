/**
 * How a pin's tile asks for its picture, written once for the two that draw tiles: the web app's grids
 * (popup/src/place/Feed.tsx) and the board page's first screen the server writes (pages/first-screen.ts).
 * Both must ask for the very same rendition, so the browser fetches each picture once and the app's tile
 * replaces the drawn one at the same size.
 */

/**
 * The grids are CSS columns, filled down each column in turn, so a first screen holds the first tiles of
 * every column, not the first tiles in order. Guessed for the widest grid (the pages' 1040 px: four 236 px
 * columns) and balanced columns: the first two of each are asked for at once (eager), each column's first
 * with fetchpriority=high; the rest load lazily as the page scrolls.
 */
const MOST_COLUMNS = 4;
const FIRST_ROWS = 2;

/**
 * The width a tile is shown at, for the browser's choice in srcset: the grid's 236 px columns, or one
 * column the page's width on a phone. A 2x phone then takes the 736 px rendition (and /media/ answers it
 * as AVIF to a browser that takes AVIF: images/routes.ts).
 */
export const TILE_SIZES = '(max-width: 519px) calc(100vw - 32px), 236px';

interface Rendition {
  url: string;
  width: number | null;
  height: number | null;
}

/** The tile renditions (236x, 474x, 736x) at their widths; the original is for the pin's page, not a tile. */
export function tileSrcset(images: Partial<Record<string, Rendition>>): string {
  return (['236x', '474x', '736x'] as const)
    .map((name) => images[name])
    .filter((r): r is Rendition => !!r?.width)
    .map((r) => `${r.url} ${r.width}w`)
    .join(', ');
}

/** A tile's row in its column, were the grid four balanced columns (index in the order the grid fills them). */
const rowOf = (index: number, count: number) => index % Math.max(1, Math.ceil(count / MOST_COLUMNS));

/**
 * Whether a tile's picture belongs to the page's first screen: the eager rows and the row under them, which
 * a tall column may bring into view. The server draws the others' pictures only for a reader without script
 * (pages/first-screen.ts): within the browser's lazy-load margin, all of them would be fetched and decoded
 * beside the few the page is first seen with.
 */
export const inFirstScreen = (index: number, count: number) => rowOf(index, count) <= FIRST_ROWS;

/** The attributes of a tile's <img> beside its src, srcset and alt: its box before a byte arrives, and how soon it is asked for. */
export function tileImageAttributes(index: number, count: number, image: Rendition) {
  const row = rowOf(index, count);
  return {
    width: image.width ?? undefined,
    height: image.height ?? undefined,
    sizes: TILE_SIZES,
    loading: row < FIRST_ROWS ? ('eager' as const) : ('lazy' as const),
    fetchpriority: row === 0 ? ('high' as const) : ('auto' as const),
    // A first-screen picture is painted in the frame it is decoded for (it is the page's LCP); the rest off the main thread.
    decoding: row < FIRST_ROWS ? ('auto' as const) : ('async' as const),
  };
}

/** The host a link's tile names under its title ("example.com"), or nothing for a link that is no URL. */
export function tileHost(link: string | null | undefined): string {
  if (!link) return '';
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
