import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import type { DeactivationReason } from '../auth/rules/recovery.js';
import type { User } from '../db/schema.js';
import { disableMfaIn } from '../auth/credentials/store.js';
import { type Actor, auditLog } from './audit.js';
import type { PersonAction } from './contract.js';

/** How the operator's 'mail a password reset' reaches the person: the auth capability's own reset link (auth/reset.ts sendLink). */
export type SendReset = (user: User) => Promise<void>;

/** How many accounts one search shows: a search finds a person, it is no way to list everyone. */
export const SEARCH_LIMIT = 20;

/** The account states each action sets (null: the state stays). A state that refuses log-in ends every session with it. */
const STATE_OF: Record<PersonAction, 'suspended' | 'deactivated' | 'active' | null> = {
  suspend: 'suspended',
  deactivate: 'deactivated',
  reinstate: 'active',
  end_sessions: null,
  unlock: null,
  reset_two_factor: null,
  mail_password_reset: null,
};

/** `%` and `_` typed in a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * The operators' view of people and their actions on accounts. The console and `npm run admin` both call
 * `act`, so both change the same things and both write the audit log, in the same transaction as the change.
 */
export function operatorPeople(deps: Pick<Deps, 'db' | 'clock'>, sendReset?: SendReset) {
  const { db, clock } = deps;

  const summary = (q: ReturnType<typeof base>) => q.select(['users.id', 'users.email', 'users.username', 'users.first_name', 'users.last_name', 'users.state']);
  const base = (trx: Kysely<Database>) => trx.selectFrom('users');

  return {
    /** Accounts whose email, username or name holds the words typed (case-insensitive), a bounded page of them. */
    async search(query: string) {
      const words = query.trim().toLowerCase();
      const pattern = `%${likeEscaped(words)}%`;
      return summary(base(db))
        .where((eb) =>
          eb.or([
            eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(users.username)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(users.first_name || ' ' || users.last_name)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        )
        .orderBy('users.email')
        .limit(SEARCH_LIMIT)
        .execute();
    },

    /** One account as the console shows it: state, sign-ins, two-factor, providers, businesses and counts. */
    async person(userId: string) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'username', 'first_name', 'last_name', 'state', 'state_reason', 'mfa_method', 'is_operator', 'pin_count', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) throw new ApiError('not_found', 'No account with that id.');
      const now = clock.now();
      const [providers, businesses, boards, sessions, lastSignIn, lock] = await Promise.all([
        db.selectFrom('identities').select('provider').where('user_id', '=', userId).orderBy('provider').execute(),
        db
          .selectFrom('advertiser_members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('boards')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sessions')
          .select((eb) => eb.fn.max('created_at').as('at'))
          .where('user_id', '=', userId)
          .executeTakeFirst(),
        db.selectFrom('login_attempts').select(['failures', 'locked_until']).where('email', '=', user.email).executeTakeFirst(),
      ]);
      return {
        id: user.id,
        email: user.email,
        username: user.username,
        name: `${user.first_name} ${user.last_name}`.trim(),
        state: user.state,
        state_reason: user.state_reason,
        operator: user.is_operator === 1,
        mfa: user.mfa_method,
        providers: providers.map((p) => p.provider),
        businesses: Number(businesses.n),
        pins: Number(user.pin_count),
        boards: Number(boards.n),
        live_sessions: Number(sessions.n),
        last_sign_in_at: lastSignIn?.at === null || lastSignIn?.at === undefined ? null : Number(lastSignIn.at),
        failed_log_ins: lock ? Number(lock.failures) : 0,
        locked: !!lock?.locked_until && Number(lock.locked_until) > now,
        created_at: Number(user.created_at),
      };
    },

    /**
     * An action on an account, and its audit row, in one transaction: there is no change without its record.
     * An operator never acts on their own account from the console (suspending or ending their own sessions
     * would lock out the one who can undo it, and when they are the last operator, everyone).
     */
    async act(actor: Actor, userId: string, action: PersonAction, reason: string | null, deactivation: DeactivationReason = 'community_guidelines') {
      if (actor.via === 'console' && actor.operatorId === userId) throw new ApiError('operator_own_account');
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select(['id', 'email', 'state']).where('id', '=', userId).executeTakeFirst();
        if (!user) throw new ApiError('not_found', 'No account with that id.');
        const state = STATE_OF[action];
        if (state) {
          // Recorded as the operator's, so its subject cannot undo it by logging in (auth/states.ts admitAtLogIn).
          await trx
            .updateTable('users')
            .set({ state, state_reason: state === 'deactivated' ? deactivation : null, state_set_by: 'operator' })
            .where('id', '=', userId)
            .execute();
        }
        // Every state that refuses log-in ends the account's sessions with it; ending sessions does only that.
        if (action === 'suspend' || action === 'deactivate' || action === 'end_sessions') {
          await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
        }
        if (action === 'unlock') await trx.deleteFrom('login_attempts').where('email', '=', user.email).execute();
        // Two-factor off through the credentials' own writer: the epoch moves, so every session and link ends with it.
        if (action === 'reset_two_factor') await disableMfaIn(trx, userId, now, null);
        if (action === 'mail_password_reset' && !sendReset) throw new ApiError('invalid_input', 'No mailer here to send a reset link.');
        await auditLog(trx, clock).record(actor, {
          action: `account.${action}`,
          subjectKind: 'user',
          subjectId: userId,
          reason,
          detail: state ? { from: user.state, to: state } : null,
        });
      });
      // The link is mailed once its record is committed: the mail cannot be taken back, so the record comes first.
      if (action === 'mail_password_reset' && sendReset) {
        const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
        await sendReset(user);
      }
    },
  };
}

export type OperatorPeople = ReturnType<typeof operatorPeople>;
