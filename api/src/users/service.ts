import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { promotionOffered } from './promotion.js';
import { usersStore } from './store.js';

/** A link's site, as a creator's verified domain is written: host without `www.`. */
export function linkDomain(link: string | null): string | null {
  if (!link) return null;
  try {
    return new URL(link).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return null;
  }
}

export function usersService({ db, config, clock }: Deps) {
  const store = usersStore(db);

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
     * What the success screen shows beside the pin (saving.md section 2.1): the creator card of
     * the link's official user, only when that is someone else the viewer does not follow, and
     * whether promotion is offered.
     */
    async saveSuccess(viewerId: string, link: string | null) {
      const row = await settings(viewerId);
      const domain = linkDomain(link);
      const official = domain ? await store.officialUserOf(domain) : undefined;
      const showCard = official && official.id !== viewerId && !(await store.follows(viewerId, official.id));
      return {
        official_user: showCard
          ? {
              id: official.id,
              username: official.username,
              full_name: `${official.first_name} ${official.last_name}`.trim(),
              image_medium_url: official.image_medium_url,
              // The creator card (advertiser.md 3): the official user of a domain is a verified identity.
              follower_count: await store.followerCount(official.id),
              is_verified_identity: true,
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
