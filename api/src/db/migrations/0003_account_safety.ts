import type { Kysely } from 'kysely';

/**
 * Account safety: two-factor settings and the account state's
 * reason on users; failed log-in counters by normalised email; one table of hashed single-use tokens
 * (password reset, two-factor codes, solved challenges, "remembered on this browser"); and the dev
 * outbox that stands in for mail and SMS when no SMTP server is configured.
 * Portable types only (text, integer, bigint; epoch ms) so SQLite and Postgres run the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('state_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_method', 'text').execute();
  await db.schema.alterTable('users').addColumn('phone_number', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  await db.schema
    .createTable('auth_tokens')
    // sha256 of the secret: a copy of the table holds no usable link or code.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('address', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['kind', 'user_id']).execute();
  await db.schema.createIndex('auth_tokens_address').on('auth_tokens').columns(['kind', 'address']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
