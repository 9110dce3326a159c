import { z } from 'zod';
import type { PinsService } from './service.js';
import type { ContractTable } from '../lib/envelope.contract.js';
import { httpUrl, id } from '../lib/validation.js';
import { userText } from '../lib/text.js';
import { bookmarkOption } from '../lib/bookmark.js';
import { IMAGE_UPLOAD_MAX_BYTES, tooLargeMessage } from '../media/rules.js';
import { ALT_TEXT_MAX, DESCRIPTION_MAX, PIN_TITLE_MAX } from './rules/limits.js';
import { duplicateProducts, PRODUCT_PRICE_MAX, PRODUCT_TAG_MESSAGES, PRODUCT_TAGS_MAX, PRODUCT_TITLE_MAX, productUrlProblem } from './rules/product-tags.js';
import { SCENARIOS } from './rules/gates.js';
import { PIN_METHODS } from './rules/methods.js';

export { PIN_METHODS };

/**
 * A product link's host as a reader sees it (punycode decoded), on the server where node:url exists. The web
 * app imports this contract too, and a bundle must not pull node:url in: there the host stays as URL gives
 * it, and the server's own parse of the same options is the check that counts.
 */
const nodeUrl = (globalThis as { process?: { getBuiltinModule?: (name: 'node:url') => typeof import('node:url') } }).process?.getBuiltinModule?.('node:url');
const domainToUnicode = nodeUrl ? (host: string) => nodeUrl.domainToUnicode(host) : undefined;

/** The note a sender adds to a Pin sent by email (the Send). */
export const SHARE_NOTE_MAX = 500;

/** Board page size 25. A client may ask for 1 to BOARD_FEED_MAX. */
export const BOARD_FEED_PAGE_SIZE = 25;
export const BOARD_FEED_MAX = 50;

/** A pin's colour, as the colour tile of an image-less pin shows it. */
export const PIN_COLOR = /^#[0-9a-f]{6}$/i;

/** An image sent in the save itself (the image_base64): standard base64, data: prefix allowed. */
export const DATA_PREFIX = /^data:image\/[\w.+-]+;base64,/;

/**
 * The bytes of standard base64, or null when it is not. Judged by what Node's decoder made of it rather than
 * by a regex over the whole text (32 ms of a held event loop for a 5 MB image): the decoder skips
 * what is not base64 and reads `-` and `_` as base64url, so text it decoded to the full length, with neither
 * of those, was base64 throughout.
 */
export function decodeBase64(value: string): Buffer | null {
  const prefix = DATA_PREFIX.exec(value.slice(0, 128))?.[0];
  if (!prefix && value.startsWith('data:')) return null;
  const text = prefix ? value.slice(prefix.length) : value;
  if (text.includes('-') || text.includes('_')) return null;
  const bytes = Buffer.from(text, 'base64');
  const unpadded = text.length - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  return bytes.length === Math.floor((unpadded * 3) / 4) ? bytes : null;
}

export const imageBase64 = z
  .string()
  .max(Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 100, tooLargeMessage('image'))
  .transform((value, ctx) => {
    const bytes = decodeBase64(value);
    if (bytes?.length) return bytes;
    ctx.addIssue({ code: 'custom', message: 'Must be an image in base64.' });
    return z.NEVER;
  });

/**
 * A business's product tags (pins/rules/product-tags.ts): each link through the pin link's own rule (httpUrl),
 * then https only, no credentials and no shape the link check calls misleading; a title; a price as text; no
 * product twice.
 */
export const productTagsOption = z
  .array(
    z.object({
      url: httpUrl.superRefine((value, ctx) => {
        const problem = productUrlProblem(value, domainToUnicode);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      title: userText({ max: PRODUCT_TITLE_MAX }).pipe(z.string().min(1, 'Give the product a title.')),
      price: userText({ max: PRODUCT_PRICE_MAX })
        .nullish()
        .transform((v) => v || null),
    }),
    'Must be a list of products.',
  )
  .max(PRODUCT_TAGS_MAX, PRODUCT_TAG_MESSAGES.tooMany)
  .superRefine((tags, ctx) => {
    for (const index of duplicateProducts(tags)) ctx.addIssue({ code: 'custom', path: [index, 'url'], message: PRODUCT_TAG_MESSAGES.duplicate });
  });

export const pinCreateOptions = z
  .object({
    board_id: id,
    section: id.nullish().transform((v) => v ?? undefined),
    // A pin may be only a link ("a colour tile with a link when only colour and link are given").
    image_url: httpUrl.nullish().transform((v) => v ?? undefined),
    // The pin builder: an image from the device, sent with the save or uploaded before it.
    image_base64: imageBase64.nullish().transform((v) => v ?? undefined),
    media_upload_id: id.nullish().transform((v) => v ?? undefined),
    alt_text: userText({ max: ALT_TEXT_MAX, multiline: true }).default(''),
    link: httpUrl.nullish().transform((v) => v ?? undefined),
    description: userText({ max: DESCRIPTION_MAX, multiline: true }).default(''),
    title: userText({ max: PIN_TITLE_MAX }).default(''),
    method: z.enum(PIN_METHODS).default('create'),
    guid: z.string().max(64).optional(),
    color: z
      .string()
      .regex(PIN_COLOR, 'Must be a hex colour like #d9a441.')
      .nullish()
      .transform((v) => v ?? undefined),
    advertiser_id: id.optional(),
    product_tags: productTagsOption.optional(),
    // A business's carousel: the uploads after the pin's own image (pins/rules/carousel.ts).
    carousel_upload_ids: z.array(id, 'Must be a list of upload ids.').optional(),
    // The builder's scenario, as PinBuilderResource told it: the gates of what the save carries are read in it.
    scenario: z.enum(SCENARIOS).default('default'),
  })
  .refine((o) => o.image_url !== undefined || o.link !== undefined || o.image_base64 !== undefined || o.media_upload_id !== undefined, {
    path: ['image_url'],
    message: 'A Pin needs an image or a link.',
  })
  .refine((o) => [o.image_url, o.image_base64, o.media_upload_id].filter((v) => v !== undefined).length <= 1, {
    path: ['image_url'],
    message: 'Send one of image_url, image_base64 and media_upload_id.',
  });

/** A scheduled pin: the save's own options, checked by the same schema, and when to publish it (epoch ms). */
export const scheduledPinOptions = pinCreateOptions.and(
  z.object({ publish_at: z.number('Must be a time in epoch milliseconds.').int('Must be a time in epoch milliseconds.') }),
);

export const PAGE_SIZE_MESSAGE = `Must be a whole number from 1 to ${BOARD_FEED_MAX}.`;

/**
 * A pin as the API answers it (service.ts pinJson), as the contract: pure
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
 * The web app's types of these answers: inferred from the schemas below, or, where a schema is
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
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const pinsContract = {
  PinShareResource: {
    create: {
      options: z.object({
        pin_id: id,
        email: z.string().max(254, 'Must be at most 254 characters.'),
        note: userText({ max: SHARE_NOTE_MAX, multiline: true }).default(''),
      }),
      answer: z.object({ pin_id: z.string(), email: z.string(), url: z.string() }),
    },
  },
  ScheduledPinResource: {
    create: { options: scheduledPinOptions, answer: scheduledPinAnswer },
    get: { options: z.object({}), answer: scheduledPinsAnswer },
    delete: { options: z.object({ id }), answer: cancelledScheduledPinAnswer },
  },
  PinResource: {
    create: { options: pinCreateOptions, answer: createdPinAnswer },
    get: { options: z.object({ id }), answer: pinDetailAnswer },
    update: {
      options: z.object({
        id,
        title: userText({ max: PIN_TITLE_MAX }).optional(),
        description: userText({ max: DESCRIPTION_MAX, multiline: true }).optional(),
      }),
      answer: pinDetailAnswer,
    },
    delete: { options: z.object({ id }), answer: removedPinAnswer },
  },
  RepinResource: {
    create: {
      options: z.object({
        pin_id: id,
        board_id: id,
        section: id.nullish().transform((v) => v ?? undefined),
        description: userText({ max: DESCRIPTION_MAX, multiline: true }).optional(),
        advertiser_id: id.optional(),
      }),
      answer: createdPinAnswer,
    },
  },
  UserPinsResource: {
    get: {
      options: z.object({
        page_size: z
          .number(PAGE_SIZE_MESSAGE)
          .int(PAGE_SIZE_MESSAGE)
          .min(1, PAGE_SIZE_MESSAGE)
          .max(BOARD_FEED_MAX, PAGE_SIZE_MESSAGE)
          .default(BOARD_FEED_PAGE_SIZE),
        bookmark: bookmarkOption,
      }),
      answer: pinPageAnswer,
    },
  },
  BoardFeedResource: {
    get: {
      options: z.object({
        board_id: id,
        section_id: id.nullish().transform((v) => v ?? undefined),
        page_size: z
          .number(PAGE_SIZE_MESSAGE)
          .int(PAGE_SIZE_MESSAGE)
          .min(1, PAGE_SIZE_MESSAGE)
          .max(BOARD_FEED_MAX, PAGE_SIZE_MESSAGE)
          .default(BOARD_FEED_PAGE_SIZE),
        bookmark: bookmarkOption,
      }),
      answer: pinPageAnswer,
    },
  },
  // The pin builder's page (served by media/routes.ts, whose uploads it offers): the viewer's gates and groups.
  PinBuilderResource: {
    get: {
      options: z.object({ scenario: z.enum(SCENARIOS).optional(), adCreate: z.union([z.boolean(), z.string().max(10)]).optional() }),
      answer: z.object({
        viewer: z.object({
          isAuth: z.boolean(),
          isPartner: z.boolean(),
          video_upload_allowed: z.boolean(),
          locale: z.string().optional(),
          actingAs: z.boolean().optional(),
        }),
        scenario: z.enum(['ad_creation', 'business_nux', 'default', 'offsite_pin_creation', 'story_pin', 'story_pin_v2']),
        groups: z.array(z.enum(['disable_all', 'disable_idea_pins', 'disable_video', 'disable_web_pins', 'employees', 'enabled', 'rollout'])),
        gates: z.object({
          alt_text: z.boolean(),
          video: z.boolean(),
          education: z.boolean(),
          carousel: z.boolean(),
          editing: z.boolean(),
          layouts: z.boolean(),
          link_status_validation: z.boolean(),
          multi_pin: z.boolean(),
          scheduling: z.boolean(),
          shop_the_pin: z.boolean(),
          system_fonts: z.boolean(),
          tagging: z.boolean(),
          video_editing: z.boolean(),
          pin_quality: z.boolean(),
          multi_pin_normal_pinners: z.boolean(),
          disabled_creation_switches: z.boolean(),
          idea_pin_product_tagging: z.boolean(),
          story_comment_permissions: z.boolean(),
          video_tagging: z.boolean(),
        }),
        /** The account closed the tips panel (gates.education): on every device, until it opens it again. */
        education_dismissed: z.boolean(),
      }),
    },
    update: { options: z.object({ education_dismissed: z.boolean() }).strict(), answer: z.object({ education_dismissed: z.boolean() }) },
  },
} satisfies ContractTable;
