import { sql, type Kysely } from 'kysely';

/**
 * What a credential change retires (users.security_epoch, migration 0035): each session and each single-use
 * link or token records the account's epoch it was issued under, and is honoured only while the account's
 * epoch is still that one. A session also records when its holder really logged in (`logged_in_at`), apart
 * from when the row was made: a session a change rotates keeps the log-in time of the one it replaces, so a
 * change never counts as a fresh log-in. A link records the session that asked for it (`session_id`: an email
 * change's confirmation keeps that session alive when it commits).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('security_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sessions').addColumn('logged_in_at', 'bigint').execute();
  await sql`update sessions set logged_in_at = created_at`.execute(db);
  await db.schema
    .alterTable('auth_tokens')
    .addColumn('security_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('auth_tokens').addColumn('session_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').dropColumn('session_id').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('security_epoch').execute();
  await db.schema.alterTable('sessions').dropColumn('logged_in_at').execute();
  await db.schema.alterTable('sessions').dropColumn('security_epoch').execute();
}
