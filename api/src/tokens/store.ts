import type { Kysely } from 'kysely';
import type { AccessTokensTable, Database } from '../db/schema.js';

/** The only code that touches access_tokens (migration 0049). */
export function tokensStore(db: Kysely<Database>) {
  return {
    async epochOf(userId: string) {
      const row = await db.selectFrom('users').select('security_epoch').where('id', '=', userId).executeTakeFirst();
      return row ? Number(row.security_epoch) : undefined;
    },

    async liveCount(userId: string) {
      const row = await db
        .selectFrom('access_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insert(row: AccessTokensTable) {
      await db.insertInto('access_tokens').values(row).execute();
    },

    /** The owner's live tokens, newest first (those of an older epoch too: the list says what was made). */
    liveOf(userId: string) {
      return db
        .selectFrom('access_tokens')
        .select(['id', 'name', 'scope', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async revoke(userId: string, id: string, now: number) {
      const result = await db
        .updateTable('access_tokens')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A live token and its owner, while the owner's security epoch is still the token's. */
    findLive(tokenHash: string) {
      return db
        .selectFrom('access_tokens')
        .innerJoin('users', 'users.id', 'access_tokens.user_id')
        .select([
          'users.id',
          'users.email',
          'users.username',
          'users.first_name',
          'users.last_name',
          'users.image_medium_url',
          'users.state',
          'users.email_verified_at',
          'access_tokens.id as token_id',
          'access_tokens.scope',
          'access_tokens.created_at as token_created_at',
          'access_tokens.last_used_at as token_last_used_at',
        ])
        .where('access_tokens.token_hash', '=', tokenHash)
        .where('access_tokens.revoked_at', 'is', null)
        .whereRef('access_tokens.security_epoch', '=', 'users.security_epoch')
        .executeTakeFirst();
    },

    async used(id: string, now: number) {
      await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}
