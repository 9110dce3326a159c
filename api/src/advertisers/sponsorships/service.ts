import type { Deps, Viewer } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { sponsorshipStatus, type SponsorshipState } from '../rules/creator.js';
import type { AdvertisersService } from '../service.js';
import { sponsorshipsStore } from './store.js';
import { policyStore } from '../../policy/store.js';

/**
 * Paid partnerships (the creator card's sponsorship fields). The
 * pinner labels their pin with a sponsor's username (requested: status 2, plain 'paid partnership');
 * the sponsor, acting for its business, approves (status 0, the sponsor named) or rejects (status 2);
 * the pinner may take the label off (removed: status 3, no label).
 */
export function sponsorshipsService({ db, clock }: Deps, advertisers: AdvertisersService) {
  const store = sponsorshipsStore(db);
  const policy = policyStore(db);
  /** The pin's creator labels it (policy/rules.ts pinRule 'label'); a pin they may not see is not found. */
  const ownPin = (viewer: Viewer, pinId: string) => policy.pin(viewer.id, pinId, 'label');
  const shaped = (row: NonNullable<Awaited<ReturnType<typeof store.forPin>>>) => ({
    pin_id: row.pin_id,
    state: row.state,
    sponsorshipStatus: sponsorshipStatus(row.state),
    sponsorName: row.sponsor_name,
    sponsorUsername: row.sponsor_username,
  });

  return {
    async forPin(pinId: string) {
      const row = await store.forPin(pinId);
      return row ? shaped(row) : null;
    },
    async request(viewer: Viewer, pinId: string, sponsorUsername: string) {
      await ownPin(viewer, pinId);
      const sponsor = await store.advertiserOfUsername(sponsorUsername);
      if (!sponsor) throw new ApiError('sponsor_not_found');
      await store.upsert({ pin_id: pinId, advertiser_id: sponsor.id, state: 'requested', now: clock.now() });
      return this.forPin(pinId);
    },
    async remove(viewer: Viewer, pinId: string) {
      await ownPin(viewer, pinId);
      if (!(await store.forPin(pinId))) throw new ApiError('sponsorship_not_found');
      await store.setState(pinId, 'removed', clock.now());
      return this.forPin(pinId);
    },
    /** The sponsor's answer, under the access rule of acting for the business. */
    async decide(viewer: Viewer, advertiserId: string, pinId: string, decision: 'approve' | 'reject') {
      await advertisers.access(viewer, advertiserId);
      const row = await store.forPin(pinId);
      // A pin a visitor may not see (policy/rules.ts: a secret or archived board, a suspended owner or pinner)
      // is answered as its list shows it: not there.
      if (!row || row.advertiser_id !== advertiserId || row.state === 'removed' || !(await policy.mayPin(null, pinId, 'view')))
        throw new ApiError('sponsorship_not_found');
      const state: SponsorshipState = decision === 'approve' ? 'approved' : 'rejected';
      await store.setState(pinId, state, clock.now());
      return this.forPin(pinId);
    },
    async ofAdvertiser(viewer: Viewer, advertiserId: string) {
      await advertisers.access(viewer, advertiserId);
      return (await store.ofAdvertiser(advertiserId)).map((r) => ({ ...r, sponsorshipStatus: sponsorshipStatus(r.state) }));
    },
  };
}

export type SponsorshipsService = ReturnType<typeof sponsorshipsService>;
