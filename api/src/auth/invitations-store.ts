import type { Kysely } from 'kysely';
import type { Database, SignupInvitationsTable } from '../db/schema.js';

/** The only code that touches signup_invitations (migration 0050). */
export function invitationsStore(db: Kysely<Database>) {
  return {
    async insert(row: SignupInvitationsTable) {
      await db.insertInto('signup_invitations').values(row).execute();
    },
    /** A live invitation: by its link's secret (a password sign-up), or by the address alone (a provider's proven email). */
    findLive(where: { tokenHash: string } | { email: string }, now: number) {
      let query = db.selectFrom('signup_invitations').select(['id', 'email']).where('used_at', 'is', null).where('expires_at', '>', now);
      query = 'tokenHash' in where ? query.where('token_hash', '=', where.tokenHash) : query.where('email', '=', where.email);
      return query.orderBy('created_at', 'desc').executeTakeFirst();
    },
    /** Spent by the sign-up it let in; every other live invitation to that address goes with it. */
    async spend(email: string, now: number) {
      await db.updateTable('signup_invitations').set({ used_at: now }).where('email', '=', email).where('used_at', 'is', null).execute();
    },
  };
}
