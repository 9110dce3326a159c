import type { Kysely } from 'kysely';

/**
 * Sign-in through identity providers: `identities` links a
 * provider's subject to an account (the provider's tokens are never stored); `oauth_flows` holds one
 * browser's authorisation request (state, nonce, PKCE verifier) keyed by the sha256 of a short-lived
 * cookie, and after the callback the verified profile until sign-up or linking spends it.
 * Portable types only (text, integer, bigint; epoch ms) so SQLite and Postgres run the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('identities_pk', ['provider', 'subject'])
    .execute();
  // One identity per provider and account: a second Google account is linked by unlinking the first.
  await db.schema.createIndex('identities_user_provider').on('identities').columns(['user_id', 'provider']).unique().execute();

  await db.schema
    .createTable('oauth_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Filled by the callback: the verified profile, for the sign-up or link that follows.
    .addColumn('subject', 'text')
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('picture', 'text')
    .addColumn('birthdate', 'text')
    .addColumn('completed_at', 'bigint')
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('oauth_flows_expires').on('oauth_flows').column('expires_at').execute();
}
