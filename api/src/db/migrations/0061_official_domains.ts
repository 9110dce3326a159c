import { sql, type Kysely } from 'kysely';

/**
 * - users.domain_claim_token: the token a person was given to put on the website they claim, until it is proved.
 * - users.domain_proof_token: the token that proved the domain they hold (users.verified_domain), kept so a
 *   second account proving the same domain can be told whether the holder's proof is still on the site.
 * - One official account per domain: a unique index over the domains held (duplicates, which nothing wrote
 *   before this, keep the oldest account's).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('domain_claim_token', 'text').execute();
  await db.schema.alterTable('users').addColumn('domain_proof_token', 'text').execute();
  await sql`update users set verified_domain = null where verified_domain is not null and exists (
    select 1 from users older where older.verified_domain = users.verified_domain and (older.created_at < users.created_at or (older.created_at = users.created_at and older.id < users.id)))`.execute(
    db,
  );
  await db.schema
    .createIndex('users_verified_domain')
    .unique()
    .on('users')
    .column('verified_domain')
    .where(sql.ref('verified_domain'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_verified_domain').execute();
  await db.schema.alterTable('users').dropColumn('domain_proof_token').execute();
  await db.schema.alterTable('users').dropColumn('domain_claim_token').execute();
}
