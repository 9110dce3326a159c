import type { Kysely } from 'kysely';

/**
 * The advertiser area, continued: the quick promote reading an operator may set per
 * advertiser, the merchant id a business earns by verifying its website, conversion tags for
 * web-conversion ads, the ad events (impressions and clicks) the reports sum, and paid-partnership
 * labels on pins. Portable types only, as the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: the server's QUICK_PROMOTE_STEPS; 'short' or 'full' overrides it for this advertiser.
  await db.schema.alterTable('advertisers').addColumn('quick_promote_steps', 'text').execute();
  // The website claim: a token the site shows in a meta tag; verified, the business gets its merchant id.
  await db.schema.alterTable('advertisers').addColumn('merchant_claim_token', 'text').execute();
  await db.schema.alterTable('advertisers').addColumn('merchant_id', 'text').execute();
  await db.schema.alterTable('advertisers').addColumn('merchant_verified_at', 'bigint').execute();
  await db.schema.createIndex('advertisers_merchant_id').on('advertisers').column('merchant_id').unique().execute();

  await db.schema
    .createTable('conversion_tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversion_tags_advertiser').on('conversion_tags').column('advertiser_id').execute();

  // One row per impression or click of a promoted pin; campaign_metrics (0012) is their daily sum.
  await db.schema
    .createTable('ad_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('pin_promotion_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('spend_micro', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('viewer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ad_events_campaign_day').on('ad_events').columns(['campaign_id', 'day']).execute();

  // A paid partnership on a pin: its pinner names the sponsor; the sponsor approves or rejects.
  await db.schema
    .createTable('pin_sponsorships')
    .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pin_sponsorships_advertiser').on('pin_sponsorships').columns(['advertiser_id', 'updated_at']).execute();
}
