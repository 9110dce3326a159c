import type { Kysely } from 'kysely';

/**
 * What the save popup needs beyond pins and boards:
 * email invites to boards, advertisers and who may act for them, follows, and the user fields
 * the success screen reads (the official domain behind a creator card, the Instagram upsell's
 * settings, the partner flag). Numbered 0004: 0003 is the account-safety work's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('board_email_invites')
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_email_invites_pk', ['board_id', 'email'])
    .execute();

  await db.schema
    .createTable('advertisers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('advertiser_members')
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('advertiser_members_pk', ['advertiser_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();

  await db.schema.alterTable('users').addColumn('verified_domain', 'text').execute();
  await db.schema.alterTable('users').addColumn('listed_website_url', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('connected_to_instagram', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_partner', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
