import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, OauthFlowsTable } from '../../db/schema.js';
import type { NewSession, NewUser } from '../store.js';

/** The only Kysely code of sign-in through providers: linked identities and pending flows. */
export function providerStore(db: Kysely<Database>) {
  return {
    async insertFlow(flow: Insertable<OauthFlowsTable>) {
      // Expired flows go as new ones come: the table holds only the last few minutes.
      await db.deleteFrom('oauth_flows').where('expires_at', '<', flow.created_at).execute();
      await db.insertInto('oauth_flows').values(flow).execute();
    },

    /** A live flow by the hash of its cookie: not expired, not spent. */
    findFlow(id: string, now: number) {
      return db.selectFrom('oauth_flows').selectAll().where('id', '=', id).where('expires_at', '>', now).where('used_at', 'is', null).executeTakeFirst();
    },

    /** Records the callback's verified profile once; false when the flow was already completed (a replayed callback). */
    async completeFlow(id: string, values: Updateable<OauthFlowsTable>) {
      const result = await db
        .updateTable('oauth_flows')
        .set(values)
        .where('id', '=', id)
        .where('completed_at', 'is', null)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async spendFlow(id: string, now: number) {
      await db.updateTable('oauth_flows').set({ used_at: now }).where('id', '=', id).execute();
    },

    findIdentity(provider: string, subject: string) {
      return db.selectFrom('identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    },

    identitiesOf(userId: string) {
      return db.selectFrom('identities').select(['provider', 'email', 'created_at']).where('user_id', '=', userId).orderBy('provider').execute();
    },

    /** A social sign-up: the account, its identity, its first session and the spent flow, all or nothing. */
    async insertUserWithIdentity(
      user: NewUser,
      identity: { provider: string; subject: string; email: string | null; proven_at: number | null },
      session: NewSession,
      flowId: string,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await trx
          .insertInto('identities')
          .values({ ...identity, user_id: user.id, created_at: user.created_at })
          .execute();
        await trx
          .insertInto('sessions')
          .values({ ...session, logged_in_at: session.created_at, revoked_at: null })
          .execute();
        await trx.updateTable('oauth_flows').set({ used_at: user.created_at }).where('id', '=', flowId).execute();
      });
    },
  };
}

export type ProviderStore = ReturnType<typeof providerStore>;
