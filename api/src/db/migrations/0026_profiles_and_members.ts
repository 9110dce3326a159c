import type { Kysely } from 'kysely';

/**
 * Profile settings and business members.
 * - users.about: the profile's "About" (the website a person lists is users.listed_website_url, which the
 *   Instagram and website claim already reads).
 * - username_redirects: a changed username's old address keeps answering with a redirect to the new one,
 *   until someone else takes the name (the row is removed then).
 * - advertiser_member_invites: an owner's invite of a member by email, with the permissions they will
 *   get; the link's token is stored as its sha256 only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('about', 'text').execute();
  await db.schema
    .createTable('username_redirects')
    .addColumn('old_username', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('username_redirects_user').on('username_redirects').column('user_id').execute();
  await db.schema
    .createTable('advertiser_member_invites')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('advertiser_member_invites_advertiser').on('advertiser_member_invites').columns(['advertiser_id', 'email']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('advertiser_member_invites').execute();
  await db.schema.dropTable('username_redirects').execute();
  await db.schema.alterTable('users').dropColumn('about').execute();
}
