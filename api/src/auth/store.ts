import { pinCountOf } from '../counts/store.js';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { AuthTokensTable, Database, TokenKind, UsersTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';
import { currentEpochOf, liveToken, spendToken } from './credentials/store.js';

export type NewUser = Insertable<UsersTable>;
/** `logged_in_at`: when its holder really logged in (a rotated session keeps its predecessor's); defaults to created_at. */
export type NewSession = { id: string; user_id: string; created_at: number; expires_at: number; mfa_at?: number | null; logged_in_at?: number };
/** What only auth/credentials/store.ts writes (a change there moves the security epoch). */
type CredentialColumn =
  | 'password_hash'
  | 'email'
  | 'pending_email'
  | 'email_verified_at'
  | 'mfa_method'
  | 'totp_secret'
  | 'phone_number'
  | 'mfa_enabled_at'
  | 'mfa_pending_method'
  | 'mfa_pending_secret'
  | 'mfa_pending_phone'
  | 'security_epoch';

export function authStore(db: Kysely<Database>) {
  const sessionUser = prepared(
    'sessions.findSessionUser',
    (a: { sessionId: string; now: number }) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'users.id',
          'users.email',
          'users.username',
          'users.first_name',
          'users.last_name',
          'users.image_medium_url',
          'users.state',
          'users.email_verified_at',
          'users.mfa_method',
          'users.mfa_enabled_at',
          'users.is_operator',
          'sessions.id as session_id',
          'sessions.created_at as session_created_at',
          'sessions.logged_in_at as session_logged_in_at',
          'sessions.mfa_at as session_mfa_at',
          'sessions.last_used_at as session_last_used_at',
        ])
        .where('sessions.id', '=', a.sessionId)
        // A session lives only under the epoch it began in (auth/credentials/store.ts moveSecurityEpoch).
        .whereRef('sessions.security_epoch', '=', 'users.security_epoch')
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', a.now),
    db,
  );

  return {
    findUserByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async insertUser(user: NewUser) {
      await db.insertInto('users').values(user).execute();
    },

    /** A session begins under the account's epoch now. */
    async insertSession(session: NewSession) {
      await db
        .insertInto('sessions')
        .values({ ...session, logged_in_at: session.logged_in_at ?? session.created_at, revoked_at: null, security_epoch: currentEpochOf(db, session.user_id) })
        .execute();
    },

    /** A new account and its first session belong together: both or neither. */
    async insertUserWithSession(user: NewUser, session: NewSession) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await trx
          .insertInto('sessions')
          .values({ ...session, logged_in_at: session.created_at, revoked_at: null })
          .execute();
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

    /**
     * The user behind a live session: not revoked, not expired; the service checks the user's state
     * (auth/states.ts). Read on every API request, so compiled once (db/prepared.ts).
     */
    findSessionUser(sessionId: string, now: number) {
      return sessionUser.takeFirst({ sessionId, now });
    },

    /**
     * The viewer's pin count, exact: the stored count plus what is pending for it (counts/store.ts). Read
     * only where it is shown (ViewerResource), not with the session on every request: summing the pending
     * rows of a user saving fast cost more than the rest of the session read.
     */
    async pinCount(userId: string) {
      const row = await db.selectFrom('users').select(pinCountOf('user_pins').as('pin_count')).where('id', '=', userId).executeTakeFirst();
      return row?.pin_count ?? 0;
    },

    async revokeSession(sessionId: string, now: number) {
      await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    },

    findUserById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The providers an account signs in with: proven links only (an unproven one is a claim, not a way in). */
    async providersOf(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('identities').select('provider').where('user_id', '=', userId).where('proven_at', 'is not', null).execute();
      return rows.map((row) => row.provider);
    },

    /** By email or username, for the forgot-password form's one field. */
    findUserByEmailOrUsername(value: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('email', '=', value), eb('username', '=', value)]))
        .executeTakeFirst();
    },

    /** Anything but a credential (those change through auth/credentials/). */
    async updateUser(id: string, values: Omit<Updateable<UsersTable>, CredentialColumn>) {
      await db.updateTable('users').set(values).where('id', '=', id).execute();
    },

    /** An account its owner deactivated, active again (states.ts admitAtLogIn): no other state is lifted, nor one an operator set. */
    async reactivate(userId: string) {
      await db
        .updateTable('users')
        .set({ state: 'active', state_reason: null })
        .where('id', '=', userId)
        .where('state', '=', 'deactivated')
        .where('state_set_by', '=', 'subject')
        .execute();
    },

    /**
     * A new account state and who set it (the account's owner, or an operator: only the owner's own
     * deactivation is lifted by a log-in); `revokeAt` set ends every live session in the same transaction.
     */
    async setState(userId: string, values: { state: string; state_reason: string | null; state_set_by: 'subject' | 'operator' }, revokeAt: number | null) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set(values).where('id', '=', userId).execute();
        if (revokeAt !== null)
          await trx.updateTable('sessions').set({ revoked_at: revokeAt }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      });
    },

    /**
     * A new single-use link or code that replaces the user's earlier ones of its kind: those are retired
     * (used_at, so the send limits, which count tokens made, still count them) and this one stored, together.
     */
    async replaceUserToken(token: Insertable<AuthTokensTable> & { user_id: string }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('auth_tokens')
          .set({ used_at: token.created_at })
          .where('user_id', '=', token.user_id)
          .where('kind', '=', token.kind)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('auth_tokens')
          .values({ ...token, security_epoch: currentEpochOf(trx, token.user_id) })
          .execute();
      });
    },

    /** Accepts a TOTP step once: only when it is later than the last one accepted. */
    async advanceTotpStep(userId: string, step: number) {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // Failed log-ins (auth/lockout.ts).
    findAttempts(email: string) {
      return db.selectFrom('login_attempts').select(['failures', 'first_failed_at', 'locked_until']).where('email', '=', email).executeTakeFirst();
    },

    /** One more failure, counted in the database so two attempts at once cannot both read the old count. */
    async addFailure(email: string, now: number, restart: boolean): Promise<number> {
      if (restart) await db.deleteFrom('login_attempts').where('email', '=', email).execute();
      const row = await db
        .insertInto('login_attempts')
        .values({ email, failures: 1, first_failed_at: now, locked_until: null })
        .onConflict((oc) => oc.column('email').doUpdateSet({ failures: sql`login_attempts.failures + 1` }))
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    async lock(email: string, until: number) {
      await db.updateTable('login_attempts').set({ locked_until: until }).where('email', '=', email).execute();
    },

    async clearAttempts(email: string) {
      await db.deleteFrom('login_attempts').where('email', '=', email).execute();
    },

    // Single-use tokens (reset links, two-factor codes, spent challenges, remembered browsers).
    /** A token of an account is issued under its epoch now. */
    async insertToken(token: Insertable<AuthTokensTable>) {
      await db
        .insertInto('auth_tokens')
        .values(token.user_id ? { ...token, security_epoch: currentEpochOf(db, token.user_id) } : token)
        .execute();
    },

    /** A live token of this kind, by the hash of its secret (a link or remembered browser only under its account's epoch). */
    findToken(id: string, kind: TokenKind, now: number) {
      return db
        .selectFrom('auth_tokens')
        .selectAll()
        .where(liveToken(id, kind, now))
        .executeTakeFirst();
    },

    /** Spends a live token; false when it was used, expired or never existed (one winner under races). */
    async useToken(id: string, kind: TokenKind, now: number) {
      return spendToken(db, id, kind, now);
    },

    /** Retires every live token of a kind for a user (a new code replaces the old one). */
    async useUserTokens(userId: string, kind: TokenKind, now: number) {
      await db.updateTable('auth_tokens').set({ used_at: now }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute();
    },

    /** Tokens of a kind made since `since`, for a user or sent to an address: the send limits. */
    async countTokensSince(kind: TokenKind, since: number, by: { userId: string } | { address: string }) {
      let query = db
        .selectFrom('auth_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .where('created_at', '>', since);
      query = 'userId' in by ? query.where('user_id', '=', by.userId) : query.where('address', '=', by.address);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    // Security settings (auth/security.ts).
    /** The session's last use, device and coarse place (session.ts viewerFromToken). */
    async sessionSeen(sessionId: string, values: { last_used_at: number; user_agent: string | null; place: string | null }) {
      // A request without a user agent or address (a script, a test) keeps what the browser last said.
      await db
        .updateTable('sessions')
        .set((eb) => ({
          last_used_at: values.last_used_at,
          user_agent: eb.fn.coalesce(eb.val(values.user_agent), eb.ref('user_agent')),
          place: eb.fn.coalesce(eb.val(values.place), eb.ref('place')),
        }))
        .where('id', '=', sessionId)
        .execute();
    },

    /** The account's live sessions, most recently used first. */
    liveSessionsOf(userId: string, now: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_used_at', 'user_agent', 'place', 'mfa_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
        .limit(200)
        .execute();
    },

    /** Ends every live session of the account but one; answers how many ended. */
    async revokeOtherSessions(userId: string, keepId: string, now: number) {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('id', '!=', keepId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Ends one live session, only the account's own; false when there was none to end. */
    async revokeUserSession(userId: string, sessionId: string, now: number) {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Backup codes not yet used. */
    async backupCodesLeft(userId: string) {
      const row = await db
        .selectFrom('auth_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', 'backup')
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** This session passed two-factor now (a step-up before acting for a business). */
    async markSessionMfa(sessionId: string, now: number) {
      await db.updateTable('sessions').set({ mfa_at: now }).where('id', '=', sessionId).execute();
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
