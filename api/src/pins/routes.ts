import { JSON_BODY, NO_LIMIT, declare } from '../lib/declare.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../deps.js';
import { gateViewer, uploadAllowance } from '../media/routes.js';
import { IMAGE_UPLOAD_MAX_BYTES } from '../media/rules.js';
import { ok } from '../lib/envelope.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { id, parse } from '../lib/validation.js';
import type { AdvertisersService } from '../advertisers/service.js';
import type { Config } from '../config.js';
import { clientAddress } from '../lib/client-address.js';
import type { PinShareService } from './share.js';
import type { PinsService } from './service.js';

import { pinsContract } from './contract.js';
import type { ScheduledPinsService } from './scheduled.js';
import { ALT_TEXT_MAX, DESCRIPTION_MAX, PIN_TITLE_MAX } from './rules/limits.js';
import { gateOpen, type GateName } from './rules/gates.js';
import { CAROUSEL_EXTRA_MAX, duplicateSlots } from './rules/carousel.js';
import { ApiError } from '../lib/errors.js';

export { ALT_TEXT_MAX, DESCRIPTION_MAX, PIN_TITLE_MAX };

export const PIN_CREATE_MAX_BODY_BYTES = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + JSON_BODY;

/** Too many slots, or one named twice, is refused with the carousel's own codes, before the gate or any upload is read. */
function carouselShape(ids: readonly string[] | undefined, ownUploadId: string | undefined) {
  if (!ids) return;
  if (ids.length > CAROUSEL_EXTRA_MAX) throw new ApiError('carousel_too_many');
  if (duplicateSlots(ids, ownUploadId).length) throw new ApiError('carousel_duplicate');
}

/** The pin builder's "Publish later" (a business account's scheduling gate). */
export function scheduledPinResources(deps: Deps, scheduled: ScheduledPinsService) {
  return {
    ScheduledPinResource: {
      create: action({
        ...pinsContract.ScheduledPinResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        body: JSON_BODY,
        errors: ['scheduling_closed', 'schedule_time_invalid', 'schedule_limit', 'schedule_needs_upload'],
        run: async (options, { c, viewer }) => {
          const allowance = uploadAllowance(c);
          const gates = async (name: GateName) =>
            gateOpen(name, { viewer: await gateViewer(deps, viewer, allowance), scenario: options.scenario, groups: allowance.groups });
          return scheduled.schedule(viewer, options, allowance, gates);
        },
      }),
      get: action({ ...pinsContract.ScheduledPinResource.get, caller: 'user', limit: NO_LIMIT.read, run: (_o, { viewer }) => scheduled.list(viewer) }),
      delete: action({
        ...pinsContract.ScheduledPinResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        errors: ['scheduled_pin_not_found'],
        run: (o, { viewer }) => scheduled.cancel(viewer, o.id),
      }),
    },
  } satisfies ResourceRegistry;
}

export function pinResources(deps: Deps, pins: PinsService, advertisers: AdvertisersService) {
  return {
    PinResource: {
      create: action({
        ...pinsContract.PinResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        // A save may carry its image as image_base64: the image limit, in base64, and the rest.
        body: PIN_CREATE_MAX_BODY_BYTES,
        // The advertiser context is checked first (the one rule of advertisers/service.ts): a viewer who
        // does not act for that advertiser is refused before anything is fetched or written.
        run: async (options, { c, viewer }) => {
          carouselShape(options.carousel_upload_ids, options.media_upload_id);
          const allowance = uploadAllowance(c);
          // A gated part of the save (product tags) asks its gate; who the viewer is is read only then.
          const gates = async (name: GateName) =>
            gateOpen(name, { viewer: await gateViewer(deps, viewer, allowance), scenario: options.scenario, groups: allowance.groups });
          return pins.create(viewer, options, await advertisers.context(viewer, options.advertiser_id), allowance, gates);
        },
      }),
      get: action({
        ...pinsContract.PinResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        errors: ['not_found'],
        run: (options, { viewer }) => pins.get(viewer, options.id),
      }),
      // The pinner or the board's owner edits or deletes a pin.
      update: action({
        ...pinsContract.PinResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => pins.update(viewer, o),
      }),
      delete: action({ ...pinsContract.PinResource.delete, caller: 'user', limit: NO_LIMIT.write, run: (o, { viewer }) => pins.remove(viewer, o.id) }),
    },
    RepinResource: {
      create: action({
        ...pinsContract.RepinResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        // As PinResource create: the advertiser context is checked before anything is read, fetched or written.
        run: async (options, { viewer }) => pins.repin(viewer, options, await advertisers.context(viewer, options.advertiser_id)),
      }),
    },
    UserPinsResource: {
      // The home page's latest pins: the viewer's own saves, newest first, a board page's size at a time.
      get: action({
        ...pinsContract.UserPinsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (options, { viewer }) => pins.latestPins(viewer, options),
      }),
    },
    BoardFeedResource: {
      // The pins of a board page, or of one of its sections; open to visitors as the board page is.
      get: action({
        ...pinsContract.BoardFeedResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: (options, { viewer }) => pins.boardFeed(viewer, options),
      }),
    },
  } satisfies ResourceRegistry;
}

/** Send (/pin/{id}/?share=true): a Pin mailed to a person. */
export function pinShareResources(share: PinShareService, config: Pick<Config, 'trustProxy'>) {
  return {
    PinShareResource: {
      create: action({
        ...pinsContract.PinShareResource.create,
        caller: 'user',
        limit: ['shareAccount', 'shareAddress', 'shareRecipient'],
        run: (o, { c, viewer }) => share.send(viewer, o, clientAddress(c, config.trustProxy)),
      }),
    },
  } satisfies ResourceRegistry;
}

/** The `/v3/pins/…` paths the specs name, served as written. */
export function pinRoutes(pins: PinsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:id/', declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0, policy: 'pin.view' }), async (c) =>
    ok(c, await pins.get(c.get('viewer'), parse(id, c.req.param('id')))),
  );
  return routes;
}

export const autocompleteQuery = z.object({
  q: z.string().max(100, 'Must be at most 100 characters.').default(''),
  show_pin_count: z.enum(['true', 'false', '1', '0']).default('true'),
});

/** GET /v3/search/autocomplete/: hashtag suggestions for a description field. */
export function searchRoutes(pins: PinsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/autocomplete/', declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const query = parse(autocompleteQuery, c.req.query());
    return ok(c, await pins.hashtagSuggestions(query.q, query.show_pin_count === 'true' || query.show_pin_count === '1'));
  });
  return routes;
}
