import type { Kysely } from 'kysely';

/**
 * Sign-up invitations (SIGNUP_MODE=invite): one per invited address (its canonical form), single use.
 * `token_hash` is the sha256 of the mailed link's secret; `invited_by` is null for the operator's command line.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('signup_invitations_by_email').on('signup_invitations').columns(['email', 'used_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signup_invitations').execute();
}
