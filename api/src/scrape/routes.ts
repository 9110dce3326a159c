import { NO_LIMIT } from '../lib/declare.js';
import { z } from 'zod';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { httpUrl } from '../lib/validation.js';
import type { ScrapeService } from './service.js';

const findOptions = z.object({
  url: httpUrl,
  // saving.md section 7 sends "a scrape metric" along; it is accepted and not used.
  scrape_metric: z.unknown().optional(),
});

export function scrapeResources(scrape: ScrapeService): ResourceRegistry {
  return {
    // Open to visitors: the popup shows the image before anyone logs in (saving.md section 2.3).
    FindPinImagesResource: {
      get: action({ caller: 'visitor', limit: NO_LIMIT.read, options: findOptions, run: (options) => scrape.findPinImages(options.url) }),
    },
  };
}
