import { z } from 'zod';
import type { PinsService } from './service.js';
import type { ActionAnswers } from '../lib/envelope.contract.js';

/**
 * A pin as the API answers it (saving.md section 7; service.ts pinJson), as the contract (issue 26): pure
 * zod, the types inferred. PinResource get and create answer with it; /openapi.json publishes it.
 */
const boardRef = z.object({ id: z.string(), name: z.string(), url: z.string(), privacy: z.string() });
const image = z.object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable() }).loose();

export const pinAnswer = z.object({
  id: z.string(),
  type: z.literal('pin'),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  method: z.string(),
  created_at: z.iso.datetime(),
  dominant_color: z.string().nullable(),
  image_url: z.string().nullable(),
  alt_text: z.string(),
  video: z.object({ url: z.string(), format: z.string() }).nullable(),
  images: z.record(z.string(), image).nullable(),
  board: boardRef,
  pinned_to_board: boardRef,
  section: z.object({ id: z.string(), title: z.string().nullable(), slug: z.string().nullable() }).nullable(),
  pinner: z.object({ id: z.string(), username: z.string(), full_name: z.string() }),
  /**
   * Only on a pin an operator hid or removed, which only its pinner and its board's owner still see: the
   * decision, the reason they are told, and whether the one appeal is used.
   */
  moderation: z.object({ state: z.enum(['hidden', 'removed']), reason: z.string(), appealed: z.boolean() }).optional(),
});
export type PinAnswer = z.infer<typeof pinAnswer>;

/** A product a business tagged on its pin (the builder's shop-the-pin): its https link, its name, its price as written. */
export const productTagAnswer = z.object({ url: z.string(), title: z.string(), price: z.string().nullable() });
/** One pin as its page reads it (PinResource get and update): the pin, and its product tags in their order (none: []). */
export const pinDetailAnswer = pinAnswer.extend({
  product_tags: z.array(productTagAnswer),
  /** A business's carousel: the images after the pin's own, each as its renditions (none: []). */
  carousel: z.array(z.record(z.string(), image)),
});

/** A saved pin (PinResource create, RepinResource create): what the save popup's success needs of it. */
export const createdPinAnswer = z.object({
  id: z.string(),
  board: z.object({ id: z.string(), name: z.string(), privacy: z.enum(['protected', 'public', 'secret']) }),
  section: z.object({ id: z.string(), title: z.string() }).nullable(),
  pinner: z.object({ id: z.string() }),
});

/** A page of pins (BoardFeedResource, UserPinsResource): newest first, and the bookmark of the next page or the end marker. */
export const pinPageAnswer = z.object({ pins: z.array(pinAnswer), bookmark: z.string() });

/** A pin kept to be published later (ScheduledPinResource create): its id, its time (epoch ms), its state. */
export const scheduledPinAnswer = z.object({ id: z.string(), publish_at: z.number(), state: z.literal('scheduled') });
/** The owner's scheduled pins (ScheduledPinResource get), soonest first; `failure` is a refusal's name. */
export const scheduledPinsAnswer = z.object({
  scheduled_pins: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      link: z.string().nullable(),
      board: z.object({ id: z.string(), name: z.string() }).nullable(),
      thumbnail_url: z.string().nullable(),
      publish_at: z.number(),
      state: z.string(),
      failure: z.string().nullable(),
      pin_id: z.string().nullable(),
    }),
  ),
});
/** A cancelled scheduled pin (ScheduledPinResource delete). */
export const cancelledScheduledPinAnswer = z.object({ id: z.string() });
export type ScheduledPinsAnswer = z.infer<typeof scheduledPinsAnswer>;
export type ScheduledPinData = ScheduledPinsAnswer['scheduled_pins'][number];

/** A deleted pin (PinResource delete). */
export const removedPinAnswer = z.object({ id: z.string(), board_id: z.string() });

/**
 * The web app's types of these answers (issue 26): inferred from the schemas below, or, where a schema is
 * looser than the service (a pin's `images` is a record there) or the answer is a route's, not an action's,
 * the service's return type: a type-only import, so the contract stays pure at run time.
 */
export type CreatedPin = z.infer<typeof createdPinAnswer>;
type PinDetail = Awaited<ReturnType<PinsService['get']>>;
/** A pin in a feed or on its page: only its page's read (get, update) carries the product tags and the carousel. */
export type PinData = Omit<PinDetail, 'product_tags' | 'carousel'> & Partial<Pick<PinDetail, 'product_tags' | 'carousel'>>;
export type ProductTagData = z.infer<typeof productTagAnswer>;
export type BoardFeedAnswer = Awaited<ReturnType<PinsService['boardFeed']>>;
export type UserPinsAnswer = Awaited<ReturnType<PinsService['latestPins']>>;

/**
 * The answers of this capability's resource actions, by resource and action (issue 26): /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const pinsAnswers = {
  PinShareResource: {
    create: z.object({ pin_id: z.string(), email: z.string(), url: z.string() }),
  },
} satisfies ActionAnswers;
