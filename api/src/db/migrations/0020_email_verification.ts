import { sql, type Kysely } from 'kysely';

/**
 * A verified email is a state (design item 3). `users.email_verified_at` says when the
 * account's email was proven (a link mailed to it was followed, a password reset through it, or a
 * provider asserted it); `users.pending_email` holds an address typed at a social sign-up until its
 * link is followed: it is not the account's email yet, so it blocks no one (the real owner may sign up
 * with it). `identities.proven_at` says when a linked identity was proven by the account's owner (the
 * provider asserted the account's own email, or it was linked while that email was verified); a
 * password reset removes the identities that were not.
 *
 * Existing rows (docs/decisions/identity.md): accounts stay unverified, except the demo seed's, which
 * the operator vouches for; an identity is proven when its email is the account's (before this, the
 * only way for that was the provider's verified email).
 */
const DEMO_ADDRESSES = ['demo@corkboard.test', 'shop@corkboard.test', 'staff@corkboard.test'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  await db.schema.alterTable('identities').addColumn('proven_at', 'bigint').execute();
  await db.updateTable('users').set({ email_verified_at: sql`created_at` }).where('email', 'in', DEMO_ADDRESSES).execute();
  await db
    .updateTable('identities')
    .set({ proven_at: sql`created_at` })
    .where(sql<boolean>`lower(identities.email) = (select users.email from users where users.id = identities.user_id)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('identities').dropColumn('proven_at').execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
