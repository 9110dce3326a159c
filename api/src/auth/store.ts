import type { Kysely } from 'kysely';
import type { Database, User } from '../db/schema.js';

export type NewUser = Omit<User, 'pin_count' | 'state'>;

export function authStore(db: Kysely<Database>) {
  return {
    findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async insertUser(user: NewUser) {
      await db.insertInto('users').values(user).execute();
    },

    async insertSession(session: { id: string; user_id: string; created_at: number; expires_at: number }) {
      await db.insertInto('sessions').values({ ...session, revoked_at: null }).execute();
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
