import type { Kysely } from 'kysely';

/**
 * Security settings people run themselves. Sessions learn when they passed two-factor
 * (`mfa_at`: the business OWNER-or-MFA rule reads the session, not the account), and what the list of
 * active sessions shows: when each was last used, the device (its user agent, capped) and a coarse place
 * (never the full address). An account remembers when two-factor was turned on (a session must have
 * passed it since) and a set-up in progress: the authenticator secret or the phone waiting for the
 * confirming code. Backup codes are auth_tokens of kind 'backup' (hashes, single use).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('mfa_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('place', 'text').execute();
  await db.schema.createIndex('sessions_by_user_live').on('sessions').columns(['user_id', 'revoked_at']).execute();
  await db.schema.alterTable('users').addColumn('mfa_enabled_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('mfa_pending_method', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('mfa_pending_phone', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['mfa_pending_phone', 'mfa_pending_secret', 'mfa_pending_method', 'mfa_enabled_at'])
    await db.schema.alterTable('users').dropColumn(column).execute();
  await db.schema.dropIndex('sessions_by_user_live').execute();
  for (const column of ['place', 'user_agent', 'last_used_at', 'mfa_at']) await db.schema.alterTable('sessions').dropColumn(column).execute();
}
