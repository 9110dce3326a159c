import type { Deps } from '../../deps.js';
import { addressKey } from '../../lib/client-address.js';
import { ApiError } from '../../lib/errors.js';
import { LIMITS, limitsFor } from '../../lib/limits.js';
import { newId, sha256 } from '../../lib/ids.js';
import { campaignsStore } from './store.js';

export const DAY_MS = 86_400_000;
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A click costs 1% of the campaign's daily budget; a day's spend stops at the daily budget. */
export const CLICK_SHARE_OF_BUDGET = 0.01;
/** The last day a campaign runs (inclusive), or null while it is ongoing. */
export const endDay = (row: { is_ongoing: number; inclusive_end_date: string | null; duration_days: number | null; start_at: number }) =>
  row.is_ongoing ? null : (row.inclusive_end_date ?? (row.duration_days ? day(Number(row.start_at) + (Number(row.duration_days) - 1) * DAY_MS) : null));

/**
 * Who a click or an impression is counted for: the account, or (signed out) the client's address (an IPv6 /64 as one),
 * hashed so ad_events holds no addresses. Clients behind one address share one click a day.
 */
export const clickKey = (viewerId: string | null, address: string | undefined) =>
  viewerId ? `user:${viewerId}` : `address:${sha256(`click:${addressKey(address)}`).slice(0, 32)}`;

/** The reports' numbers at their source: a promoted pin shown or its link followed. */
export function adEvents({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const store = campaignsStore(db);
  return {
    /**
     * An impression (the pin's page shown) or a click (its link followed through the offsite check)
     * of every running promotion of a pin. The event row and the day's sums are written together; a
     * click costs CLICK_SHARE_OF_BUDGET of the daily budget, and a day's spend stops at the budget.
     * The advertiser's own people do not count. An event with a `viewerKey` (clickKey) counts once per
     * viewer a day: the check replayed by a competitor spends nothing more, a page reloaded shows the ad
     * once. Answers the promotions counted.
     */
    async recordAdEvent(pinId: string, kind: 'impression' | 'click', viewerId: string | null, viewerKey: string | null = null): Promise<number> {
      const now = clock.now();
      const today = day(now);
      const running = (await store.runningPromotions(pinId)).filter(
        (p) =>
          Number(p.start_at) <= now &&
          (endDay({
            ...p,
            is_ongoing: Number(p.is_ongoing),
            duration_days: p.duration_days === null ? null : Number(p.duration_days),
            start_at: Number(p.start_at),
          }) ?? today) >= today,
      );
      let counted = 0;
      for (const p of running) {
        if (viewerId && (viewerId === p.owner_user_id || viewerId === p.created_by)) continue;
        const written = await db.transaction().execute(async (trx) => {
          const tx = campaignsStore(trx);
          const eventId = newId();
          // First the event: a viewer's second one of the day is not written (migrations 0019, 0022), and costs nothing.
          if (
            !(await tx.insertAdEvent({
              id: eventId,
              campaign_id: p.campaign_id,
              pin_promotion_id: p.id,
              kind,
              day: today,
              spend_micro: 0,
              viewer_id: viewerId,
              viewer_key: viewerKey,
              created_at: now,
            }))
          )
            return false;
          if (kind === 'impression') {
            await tx.addToDay(p.campaign_id, today, 1, 0, 0);
            return true;
          }
          // The spend is read under the day row's lock and added before it is let go: two servers clicking at
          // once each see the other's spend, so a day never goes over its budget (a read, then an add, did).
          await tx.ensureDay(p.campaign_id, today);
          const spent = await tx.countClickLocked(p.campaign_id, today);
          const budget = Number(p.daily_budget_micro);
          const spend = Math.max(0, Math.min(Math.round(budget * CLICK_SHARE_OF_BUDGET), budget - spent));
          if (spend > 0) {
            await tx.addSpend(p.campaign_id, today, spend);
            await tx.setEventSpend(eventId, spend);
          }
          return true;
        });
        if (written) counted++;
      }
      return counted;
    },

    /** Whether a pin is promoted now, and by whom (the pin page's 'Promoted by' line). */
    async promotedBy(pinId: string): Promise<{ advertiser_id: string; name: string } | null> {
      const p = (await store.runningPromotions(pinId))[0];
      return p ? { advertiser_id: p.advertiser_id, name: p.advertiser_name } : null;
    },
  };
}

/**
 * An impression or a click as a request makes it: counted once per viewer a day (recordAdEvent with the
 * viewer's clickKey: the account, or the address when signed out), and at most LIMITS.adEventsAddress
 * times per pin a day from one address over every account there, so a farm of accounts behind one
 * address counts as a handful of people. A view or click past either bound is simply not counted.
 */
export function clientAdEvents(deps: Pick<Deps, 'db' | 'clock' | 'redis' | 'config'>) {
  const events = adEvents(deps);
  const limits = limitsFor(deps);
  return {
    async countAdEvent(pinId: string, kind: 'impression' | 'click', viewerId: string | null, address: string | undefined): Promise<number> {
      const key = `${kind}:${pinId}:${addressKey(address)}`;
      try {
        await limits.take('adEventsAddress', key);
      } catch (error) {
        if (error instanceof ApiError && error.errorName === LIMITS.adEventsAddress.error) return 0;
        throw error;
      }
      const counted = await events.recordAdEvent(pinId, kind, viewerId, clickKey(viewerId, address));
      // A repeat (or a pin no longer promoted) took nothing from the address's share.
      if (!counted) await limits.refund('adEventsAddress', key, 1);
      return counted;
    },
  };
}
