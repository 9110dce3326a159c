import { NO_LIMIT, declare } from '../lib/declare.js';
import { Hono, type Context, type Next } from 'hono';
import type { AppEnv } from '../deps.js';
import type { Config } from '../config.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { usersContract } from './contract.js';
import type { PinsService } from '../pins/service.js';
import type { UsersService } from './service.js';
import { safeNext } from '../lib/rules/next.js';
import { PIN_CREATE_MAX_BODY_BYTES } from '../pins/routes.js';
import type { ProfileSettingsService } from './profile-settings.js';
import type { DomainClaimService } from './domain-claim.js';
import { clientAddress } from '../lib/client-address.js';
import type { Limits } from '../lib/limits.js';
import { takeOutbound } from '../lib/outbound-limits.js';
import { RESERVED_USERNAMES } from './rules.js';

/** GET /v3/users/settings: connected_to_instagram and listed_website_url. */
export function userRoutes(users: UsersService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/settings', declare({ caller: 'user', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new ApiError('unauthorized');
    return ok(c, await users.settings(viewer.id));
  });
  return routes;
}

/**
 * A renamed account's old addresses: /{old}/ and its boards' /{old}/{slug}/… answer with a
 * redirect to the same page under the new name. Temporary (302): the old name is free for someone else.
 */
export function renamedProfileRoutes(profiles: ProfileSettingsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const page = declare({ caller: 'visitor', limit: NO_LIMIT.page, body: 0 });
  const follow = async (c: Context, next: Next) => {
    const old = c.req.param('username');
    // Our own pages' first segments (/login, /pin/…) are never a username: no database read for them.
    const to = old && !RESERVED_USERNAMES.has(old) ? await profiles.renamedTo(old) : null;
    if (!to) return next();
    const url = new URL(c.req.url);
    const rest = url.pathname.slice(1 + old!.length);
    return c.redirect(safeNext(`/${to}${rest || '/'}${url.search}`), 302);
  };
  routes.get('/:username{[a-z0-9_]{3,30}}', page, follow);
  routes.get('/:username{[a-z0-9_]{3,30}}/', page, follow);
  routes.get('/:username{[a-z0-9_]{3,30}}/:slug{[A-Za-z0-9-]{1,100}}/', page, follow);
  routes.get('/:username{[a-z0-9_]{3,30}}/:slug{[A-Za-z0-9-]{1,100}}/:section{[A-Za-z0-9-]{1,100}}/', page, follow);
  return routes;
}

export function userResources(
  users: UsersService,
  pins: PinsService,
  profiles: ProfileSettingsService,
  claims: DomainClaimService,
  outbound: { limits: Limits; trustProxy: Config['trustProxy'] },
) {
  return {
    // A person's official domain: a tag for their profile's website (create), the site read for it (update),
    // let go (delete). Reading the site makes this server fetch it: limited per client and per site.
    UserDomainClaimResource: {
      get: action({ ...usersContract.UserDomainClaimResource.get, caller: 'user', limit: NO_LIMIT.read, run: (_o, { viewer }) => claims.get(viewer) }),
      create: action({ ...usersContract.UserDomainClaimResource.create, caller: 'user', limit: NO_LIMIT.write, run: (_o, { viewer }) => claims.claim(viewer) }),
      update: action({
        ...usersContract.UserDomainClaimResource.update,
        caller: 'user',
        limit: ['siteProofAddress', 'outboundSite'],
        run: async (_o, { viewer, c }) => {
          const { website_url } = await claims.get(viewer);
          if (website_url) await takeOutbound(outbound.limits, 'siteProofAddress', clientAddress(c, outbound.trustProxy), website_url);
          return claims.verify(viewer);
        },
      }),
      delete: action({
        ...usersContract.UserDomainClaimResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (_o, { viewer }) => claims.unclaim(viewer),
      }),
    },
    // Profile settings: the account's own name, username, about, website and picture.
    UserSettingsResource: {
      get: action({ ...usersContract.UserSettingsResource.get, caller: 'user', limit: NO_LIMIT.read, run: (_o, { viewer }) => profiles.get(viewer) }),
      update: action({
        ...usersContract.UserSettingsResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => profiles.update(viewer, o),
      }),
    },
    UserAvatarResource: {
      create: action({
        ...usersContract.UserAvatarResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        body: PIN_CREATE_MAX_BODY_BYTES,
        run: (o, { viewer }) => profiles.setAvatar(viewer, o.image_base64),
      }),
      delete: action({
        ...usersContract.UserAvatarResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (_o, { viewer }) => profiles.clearAvatar(viewer),
      }),
    },
    // A profile's header (/{username}/): open to visitors.
    UserResource: {
      get: action({ ...usersContract.UserResource.get, caller: 'visitor', limit: NO_LIMIT.read, run: (o, { viewer }) => users.profile(viewer, o.username) }),
    },
    // Follows of users: the creator card's Follow, buttonFollow's profile, a profile's button.
    UserFollowResource: {
      create: action({
        ...usersContract.UserFollowResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => users.follow(viewer.id, o.user_id),
      }),
      delete: action({
        ...usersContract.UserFollowResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => users.unfollow(viewer.id, o.user_id),
      }),
    },
    UserFollowersResource: {
      get: action({
        ...usersContract.UserFollowersResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => users.followers(viewer, o),
      }),
    },
    // The pin-create-success query: the creator card and the promote rule.
    PinCreateSuccessResource: {
      get: action({
        ...usersContract.PinCreateSuccessResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => users.saveSuccess(viewer.id, (await pins.get(viewer, o.pin_id)).link),
      }),
    },
  } satisfies ResourceRegistry;
}
