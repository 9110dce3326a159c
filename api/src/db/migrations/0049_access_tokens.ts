import type { Kysely } from 'kysely';

/**
 * Personal access tokens: a script's way into the API without a cookie. Only the secret's sha256 is kept
 * (`token_hash`); `security_epoch` is the owner's epoch when the token was made, and the token is honoured
 * only while the owner's is still that one. `scope` is 'read' or 'write'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('security_epoch', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('access_tokens_by_user').on('access_tokens').columns(['user_id', 'revoked_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_tokens').execute();
}
