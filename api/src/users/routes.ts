import { NO_LIMIT, declare } from '../lib/declare.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { id } from '../lib/validation.js';
import type { PinsService } from '../pins/service.js';
import type { UsersService } from './service.js';
import { usernamePart } from '../boards/routes.js';
import { bookmarkOption } from '../lib/bookmark.js';

/** saving.md and advertiser.md section 9: followers per page 50. */
export const FOLLOWERS_PAGE_SIZE = 50;

/** GET /v3/users/settings (saving.md section 7): connected_to_instagram and listed_website_url. */
export function userRoutes(users: UsersService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/settings', declare({ caller: 'user', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new ApiError('unauthorized');
    return ok(c, await users.settings(viewer.id));
  });
  return routes;
}

export function userResources(users: UsersService, pins: PinsService): ResourceRegistry {
  return {
    // A profile's header (/{username}/): open to visitors.
    UserResource: {
      get: action({ caller: 'visitor', limit: NO_LIMIT.read, options: z.object({ username: usernamePart }).loose(), run: (o, { viewer }) => users.profile(viewer, o.username) }),
    },
    // Follows of users (issue 19): the creator card's Follow, buttonFollow's profile, a profile's button.
    UserFollowResource: {
      create: action({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ user_id: id }).loose(), run: (o, { viewer }) => users.follow(viewer.id, o.user_id) }),
      delete: action({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ user_id: id }).loose(), run: (o, { viewer }) => users.unfollow(viewer.id, o.user_id) }),
    },
    UserFollowersResource: {
      get: action({
        caller: 'visitor', limit: NO_LIMIT.read,
        options: z.object({ username: usernamePart, page_size: z.number().int().min(1).max(FOLLOWERS_PAGE_SIZE).default(FOLLOWERS_PAGE_SIZE), bookmark: bookmarkOption }).loose(),
        run: (o, { viewer }) => users.followers(viewer, o),
      }),
    },
    // The pin-create-success query of saving.md section 7: the creator card and the promote rule.
    PinCreateSuccessResource: {
      get: action({
        caller: 'user', limit: NO_LIMIT.read,
        options: z.object({ pin_id: id }),
        run: async (o, { viewer }) => users.saveSuccess(viewer.id, (await pins.get(viewer, o.pin_id)).link),
      }),
    },
  };
}
