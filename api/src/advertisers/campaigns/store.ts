import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Campaigns, their ad group and pin promotion, and the daily numbers behind a report. */
export function campaignsStore(db: Kysely<Database>) {
  return {
    insertCampaign: (row: Insertable<Database['campaigns']>) => db.insertInto('campaigns').values(row).execute(),
    insertAdGroup: (row: Database['ad_groups']) => db.insertInto('ad_groups').values(row).execute(),
    insertPromotion: (row: Database['pin_promotions']) => db.insertInto('pin_promotions').values(row).execute(),
    /** Whether the event was written: a viewer's second click of a promotion on a day is not (migration 0019's index). */
    insertAdEvent: async (row: Database['ad_events']) => {
      const [result] = await db
        .insertInto('ad_events')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
      return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Adds to a campaign's day (the row made on its first event). */
    addToDay(campaignId: string, day: string, impressions: number, clicks: number, spendMicro: number) {
      return db
        .insertInto('campaign_metrics')
        .values({ campaign_id: campaignId, day, impressions, clicks, spend_micro: spendMicro })
        .onConflict((oc) =>
          oc.columns(['campaign_id', 'day']).doUpdateSet((eb) => ({
            impressions: eb('campaign_metrics.impressions', '+', impressions),
            clicks: eb('campaign_metrics.clicks', '+', clicks),
            spend_micro: eb('campaign_metrics.spend_micro', '+', spendMicro),
          })),
        )
        .execute();
    },
    /** Makes a campaign's day row (all zero) when it has none yet. */
    ensureDay: (campaignId: string, day: string) =>
      db
        .insertInto('campaign_metrics')
        .values({ campaign_id: campaignId, day, impressions: 0, clicks: 0, spend_micro: 0 })
        .onConflict((oc) => oc.columns(['campaign_id', 'day']).doNothing())
        .execute(),
    /**
     * Counts a click on a campaign's day and answers the day's spend before it. The UPDATE takes the
     * row's write lock (Postgres) or the database's (SQLite) until the transaction ends, so the spend it
     * answers cannot change under the caller before it adds the click's cost (addSpend).
     */
    async countClickLocked(campaignId: string, day: string): Promise<number> {
      const row = await db
        .updateTable('campaign_metrics')
        .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
        .where('campaign_id', '=', campaignId)
        .where('day', '=', day)
        .returning('spend_micro')
        .executeTakeFirstOrThrow();
      return Number(row.spend_micro);
    },
    addSpend: (campaignId: string, day: string, spendMicro: number) =>
      db
        .updateTable('campaign_metrics')
        .set((eb) => ({ spend_micro: eb('spend_micro', '+', spendMicro) }))
        .where('campaign_id', '=', campaignId)
        .where('day', '=', day)
        .execute(),
    setEventSpend: (eventId: string, spendMicro: number) => db.updateTable('ad_events').set({ spend_micro: spendMicro }).where('id', '=', eventId).execute(),
    dayRow: (campaignId: string, day: string) =>
      db.selectFrom('campaign_metrics').selectAll().where('campaign_id', '=', campaignId).where('day', '=', day).executeTakeFirst(),
    daily: (campaignId: string, range: { start: string; end: string }) =>
      db
        .selectFrom('campaign_metrics')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .where('day', '>=', range.start)
        .where('day', '<=', range.end)
        .orderBy('day')
        .limit(400)
        .execute(),
    /** The running promotions of a pin (ACTIVE campaign and promotion), with what counting an event needs. */
    runningPromotions(pinId: string) {
      return db
        .selectFrom('pin_promotions as p')
        .innerJoin('ad_groups as g', 'g.id', 'p.ad_group_id')
        .innerJoin('campaigns as c', 'c.id', 'g.campaign_id')
        .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
        .select([
          'p.id',
          'c.id as campaign_id',
          'c.advertiser_id',
          'a.name as advertiser_name',
          'a.owner_user_id',
          'c.created_by',
          'c.daily_budget_micro',
          'c.start_at',
          'c.inclusive_end_date',
          'c.duration_days',
          'c.is_ongoing',
        ])
        .where('p.pin_id', '=', pinId)
        .where('p.status', '=', 'ACTIVE')
        .where('c.status', '=', 'ACTIVE')
        .orderBy('c.created_at')
        .limit(20)
        .execute();
    },
    campaign: (advertiserId: string, campaignId: string) =>
      db.selectFrom('campaigns').selectAll().where('advertiser_id', '=', advertiserId).where('id', '=', campaignId).executeTakeFirst(),
    updateCampaign: (
      campaignId: string,
      set: Partial<Pick<Database['campaigns'], 'status' | 'daily_budget_micro' | 'inclusive_end_date' | 'duration_days'>> & { is_ongoing?: number },
    ) => db.updateTable('campaigns').set(set).where('id', '=', campaignId).execute(),
    tags: (advertiserId: string) =>
      db
        .selectFrom('conversion_tags')
        .select(['id', 'name', 'created_at'])
        .where('advertiser_id', '=', advertiserId)
        .orderBy('created_at')
        .limit(100)
        .execute(),
    tag: (advertiserId: string, tagId: string) =>
      db.selectFrom('conversion_tags').select('id').where('advertiser_id', '=', advertiserId).where('id', '=', tagId).executeTakeFirst(),
    insertTag: (row: Database['conversion_tags']) => db.insertInto('conversion_tags').values(row).execute(),

    /**
     * Campaigns with their numbers summed, newest first (at most 200): over a date range for a report
     * page, or over all their days when no range is given (billing's order lines).
     */
    campaigns(
      advertiserId: string,
      filter: { objectiveType?: string; ids?: string[]; status?: string; query?: string; range?: { start: string; end: string } },
    ) {
      const { range } = filter;
      let q = db
        .selectFrom('campaigns as c')
        .leftJoin('campaign_metrics as m', (j) => {
          const joined = j.onRef('m.campaign_id', '=', 'c.id');
          return range ? joined.on('m.day', '>=', range.start).on('m.day', '<=', range.end) : joined;
        })
        .select([
          'c.id',
          'c.name',
          'c.objective_type',
          'c.status',
          'c.daily_budget_micro',
          'c.currency',
          'c.start_at',
          'c.inclusive_end_date',
          'c.duration_days',
          'c.is_ongoing',
          'c.ads_client_type',
          'c.created_at',
        ])
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('m.impressions'), eb.lit(0)).as('impressions'),
          eb.fn.coalesce(eb.fn.sum<number>('m.clicks'), eb.lit(0)).as('clicks'),
          eb.fn.coalesce(eb.fn.sum<number>('m.spend_micro'), eb.lit(0)).as('spend_micro'),
        ])
        .where('c.advertiser_id', '=', advertiserId)
        .groupBy([
          'c.id',
          'c.name',
          'c.objective_type',
          'c.status',
          'c.daily_budget_micro',
          'c.currency',
          'c.start_at',
          'c.inclusive_end_date',
          'c.duration_days',
          'c.is_ongoing',
          'c.ads_client_type',
          'c.created_at',
        ])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(200);
      if (filter.objectiveType) q = q.where('c.objective_type', '=', filter.objectiveType);
      if (filter.ids?.length) q = q.where('c.id', 'in', filter.ids);
      if (filter.status) q = q.where('c.status', '=', filter.status);
      // The name filter is a plain substring, case-insensitive on both databases.
      if (filter.query) q = q.where(sql<boolean>`lower(c.name) like ${`%${filter.query.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`);
      return q.execute();
    },
    adGroups(advertiserId: string, filter: { campaignIds?: string[]; adGroupIds?: string[] }) {
      let q = db
        .selectFrom('ad_groups as g')
        .innerJoin('campaigns as c', 'c.id', 'g.campaign_id')
        .select([
          'g.id',
          'g.name',
          'g.campaign_id',
          'g.targeting_spec',
          'g.auto_targeting',
          'g.optimization_goal_metadata',
          'c.name as campaign_name',
          'c.objective_type',
          'c.status',
          'c.daily_budget_micro',
          'c.currency',
        ])
        .where('c.advertiser_id', '=', advertiserId)
        .orderBy('g.created_at', 'desc')
        .limit(200);
      if (filter.campaignIds?.length) q = q.where('g.campaign_id', 'in', filter.campaignIds);
      if (filter.adGroupIds?.length) q = q.where('g.id', 'in', filter.adGroupIds);
      return q.execute();
    },
    ads(advertiserId: string, filter: { ids?: string[] }) {
      let q = db
        .selectFrom('pin_promotions as p')
        .innerJoin('ad_groups as g', 'g.id', 'p.ad_group_id')
        .innerJoin('campaigns as c', 'c.id', 'g.campaign_id')
        .leftJoin('pins', 'pins.id', 'p.pin_id')
        .select([
          'p.id',
          'p.pin_id',
          'p.destination_url',
          'p.product_group_id',
          'p.status',
          'g.id as ad_group_id',
          'c.id as campaign_id',
          'c.name as campaign_name',
          'c.objective_type',
          'pins.image_url',
          'pins.title',
        ])
        .where('c.advertiser_id', '=', advertiserId)
        .orderBy('p.created_at', 'desc')
        .limit(200);
      if (filter.ids?.length) q = q.where('p.id', 'in', filter.ids);
      return q.execute();
    },
    /** Billing history: spend by day across the advertiser's campaigns (the last 90 days with any). */
    history(advertiserId: string) {
      return db
        .selectFrom('campaign_metrics as m')
        .innerJoin('campaigns as c', 'c.id', 'm.campaign_id')
        .select(['m.day', 'c.currency'])
        .select((eb) => eb.fn.sum<number>('m.spend_micro').as('spend_micro'))
        .where('c.advertiser_id', '=', advertiserId)
        .groupBy(['m.day', 'c.currency'])
        .orderBy('m.day', 'desc')
        .limit(90)
        .execute();
    },
  };
}
