import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { promotionOffered } from './promotion.js';
import { siteDomain } from './rules.js';
import { usersStore, type FollowSide } from './store.js';
import type { NotificationsService } from '../notifications/service.js';
import { policyStore } from '../policy/store.js';
import { FEED_END, pageOf, readBookmark } from '../lib/bookmark.js';

/**
 * A page of a profile's followers or of the people it follows, as both lists show them (UserFollowersResource,
 * UserFollowingResource): newest follow first, and whether the viewer follows each.
 */
export async function followPeoplePage(
  db: Kysely<Database>,
  viewer: { id: string } | null,
  userId: string,
  side: FollowSide,
  input: { page_size: number; bookmark?: string | undefined },
) {
  if (input.bookmark === FEED_END) return { users: [], bookmark: FEED_END };
  const store = usersStore(db);
  const rows = await store.listFollows(side, userId, readBookmark(input.bookmark), input.page_size + 1);
  const { page, bookmark } = pageOf(rows, input.page_size);
  const users = await Promise.all(
    page.map(async (row) => ({
      id: row.id,
      username: row.username,
      full_name: `${row.first_name} ${row.last_name}`.trim(),
      image_medium_url: row.image_medium_url,
      followedByMe: viewer !== null && viewer.id !== row.id && (await store.follows(viewer.id, row.id)),
    })),
  );
  return { users, bookmark };
}

export function usersService(deps: Deps, notifications: Pick<NotificationsService, 'notify'>) {
  const { db, config, clock } = deps;
  const store = usersStore(db);
  const policy = policyStore(db);

  const settings = async (viewerId: string) => {
    const row = await store.settings(viewerId);
    if (!row) throw new ApiError('unauthorized');
    return row;
  };

  return {
    /** GET /v3/users/settings: what the Instagram upsell reads. */
    async settings(viewerId: string) {
      const row = await settings(viewerId);
      return { connected_to_instagram: row.connected_to_instagram === 1, listed_website_url: row.listed_website_url };
    },

    /**
     * UserResource get: a profile's header. `followedByMe` keeps the popup's
     * field name; false for a visitor and for oneself.
     */
    async profile(viewer: { id: string } | null, username: string) {
      const user = await store.profile(username);
      if (!user) throw new ApiError('profile_not_found');
      return {
        id: user.id,
        username: user.username,
        full_name: `${user.first_name} ${user.last_name}`.trim(),
        image_medium_url: user.image_medium_url,
        // Profile settings: what the person says about themselves and the site they list.
        about: user.about,
        website_url: user.listed_website_url,
        // The domain this account is the official account of (proved by its tag on the site), or null.
        official_domain: user.verified_domain,
        pin_count: user.pin_count,
        follower_count: user.follower_count,
        following_count: user.following_count,
        followedByMe: viewer !== null && viewer.id !== user.id && (await store.follows(viewer.id, user.id)),
        is_me: viewer?.id === user.id,
      };
    },

    /**
     * UserFollowResource create: the viewer follows a user (the creator card's and buttonFollow's Follow).
     * Following again is no change; following oneself is refused.
     */
    async follow(viewerId: string, userId: string) {
      // A suspended or deactivated account is not followed: it answers as a missing one (policy/rules.ts).
      const user = await policy.profile(viewerId, { id: userId }, 'follow');
      if (user.id === viewerId) throw new ApiError('follow_self');
      if (await store.follow(viewerId, user.id, clock.now())) await notifications.notify({ kind: 'new_follower', actorId: viewerId, recipientIds: [user.id] });
      return { id: user.id, username: user.username, followedByMe: true };
    },

    /** UserFollowResource delete: unfollowing someone not followed is no change. */
    async unfollow(viewerId: string, userId: string) {
      const user = await policy.profile(viewerId, { id: userId }, 'view');
      await store.unfollow(viewerId, user.id);
      return { id: user.id, username: user.username, followedByMe: false };
    },

    /** UserFollowersResource get: a profile's followers, 50 a page, newest first. */
    async followers(viewer: { id: string } | null, input: { username: string; page_size: number; bookmark?: string | undefined }) {
      const user = await store.profile(input.username);
      if (!user) throw new ApiError('profile_not_found');
      return followPeoplePage(db, viewer, user.id, 'followers', input);
    },

    /**
     * What the success screen shows beside the pin: the creator card of
     * the link's official user, only when that is someone else the viewer does not follow, and
     * whether promotion is offered.
     */
    async saveSuccess(viewerId: string, link: string | null) {
      const row = await settings(viewerId);
      const domain = siteDomain(link);
      const official = domain ? await store.officialUserOf(domain) : undefined;
      const showCard = official && official.id !== viewerId && !(await store.follows(viewerId, official.id));
      return {
        // An official user is found only for a domain, so the card always names one.
        official_user:
          showCard && domain
            ? {
                id: official.id,
                username: official.username,
                full_name: `${official.first_name} ${official.last_name}`.trim(),
                image_medium_url: official.image_medium_url,
                // The creator card: the official user of a domain is a verified identity.
                follower_count: await store.followerCount(official.id),
                is_verified_identity: true,
                domain,
              }
            : null,
        promotion_offered: promotionOffered({
          signedIn: true,
          isPartner: row.is_partner === 1,
          quickPromoteByPinner: config.flags.has('quick_promote_by_pinner'),
          birthdayMs: row.birthday,
          siteType: null,
          nowMs: clock.now(),
        }),
        is_partner: row.is_partner === 1,
        connected_to_instagram: row.connected_to_instagram === 1,
        listed_website_url: row.listed_website_url,
      };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
