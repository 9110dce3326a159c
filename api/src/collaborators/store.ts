import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { shownAccount } from '../policy/sql.js';

const likePrefix = (term: string) => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function collaboratorsStore(db: Kysely<Database>) {
  return {
    /** Users whose username, first name or full name starts with the term. */
    searchUsers(term: string, excludeId: string, limit: number) {
      const prefix = likePrefix(term);
      return (
        db
          .selectFrom('users')
          .select(['id', 'username', 'first_name', 'last_name', 'image_medium_url'])
          .where('id', '!=', excludeId)
          // A suspended or deactivated account is not suggested (policy/rules.ts profileRule).
          .where((eb) => shownAccount(eb, 'users.state'))
          .where((eb) =>
            eb.or([
              eb(sql`lower(username)`, 'like', sql`${prefix} escape '\\'`),
              eb(sql`lower(first_name)`, 'like', sql`${prefix} escape '\\'`),
              eb(sql`lower(first_name || ' ' || last_name)`, 'like', sql`${prefix} escape '\\'`),
            ]),
          )
          .orderBy('first_name')
          .orderBy('username')
          .limit(limit)
          .execute()
      );
    },

    /** The ids among `ids` of accounts that may be invited: existing and shown. */
    existingUserIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([] as string[]);
      return db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids)
        .where((eb) => shownAccount(eb, 'users.state'))
        .execute()
        .then((rows) => rows.map((r) => r.id));
    },

    /** The inviter as their mail names them. */
    findUser(userId: string) {
      return db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
    },

    /**
     * User invites and email invites of one board, in one transaction; repeats are ignored.
     * Answers the emails that were not invited to this board before (the ones to mail).
     */
    async invite(boardId: string, by: string, userIds: string[], emails: string[], now: number): Promise<{ emails: string[]; userIds: string[] }> {
      return db.transaction().execute(async (trx) => {
        // The people invited now, not before: they are told in the app, once.
        const users = userIds.length
          ? await trx
              .insertInto('board_collaborators')
              .values(userIds.map((user_id) => ({ board_id: boardId, user_id, status: 'invited' as const, created_at: now })))
              .onConflict((oc) => oc.columns(['board_id', 'user_id']).doNothing())
              .returning('user_id')
              .execute()
          : [];
        const fresh = users.map((row) => row.user_id);
        if (emails.length === 0) return { emails: [], userIds: fresh };
        // ON CONFLICT DO NOTHING … RETURNING answers only the rows inserted, on SQLite and Postgres alike.
        const inserted = await trx
          .insertInto('board_email_invites')
          .values(emails.map((email) => ({ board_id: boardId, email, invited_by: by, created_at: now })))
          .onConflict((oc) => oc.columns(['board_id', 'email']).doNothing())
          .returning('email')
          .execute();
        return { emails: inserted.map((row) => row.email), userIds: fresh };
      });
    },

    /** Whether the user has a row on the board: invited or accepted. */
    async isInvited(boardId: string, userId: string) {
      return (
        (await db.selectFrom('board_collaborators').select('user_id').where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst()) !==
        undefined
      );
    },

    async remove(boardId: string, userId: string) {
      await db.deleteFrom('board_collaborators').where('board_id', '=', boardId).where('user_id', '=', userId).execute();
    },

    /**
     * The invite a user holds on a board, if any: their own row ('invited'), or an email invite to
     * their address (a new user signs up from the mail's link). With the inviter's names.
     */
    async pendingInvite(boardId: string, userId: string, email: string) {
      const own = await db.selectFrom('board_collaborators').select('status').where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst();
      if (own) return own.status === 'invited' ? ('user' as const) : undefined;
      const mailed = await db
        .selectFrom('board_email_invites')
        .select('email')
        .where('board_id', '=', boardId)
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return mailed ? ('email' as const) : undefined;
    },

    /** Accepting: the user's row becomes 'accepted' (made from an email invite if that is what they held), in one transaction. */
    async accept(boardId: string, userId: string, email: string, now: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('board_collaborators')
          .values({ board_id: boardId, user_id: userId, status: 'accepted', created_at: now })
          .onConflict((oc) => oc.columns(['board_id', 'user_id']).doUpdateSet({ status: 'accepted' }))
          .execute();
        await trx.deleteFrom('board_email_invites').where('board_id', '=', boardId).where('email', '=', email.toLowerCase()).execute();
      });
    },

    /** Declining: the user's invite row and any email invite to their address go. */
    async decline(boardId: string, userId: string, email: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('board_collaborators').where('board_id', '=', boardId).where('user_id', '=', userId).where('status', '=', 'invited').execute();
        await trx.deleteFrom('board_email_invites').where('board_id', '=', boardId).where('email', '=', email.toLowerCase()).execute();
      });
    },

    /** An accepted collaborator leaves or is removed. */
    async removeAccepted(boardId: string, userId: string) {
      const result = await db
        .deleteFrom('board_collaborators')
        .where('board_id', '=', boardId)
        .where('user_id', '=', userId)
        .where('status', '=', 'accepted')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Everyone on a board with their status; ordering is the service's. */
    /** A board's invites sent to an email address and not yet taken up, oldest first (a board holds at most a page of them). */
    listEmailInvites(boardId: string) {
      return db
        .selectFrom('board_email_invites')
        .select(['email', 'created_at'])
        .where('board_id', '=', boardId)
        .orderBy('created_at')
        .orderBy('email')
        .limit(500)
        .execute();
    },

    /** Withdraws an account's invite that is still waiting (never an accepted collaborator); whether there was one. */
    async removeWaitingInvite(boardId: string, userId: string) {
      const result = await db
        .deleteFrom('board_collaborators')
        .where('board_id', '=', boardId)
        .where('user_id', '=', userId)
        .where('status', '=', 'invited')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Withdraws an invite sent to an email address; whether there was one. */
    async removeEmailInvite(boardId: string, email: string) {
      const result = await db.deleteFrom('board_email_invites').where('board_id', '=', boardId).where('email', '=', email.toLowerCase()).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    listCollaborators(boardId: string) {
      return (
        db
          .selectFrom('board_collaborators')
          .innerJoin('users', 'users.id', 'board_collaborators.user_id')
          .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.image_medium_url', 'board_collaborators.status'])
          .where('board_collaborators.board_id', '=', boardId)
          // A suspended or deactivated collaborator is not listed (policy/rules.ts profileRule).
          .where((eb) => shownAccount(eb, 'users.state'))
          .execute()
      );
    },
  };
}
