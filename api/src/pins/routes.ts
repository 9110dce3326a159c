import { domainToUnicode } from 'node:url';
import { JSON_BODY, NO_LIMIT, declare } from '../lib/declare.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../deps.js';
import { gateViewer, uploadAllowance } from '../media/routes.js';
import { IMAGE_UPLOAD_MAX_BYTES, tooLargeMessage } from '../media/rules.js';
import { ok } from '../lib/envelope.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import { httpUrl, id, parse } from '../lib/validation.js';
import { userText } from '../lib/text.js';
import { bookmarkOption } from '../lib/bookmark.js';
import type { AdvertisersService } from '../advertisers/service.js';
import type { Config } from '../config.js';
import { clientAddress } from '../lib/client-address.js';
import { SHARE_NOTE_MAX, type PinShareService } from './share.js';
import { BOARD_FEED_MAX, BOARD_FEED_PAGE_SIZE, PIN_METHODS, type PinsService } from './service.js';

import { createdPinAnswer, pinDetailAnswer, pinPageAnswer, removedPinAnswer, scheduledPinAnswer, scheduledPinsAnswer, cancelledScheduledPinAnswer } from './contract.js';
import type { ScheduledPinsService } from './scheduled.js';
import { ALT_TEXT_MAX, DESCRIPTION_MAX, PIN_TITLE_MAX } from './rules/limits.js';
import { gateOpen, SCENARIOS, type GateName } from './rules/gates.js';
import { CAROUSEL_EXTRA_MAX, duplicateSlots } from './rules/carousel.js';
import { ApiError } from '../lib/errors.js';
import { duplicateProducts, PRODUCT_PRICE_MAX, PRODUCT_TAG_MESSAGES, PRODUCT_TAGS_MAX, PRODUCT_TITLE_MAX, productUrlProblem } from './rules/product-tags.js';

export { ALT_TEXT_MAX, DESCRIPTION_MAX, PIN_TITLE_MAX };

/** A pin's colour, as the colour tile of an image-less pin shows it (saving.md section 2.1). */
export const PIN_COLOR = /^#[0-9a-f]{6}$/i;

/** An image sent in the save itself (saving.md section 7's image_base64): standard base64, data: prefix allowed. */
const DATA_PREFIX = /^data:image\/[\w.+-]+;base64,/;

/**
 * The bytes of standard base64, or null when it is not. Judged by what Node's decoder made of it rather than
 * by a regex over the whole text (32 ms of a held event loop for a 5 MB image, issue 32): the decoder skips
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

export const PIN_CREATE_MAX_BODY_BYTES = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + JSON_BODY;

/**
 * A business's product tags (pins/rules/product-tags.ts): each link through the pin link's own rule (httpUrl),
 * then https only, no credentials and no shape the link check calls misleading; a title; a price as text; no
 * product twice.
 */
const productTagsOption = z
  .array(
    z.object({
      url: httpUrl.superRefine((value, ctx) => {
        const problem = productUrlProblem(value, domainToUnicode);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      title: userText({ max: PRODUCT_TITLE_MAX }).pipe(z.string().min(1, 'Give the product a title.')),
      price: userText({ max: PRODUCT_PRICE_MAX }).nullish().transform((v) => v || null),
    }),
    'Must be a list of products.',
  )
  .max(PRODUCT_TAGS_MAX, PRODUCT_TAG_MESSAGES.tooMany)
  .superRefine((tags, ctx) => {
    for (const index of duplicateProducts(tags)) ctx.addIssue({ code: 'custom', path: [index, 'url'], message: PRODUCT_TAG_MESSAGES.duplicate });
  });

const pinCreateOptions = z
  .object({
    board_id: id,
    section: id.nullish().transform((v) => v ?? undefined),
    // saving.md 2.1: a pin may be only a link ("a colour tile with a link when only colour and link are given").
    image_url: httpUrl.nullish().transform((v) => v ?? undefined),
    // The pin builder (issue 20): an image from the device, sent with the save or uploaded before it.
    image_base64: imageBase64.nullish().transform((v) => v ?? undefined),
    media_upload_id: id.nullish().transform((v) => v ?? undefined),
    alt_text: userText({ max: ALT_TEXT_MAX, multiline: true }).default(''),
    link: httpUrl.nullish().transform((v) => v ?? undefined),
    description: userText({ max: DESCRIPTION_MAX, multiline: true }).default(''),
    title: userText({ max: PIN_TITLE_MAX }).default(''),
    method: z.enum(PIN_METHODS).default('create'),
    guid: z.string().max(64).optional(),
    color: z.string().regex(PIN_COLOR, 'Must be a hex colour like #d9a441.').nullish().transform((v) => v ?? undefined),
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

/** Too many slots, or one named twice, is refused with the carousel's own codes, before the gate or any upload is read. */
function carouselShape(ids: readonly string[] | undefined, ownUploadId: string | undefined) {
  if (!ids) return;
  if (ids.length > CAROUSEL_EXTRA_MAX) throw new ApiError('carousel_too_many');
  if (duplicateSlots(ids, ownUploadId).length) throw new ApiError('carousel_duplicate');
}

/** A scheduled pin: the save's own options, checked by the same schema, and when to publish it (epoch ms). */
const scheduledPinOptions = pinCreateOptions.and(z.object({ publish_at: z.number('Must be a time in epoch milliseconds.').int('Must be a time in epoch milliseconds.') }));

/** The pin builder's "Publish later" (a business account's scheduling gate). */
export function scheduledPinResources(deps: Deps, scheduled: ScheduledPinsService) {
  return {
    ScheduledPinResource: {
      create: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        body: JSON_BODY,
        options: scheduledPinOptions,
        answer: scheduledPinAnswer,
        errors: ['scheduling_closed', 'schedule_time_invalid', 'schedule_limit', 'schedule_needs_upload'],
        run: async (options, { c, viewer }) => {
          const allowance = uploadAllowance(c);
          const gates = async (name: GateName) => gateOpen(name, { viewer: await gateViewer(deps, viewer, allowance), scenario: options.scenario, groups: allowance.groups });
          return scheduled.schedule(viewer, options, allowance, gates);
        },
      }),
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object({}), answer: scheduledPinsAnswer, run: (_o, { viewer }) => scheduled.list(viewer) }),
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ id }), answer: cancelledScheduledPinAnswer, errors: ['scheduled_pin_not_found'], run: (o, { viewer }) => scheduled.cancel(viewer, o.id) }),
    },
  } satisfies ResourceRegistry;
}

const PAGE_SIZE_MESSAGE = `Must be a whole number from 1 to ${BOARD_FEED_MAX}.`;

export function pinResources(deps: Deps, pins: PinsService, advertisers: AdvertisersService) {
  return {
    PinResource: {
      create: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        // A save may carry its image as image_base64 (saving.md section 7): the image limit, in base64, and the rest.
        body: PIN_CREATE_MAX_BODY_BYTES,
        options: pinCreateOptions,
        // The advertiser context is checked first (the one rule of advertisers/service.ts): a viewer who
        // does not act for that advertiser is refused before anything is fetched or written.
        answer: createdPinAnswer,
        run: async (options, { c, viewer }) => {
          carouselShape(options.carousel_upload_ids, options.media_upload_id);
          const allowance = uploadAllowance(c);
          // A gated part of the save (product tags) asks its gate; who the viewer is is read only then.
          const gates = async (name: GateName) => gateOpen(name, { viewer: await gateViewer(deps, viewer, allowance), scenario: options.scenario, groups: allowance.groups });
          return pins.create(viewer, options, await advertisers.context(viewer, options.advertiser_id), allowance, gates);
        },
      }),
      get: legacyAction({ caller: 'visitor', limit: NO_LIMIT.read, options: z.object({ id }), answer: pinDetailAnswer, errors: ['not_found'], run: (options, { viewer }) => pins.get(viewer, options.id) }),
      // Issue 19: the pinner or the board's owner edits or deletes a pin.
      update: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({ id, title: userText({ max: PIN_TITLE_MAX }).optional(), description: userText({ max: DESCRIPTION_MAX, multiline: true }).optional() }),
        answer: pinDetailAnswer,
        run: (o, { viewer }) => pins.update(viewer, o),
      }),
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ id }), answer: removedPinAnswer, run: (o, { viewer }) => pins.remove(viewer, o.id) }),
    },
    RepinResource: {
      create: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({
          pin_id: id,
          board_id: id,
          section: id.nullish().transform((v) => v ?? undefined),
          description: userText({ max: DESCRIPTION_MAX, multiline: true }).optional(),
          advertiser_id: id.optional(),
        }),
        // As PinResource create: the advertiser context is checked before anything is read, fetched or written.
        answer: createdPinAnswer,
        run: async (options, { viewer }) => pins.repin(viewer, options, await advertisers.context(viewer, options.advertiser_id)),
      }),
    },
    UserPinsResource: {
      // The home page's latest pins: the viewer's own saves, newest first, a board page's size at a time.
      get: legacyAction({
        caller: 'user', limit: NO_LIMIT.read,
        options: z.object({
          page_size: z.number(PAGE_SIZE_MESSAGE).int(PAGE_SIZE_MESSAGE).min(1, PAGE_SIZE_MESSAGE).max(BOARD_FEED_MAX, PAGE_SIZE_MESSAGE).default(BOARD_FEED_PAGE_SIZE),
          bookmark: bookmarkOption,
        }),
        answer: pinPageAnswer,
        run: (options, { viewer }) => pins.latestPins(viewer, options),
      }),
    },
    BoardFeedResource: {
      // The pins of a board page, or of one of its sections; open to visitors as the board page is.
      get: legacyAction({
        caller: 'visitor', limit: NO_LIMIT.read,
        options: z.object({
          board_id: id,
          section_id: id.nullish().transform((v) => v ?? undefined),
          page_size: z.number(PAGE_SIZE_MESSAGE).int(PAGE_SIZE_MESSAGE).min(1, PAGE_SIZE_MESSAGE).max(BOARD_FEED_MAX, PAGE_SIZE_MESSAGE).default(BOARD_FEED_PAGE_SIZE),
          bookmark: bookmarkOption,
        }),
        answer: pinPageAnswer,
        run: (options, { viewer }) => pins.boardFeed(viewer, options),
      }),
    },
  } satisfies ResourceRegistry;
}

/** Send (issue 19, /pin/{id}/?share=true): a Pin mailed to a person. */
export function pinShareResources(share: PinShareService, config: Pick<Config, 'trustProxy'>) {
  return {
    PinShareResource: {
      create: legacyAction({
        caller: 'user', limit: ['shareAccount', 'shareAddress', 'shareRecipient'],
        options: z.object({ pin_id: id, email: z.string().max(254, 'Must be at most 254 characters.'), note: userText({ max: SHARE_NOTE_MAX, multiline: true }).default('') }),
        run: (o, { c, viewer }) => share.send(viewer, o, clientAddress(c, config.trustProxy)),
      }),
    },
  } satisfies ResourceRegistry;
}

/** The `/v3/pins/…` paths the specs name, served as written. */
export function pinRoutes(pins: PinsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:id/', declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0, policy: 'pin.view' }), async (c) => ok(c, await pins.get(c.get('viewer'), parse(id, c.req.param('id')))));
  return routes;
}

export const autocompleteQuery = z.object({
  q: z.string().max(100, 'Must be at most 100 characters.').default(''),
  show_pin_count: z.enum(['true', 'false', '1', '0']).default('true'),
});

/** GET /v3/search/autocomplete/ (saving.md section 7): hashtag suggestions for a description field. */
export function searchRoutes(pins: PinsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/autocomplete/', declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const query = parse(autocompleteQuery, c.req.query());
    return ok(c, await pins.hashtagSuggestions(query.q, query.show_pin_count === 'true' || query.show_pin_count === '1'));
  });
  return routes;
}
