import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { httpUrl } from '../lib/validation.js';

/**
 * What FindPinImagesResource answers, as the contract: a page's pinnable
 * images as the server reads them (html.ts) and the save popup shows them. Pure zod, the types inferred.
 */
export const pinnableItem = z.object({
  type: z.literal('pinnable'),
  url: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  description: z.string().optional(),
  /** The video this image is the cover of: a `<video>`'s poster, or the og:image of a page whose og:video is a video file. */
  video: z.string().optional(),
});
export type PinnableItem = z.infer<typeof pinnableItem>;

export const pageImages = z.object({
  title: z.string(),
  /** The page's own nopin reason, when it asks not to be saved from; items is then empty. */
  nopin: z.string().optional(),
  items: z.array(pinnableItem),
});
export type PageImages = z.infer<typeof pageImages>;

/** The page's images, and where the page was read from, after redirects. */
export const foundPage = pageImages.extend({ url: z.string() });
export type FoundPage = z.infer<typeof foundPage>;

export const findOptions = z.object({
  url: httpUrl,
  // The popup sends "a scrape metric" along; it is accepted and not used.
  scrape_metric: z.unknown().optional(),
});

export const scrapeContract = {
  FindPinImagesResource: {
    get: { options: findOptions, answer: foundPage },
  },
} satisfies ContractTable;
