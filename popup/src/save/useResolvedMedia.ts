import { useEffect, useState } from 'react';
import type { PinnableItem } from '../../../api/src/scrape/contract';
import { getResource } from '../api';
import type { PopupQuery } from '../query';

/** The website-media grid shows at most this many of the page's images. */
export const GRID_MAX_ITEMS = 40;

export interface Resolved {
  /** The query, its media the first pinnable item the scrape found when none was given. */
  query: PopupQuery;
  /** What the scrape found, best first (empty when media was given or nothing was found). */
  found: PinnableItem[];
  /** The page asked not to be saved from (`<meta name="pinterest" content="nopin">`): its reason. */
  nopin?: string;
  /**
   * The bookmarklet's CSP fallback left the finding to the server, and it got no image: it could
   * not read the page ('unreadable') or read it and found none ('none'). The user is told and chooses.
   */
  noImage?: 'unreadable' | 'none';
}

/** The server's image finder on a page (FindPinImagesResource), as the popup asks it. */
export const findPinImages = (url: string, method: string) => getResource('FindPinImagesResource', { url, scrape_metric: { method } });

/**
 * "The image is resolved first. If no media url is supplied, a scrape looks for
 * the first item of type pinnable and uses it. Content renders only once ready." The bookmarklet's CSP
 * fallback and Save links without media open the popup this way. A failure is silent: the
 * popup goes on without an image, except after the bookmarklet's CSP fallback (noImage), where the user
 * clicked to save an image and is told there is none. A repin never scrapes: the pin is what it is. Answers null while the
 * scrape runs.
 */
export function useResolvedMedia(query: PopupQuery): Resolved | null {
  const needed = !query.media && !!query.url && query.action !== 'repin';
  const [page, setPage] = useState<Omit<Resolved, 'query'> | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    const told = (noImage: Resolved['noImage']) => (query.cspFallback ? { noImage } : {});
    findPinImages(query.url, query.method)
      .then((page): Omit<Resolved, 'query'> => {
        const found = page.items.filter((item) => item.type === 'pinnable').slice(0, GRID_MAX_ITEMS);
        return { found, nopin: page.nopin, ...(found.length ? {} : told('none')) };
      })
      .catch(() => ({ found: [], ...told('unreadable') }))
      .then((result) => live && setPage(result));
    return () => {
      live = false;
    };
  }, [query.url, needed]);
  if (!needed) return { query, found: [] };
  if (!page) return null;
  return { ...page, query: { ...query, media: page.found[0]?.url ?? '' } };
}
