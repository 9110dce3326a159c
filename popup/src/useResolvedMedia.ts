import { useEffect, useState } from 'react';
import type { FoundPage } from '../../api/src/scrape/service';
import { getResource } from './api';
import type { PopupQuery } from './query';

/**
 * saving.md section 4: "the image is resolved first. If no media url is supplied, a scrape looks for
 * the first item of type pinnable and uses it. Content renders only once ready." The bookmarklet's CSP
 * fallback opens the popup this way. A failure is silent (section 8): the popup goes on without an image.
 * Answers null while the scrape runs.
 */
export function useResolvedMedia(query: PopupQuery): PopupQuery | null {
  const needed = !query.media && !!query.url;
  const [media, setMedia] = useState<string | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    getResource<FoundPage>('FindPinImagesResource', { url: query.url, scrape_metric: { method: query.method } })
      .then((page) => page.items.find((item) => item.type === 'pinnable')?.url ?? '')
      .catch(() => '')
      .then((found) => live && setMedia(found));
    return () => {
      live = false;
    };
  }, [query.url, needed]);
  if (!needed) return query;
  return media === null ? null : { ...query, media };
}
