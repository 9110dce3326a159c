import type { Kysely } from 'kysely';

/**
 * What email sign-up records beyond the foundation's users table: the privacy
 * consent (kr_kr_privacy_consent_opt_in), the marketing opt-out, and when consent was given.
 * 0/1 integers and epoch ms so SQLite and Postgres read the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('kr_privacy_consent_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('marketing_notifs_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('consented_at', 'bigint').execute();
}
