import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { advertisersStore } from './store.js';

/** The advertiser a viewer acts for (saving.md section 6), and whether they own it. */
export interface AdvertiserContext {
  id: string;
  isOwner: boolean;
}

export function advertisersService({ db }: Deps) {
  const store = advertisersStore(db);
  return {
    /** No id, no context. An advertiser the viewer neither owns nor belongs to is refused. */
    async context(viewerId: string, advertiserId: string | undefined): Promise<AdvertiserContext | null> {
      if (!advertiserId) return null;
      const advertiser = await store.find(advertiserId);
      if (!advertiser) throw new ApiError('forbidden', 'You do not act for that advertiser.');
      if (advertiser.owner_user_id === viewerId) return { id: advertiser.id, isOwner: true };
      if (!(await store.isMember(advertiser.id, viewerId))) throw new ApiError('forbidden', 'You do not act for that advertiser.');
      return { id: advertiser.id, isOwner: false };
    },
  };
}

export type AdvertisersService = ReturnType<typeof advertisersService>;
