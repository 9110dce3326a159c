import type { Kysely } from 'kysely';

/**
 * The advertiser area: what a business is (country, website), who acts for
 * it with which permissions (access profiles), its business and billing profiles, the campaigns quick
 * promote makes with their ad group and pin promotion, the daily numbers a report shows, the offsite
 * block list and the advisory notices. Portable types only (text, integer, bigint), as the others:
 * lists and objects are JSON in text columns; money is integer micro currency (bigint).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('advertisers')
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('US'))
    .execute();
  await db.schema.alterTable('advertisers').addColumn('website_url', 'text').execute();
  // A member's permissions (JSON list, e.g. ["ADMIN"] or ["OWNER"]); the owner row of advertisers is OWNER implicitly.
  await db.schema
    .alterTable('advertiser_members')
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('["ADMIN"]'))
    .execute();

  await db.schema
    .createTable('business_profiles')
    .addColumn('advertiser_id', 'text', (c) => c.primaryKey().references('advertisers.id').onDelete('cascade'))
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('address_line', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // No card numbers are kept: the holder, the brand and the last four digits are what a billing page shows.
  await db.schema
    .createTable('billing_profiles')
    .addColumn('advertiser_id', 'text', (c) => c.primaryKey().references('advertisers.id').onDelete('cascade'))
    .addColumn('card_holder', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('objective_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('daily_budget_micro', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('inclusive_end_date', 'text')
    .addColumn('duration_days', 'integer')
    .addColumn('is_ongoing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flexible_daily_budget', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ads_client_type', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_advertiser_created').on('campaigns').columns(['advertiser_id', 'created_at']).execute();
  await db.schema
    .createTable('ad_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('targeting_spec', 'text', (c) => c.notNull())
    .addColumn('auto_targeting', 'integer', (c) => c.notNull())
    .addColumn('optimization_goal_metadata', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ad_groups_campaign').on('ad_groups').column('campaign_id').execute();
  await db.schema
    .createTable('pin_promotions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ad_group_id', 'text', (c) => c.notNull().references('ad_groups.id').onDelete('cascade'))
    .addColumn('pin_id', 'text', (c) => c.references('pins.id').onDelete('set null'))
    .addColumn('destination_url', 'text', (c) => c.notNull())
    .addColumn('product_group_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pin_promotions_ad_group').on('pin_promotions').column('ad_group_id').execute();
  // The numbers a report shows, a row per campaign and day (YYYY-MM-DD).
  await db.schema
    .createTable('campaign_metrics')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('spend_micro', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('campaign_metrics_pk', ['campaign_id', 'day'])
    .execute();

  // The offsite link check's block list (operator-managed): a host and its status.
  await db.schema
    .createTable('offsite_hosts')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Advisory and sensitivity notices on a search term or a pin.
  await db.schema
    .createTable('advisories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('severity', 'integer', (c) => c.notNull())
    .addColumn('advisory_type', 'text', (c) => c.notNull())
    .addColumn('resource_country', 'text')
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('advisories_target').on('advisories').columns(['target_type', 'target']).unique().execute();
}
