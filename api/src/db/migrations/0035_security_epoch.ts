import type { Kysely } from 'kysely';

/**
 * The account's security epoch: a counter moved by every committed credential change (password, email,
 * two-factor, connected providers, recovery). A session, link or token records the epoch it was issued
 * under and is honoured only while the account's epoch is still that one, so one change retires them all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('security_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('security_epoch').execute();
}
