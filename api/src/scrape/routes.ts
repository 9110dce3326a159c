import type { Deps } from '../deps.js';
import { clientAddress } from '../lib/client-address.js';
import { limitsFor } from '../lib/limits.js';
import { takeOutbound } from '../lib/outbound-limits.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import type { ScrapeService } from './service.js';
import { scrapeContract } from './contract.js';

export function scrapeResources(scrape: ScrapeService, deps: Pick<Deps, 'db' | 'redis' | 'config'>) {
  const limits = limitsFor(deps);
  return {
    // Open to visitors: the popup shows the image before anyone logs in. Each call
    // makes this server read a page the caller names: limited per client and per site (lib/outbound-limits.ts).
    FindPinImagesResource: {
      get: action({
        ...scrapeContract.FindPinImagesResource.get,
        caller: 'visitor',
        limit: ['findImagesAddress', 'outboundSite'],
        run: async (options, { c }) => {
          await takeOutbound(limits, 'findImagesAddress', clientAddress(c, deps.config.trustProxy), options.url);
          return scrape.findPinImages(options.url);
        },
      }),
    },
  } satisfies ResourceRegistry;
}
