import type { Kysely } from 'kysely';
import type { Insertable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

export type NewUser = Insertable<UsersTable>;
export type NewSession = { id: string; user_id: string; created_at: number; expires_at: number };

export function authStore(db: Kysely<Database>) {
  return {
    findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async insertUser(user: NewUser) {
      await db.insertInto('users').values(user).execute();
    },

    async insertSession(session: NewSession) {
      await db.insertInto('sessions').values({ ...session, revoked_at: null }).execute();
    },

    /** A new account and its first session belong together: both or neither. */
    async insertUserWithSession(user: NewUser, session: NewSession) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await trx.insertInto('sessions').values({ ...session, revoked_at: null }).execute();
      });
    },

    async emailExists(email: string) {
      return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
    },

    /** Usernames taken among the candidates, so the service can pick a free one in one query. */
    async takenUsernames(candidates: string[]) {
      const rows = await db.selectFrom('users').select('username').where('username', 'in', candidates).execute();
      return new Set(rows.map((row) => row.username));
    },

    /** The user behind a live session: not revoked, not expired. */
    findSessionUser(sessionId: string, now: number) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'users.id',
          'users.email',
          'users.username',
          'users.first_name',
          'users.last_name',
          'users.image_medium_url',
          'users.pin_count',
          'sessions.id as session_id',
        ])
        .where('sessions.id', '=', sessionId)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
    },

    async revokeSession(sessionId: string, now: number) {
      await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    },

    countUsers() {
      return db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },
  };
}
