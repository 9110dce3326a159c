import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database, TokenKind } from '../../db/schema.js';

/**
 * The only code that writes an account's credentials: the password hash, the email (and the address
 * waiting to become it), two-factor (method, secret, phone, backup codes), the connected providers and
 * the security epoch. Each committed change moves the epoch in its own transaction (moveSecurityEpoch),
 * so what was issued before it (sessions, links, remembered browsers) dies with it. The rules of who may
 * make a change, and with what proof, are auth/credentials/service.ts's; a boundary test holds that no
 * other file writes these columns (boundary.test.ts).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The address an account made through a provider holds until its typed one is proven (auth/verify.ts placeholderEmail). */
const PLACEHOLDER_SUFFIX = '@unverified.invalid';

/** The links and tokens an epoch move retires. Two-factor and backup codes are factors, not grants: they live on. An undo link must outlive the changes it undoes. */
export const EPOCH_BOUND_KINDS: readonly TokenKind[] = ['reset', 'verify', 'known'];

/**
 * Moves the account's security epoch, in the caller's transaction: every session but `keepSessionId`
 * ends, and every reset, verification and remembered-browser token of the account is spent. What others
 * issue under an epoch (personal access tokens, ...) is honoured only while users.security_epoch still
 * equals the epoch it recorded. Answers the new epoch.
 */
export async function moveSecurityEpoch(trx: Transaction<Database>, userId: string, now: number, keepSessionId: string | null): Promise<number> {
  await trx
    .updateTable('users')
    .set((eb) => ({ security_epoch: eb('security_epoch', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  const { security_epoch: epoch } = await trx.selectFrom('users').select('security_epoch').where('id', '=', userId).executeTakeFirstOrThrow();
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId ?? '')
    .where('revoked_at', 'is', null)
    .execute();
  if (keepSessionId) await trx.updateTable('sessions').set({ security_epoch: epoch }).where('id', '=', keepSessionId).where('user_id', '=', userId).execute();
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', 'in', [...EPOCH_BOUND_KINDS])
    .where('used_at', 'is', null)
    .execute();
  // An address waiting for its (now dead) link is dropped, but not the typed address of an account made through a
  // provider, which holds a placeholder until it is proven (auth/verify.ts placeholderEmail): it can ask for a new link.
  await trx.updateTable('users').set({ pending_email: null }).where('id', '=', userId).where('email', 'not like', `%${PLACEHOLDER_SUFFIX}`).execute();
  return Number(epoch);
}

/**
 * An account being deleted gives up every credential at once: its address is freed for a new sign-up (the row
 * keeps one no one can have), its providers are unlinked, and the epoch moves, so nothing issued before works.
 */
export async function retireAllCredentials(trx: Transaction<Database>, userId: string, freedEmail: string, now: number): Promise<void> {
  await moveSecurityEpoch(trx, userId, now, null);
  await trx.updateTable('users').set({ email: freedEmail, pending_email: null }).where('id', '=', userId).execute();
  await trx.deleteFrom('identities').where('user_id', '=', userId).execute();
}

/** The account's epoch now, as a subquery: what a new session or token records. */
export const currentEpochOf = (db: Db, userId: string) => db.selectFrom('users').select('users.security_epoch').where('users.id', '=', userId);

/** A token row is still under its account's epoch (for the kinds an epoch move retires; others pass). */
export function tokenEpochIsCurrent(kind: TokenKind): (eb: ExpressionBuilder<Database, 'auth_tokens'>) => Expression<SqlBool> {
  return (eb) =>
    EPOCH_BOUND_KINDS.includes(kind)
      ? eb('auth_tokens.security_epoch', '=', eb.selectFrom('users').select('users.security_epoch').whereRef('users.id', '=', 'auth_tokens.user_id'))
      : eb.lit(true);
}

/**
 * Two-factor off, in the caller's transaction: the method, secret and phone cleared, live codes and backup
 * codes retired, the epoch moved. An operator's reset calls it inside the transaction that writes its audit row.
 */
export async function disableMfaIn(trx: Transaction<Database>, userId: string, now: number, keepSessionId: string | null): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      mfa_method: null,
      totp_secret: null,
      totp_last_step: null,
      phone_number: null,
      mfa_enabled_at: null,
      mfa_pending_method: null,
      mfa_pending_secret: null,
      mfa_pending_phone: null,
    })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', 'in', ['backup', 'mfa'])
    .where('used_at', 'is', null)
    .execute();
  await moveSecurityEpoch(trx, userId, now, keepSessionId);
}

export type MfaValues = { mfa_method: 'totp' | 'sms'; totp_secret: string | null; phone_number: string | null; totp_last_step: number | null };
export type Identity = { provider: string; subject: string; user_id: string; email: string | null; created_at: number; proven_at: number | null };

/** Spends a live token of a kind, under its epoch when the kind is bound to one; false when it was used, expired, retired or never existed (one winner under races). */
export async function spendToken(db: Db, id: string, kind: TokenKind, now: number): Promise<boolean> {
  const result = await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where(liveToken(id, kind, now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The token row by the hash of its secret while it is live: unused, unexpired, and under its account's epoch when its kind is bound to one. */
export function liveToken(id: string, kind: TokenKind, now: number): (eb: ExpressionBuilder<Database, 'auth_tokens'>) => Expression<SqlBool> {
  return (eb) =>
    eb.and([
      eb('auth_tokens.id', '=', id),
      eb('auth_tokens.kind', '=', kind),
      eb('auth_tokens.used_at', 'is', null),
      eb('auth_tokens.expires_at', '>', now),
      tokenEpochIsCurrent(kind)(eb),
    ]);
}

export function credentialStore(db: Kysely<Database>) {
  const spend = spendToken;

  return {
    /** A logged-in password change: the hash, and the epoch moved (every session ends: the caller starts the next). */
    async changePassword(userId: string, passwordHash: string, now: number) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
        await moveSecurityEpoch(trx, userId, now, null);
      });
    },

    /** A password for an account that has none, keeping the session that set it; false when it has one by now. */
    async setFirstPassword(userId: string, passwordHash: string, now: number, keepSessionId: string) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', userId)
          .where('password_hash', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await moveSecurityEpoch(trx, userId, now, keepSessionId);
        return true;
      });
    },

    /**
     * A password reset: the link spent (only while it is under the account's epoch), the new hash, the
     * epoch moved (every session and link ends), the failure count and a soft ban cleared, the email
     * proven when it is still the one mailed, every identity the owner never proved removed, all or
     * nothing. False when the link was not live.
     */
    async resetPassword(tokenId: string, userId: string, email: string, passwordHash: string, now: number, mailedTo: string | null) {
      return db.transaction().execute(async (trx) => {
        if (!(await spend(trx, tokenId, 'reset', now))) return false;
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
        await trx.updateTable('users').set({ state: 'active', state_reason: null }).where('id', '=', userId).where('state', '=', 'soft_banned').execute();
        await moveSecurityEpoch(trx, userId, now, null);
        await trx.deleteFrom('login_attempts').where('email', '=', email).execute();
        // The link reached the mailbox, so the email is proven (when it is still the one mailed) ...
        await trx
          .updateTable('users')
          .set({ email_verified_at: now })
          .where('id', '=', userId)
          .where('email', '=', mailedTo ?? '')
          .where('email_verified_at', 'is', null)
          .execute();
        // ... and an identity the owner never proved (a pre-hijacker's) no longer logs in.
        await trx.deleteFrom('identities').where('user_id', '=', userId).where('proven_at', 'is', null).execute();
        return true;
      });
    },

    /** The account's email is proven (a provider vouched for that very address); only while it is still that email. */
    async markEmailVerified(id: string, email: string, now: number) {
      await db
        .updateTable('users')
        .set({ email_verified_at: now })
        .where('id', '=', id)
        .where('email', '=', email)
        .where('email_verified_at', 'is', null)
        .execute();
    },

    /** An address asked for: it waits in pending_email for its link (nothing is retired until it commits). */
    async requestEmail(userId: string, email: string) {
      await db.updateTable('users').set({ pending_email: email }).where('id', '=', userId).execute();
    },

    /**
     * A verification link followed: spent once (under the account's epoch), then the account's email marked
     * verified, or its pending address made its email. The swap is a credential change: the epoch moves
     * (every session but the one that asked ends), and the old address gets an undo link (`undoId`, the
     * hash of its secret, live `undoTtlMs`). 'taken' when another account has that address by now.
     */
    async verifyEmail(
      tokenId: string,
      now: number,
      undo: { id: string; ttlMs: number },
    ): Promise<{ result: 'verified'; email: string; previous: string | null; userId: string } | { result: 'invalid' | 'taken' }> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .selectFrom('auth_tokens')
          .select(['user_id', 'address', 'session_id'])
          .where('id', '=', tokenId)
          .where('kind', '=', 'verify')
          .executeTakeFirst();
        if (!(await spend(trx, tokenId, 'verify', now)) || !token?.user_id || !token.address) return { result: 'invalid' as const };
        const user = await trx.selectFrom('users').select(['email', 'pending_email']).where('id', '=', token.user_id).executeTakeFirst();
        if (user?.email === token.address) {
          await trx.updateTable('users').set({ email_verified_at: now }).where('id', '=', token.user_id).where('email_verified_at', 'is', null).execute();
          return { result: 'verified' as const, email: token.address, previous: null, userId: token.user_id };
        }
        if (!user || user.pending_email !== token.address) return { result: 'invalid' as const };
        const holder = await trx.selectFrom('users').select('id').where('email', '=', token.address).executeTakeFirst();
        if (holder) return { result: 'taken' as const };
        await trx.updateTable('users').set({ email: token.address, pending_email: null, email_verified_at: now }).where('id', '=', token.user_id).execute();
        // An account made through a provider proving its first address replaces only a placeholder: nothing to retire or undo.
        if (user.email.endsWith(PLACEHOLDER_SUFFIX)) return { result: 'verified' as const, email: token.address, previous: null, userId: token.user_id };
        await moveSecurityEpoch(trx, token.user_id, now, token.session_id);
        await trx
          .insertInto('auth_tokens')
          .values({
            id: undo.id,
            kind: 'email_undo',
            user_id: token.user_id,
            address: user.email,
            created_at: now,
            expires_at: now + undo.ttlMs,
            used_at: null,
          })
          .execute();
        return { result: 'verified' as const, email: token.address, previous: user.email, userId: token.user_id };
      });
    },

    /**
     * An email change undone from the old address's notice: the old address is the account's again (and
     * proven: the link reached it), a waiting address dropped, the epoch moved and every session ended.
     * 'taken' when another account holds the old address by now; 'invalid' when the link is not live.
     */
    async undoEmailChange(tokenId: string, now: number): Promise<{ result: 'undone'; email: string; userId: string } | { result: 'invalid' | 'taken' }> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .selectFrom('auth_tokens')
          .select(['user_id', 'address'])
          .where('id', '=', tokenId)
          .where('kind', '=', 'email_undo')
          .executeTakeFirst();
        if (!(await spend(trx, tokenId, 'email_undo', now)) || !token?.user_id || !token.address) return { result: 'invalid' as const };
        const holder = await trx.selectFrom('users').select('id').where('email', '=', token.address).executeTakeFirst();
        if (holder && holder.id !== token.user_id) return { result: 'taken' as const };
        await trx.updateTable('users').set({ email: token.address, pending_email: null, email_verified_at: now }).where('id', '=', token.user_id).execute();
        await moveSecurityEpoch(trx, token.user_id, now, null);
        return { result: 'undone' as const, email: token.address, userId: token.user_id };
      });
    },

    /** A two-factor set-up waiting for its code (not yet a credential: nothing proves with it). */
    async startMfa(userId: string, pending: { mfa_pending_method: 'totp' | 'sms'; mfa_pending_secret: string | null; mfa_pending_phone: string | null }) {
      await db.updateTable('users').set(pending).where('id', '=', userId).execute();
    },

    /**
     * Two-factor on: the method, its secret or phone, the backup codes (hashes; earlier ones retired), the
     * epoch moved keeping `sessionId`, and that session marked as having passed it, all or nothing. False
     * when two-factor was on already. `sessionId` null: an operator's change (every session ends).
     */
    async enableMfa(userId: string, values: MfaValues, backupHashes: string[], sessionId: string | null, now: number) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ ...values, mfa_enabled_at: now, mfa_pending_method: null, mfa_pending_secret: null, mfa_pending_phone: null })
          .where('id', '=', userId)
          .where('mfa_method', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('auth_tokens')
          .set({ used_at: now })
          .where('user_id', '=', userId)
          .where('kind', 'in', ['backup', 'mfa'])
          .where('used_at', 'is', null)
          .execute();
        if (backupHashes.length)
          await trx
            .insertInto('auth_tokens')
            .values(
              backupHashes.map((id) => ({
                id,
                kind: 'backup' as const,
                user_id: userId,
                address: null,
                created_at: now,
                expires_at: Number.MAX_SAFE_INTEGER,
                used_at: null,
              })),
            )
            .execute();
        await moveSecurityEpoch(trx, userId, now, sessionId);
        if (sessionId) await trx.updateTable('sessions').set({ mfa_at: now }).where('id', '=', sessionId).execute();
        return true;
      });
    },

    /** Two-factor off: the method, secret and phone cleared, live codes and backup codes retired, the epoch moved. */
    async disableMfa(userId: string, now: number, keepSessionId: string | null) {
      await db.transaction().execute((trx) => disableMfaIn(trx, userId, now, keepSessionId));
    },

    /**
     * Links an identity and spends its flow together, the epoch moved keeping `keepSessionId`; false when
     * the provider or the subject is taken meanwhile. `proven_at` when the account's owner proved it.
     */
    async link(identity: Identity, flowId: string, keepSessionId: string) {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('identities').values(identity).execute();
          await trx.updateTable('oauth_flows').set({ used_at: identity.created_at }).where('id', '=', flowId).execute();
          await moveSecurityEpoch(trx, identity.user_id, identity.created_at, keepSessionId);
        });
        return true;
      } catch {
        return false;
      }
    },

    /** A provider disconnected, the epoch moved keeping `keepSessionId`; false when there was none. */
    async unlink(userId: string, provider: string, now: number, keepSessionId: string) {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('identities').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await moveSecurityEpoch(trx, userId, now, keepSessionId);
        return true;
      });
    },
  };
}

export type CredentialStore = ReturnType<typeof credentialStore>;
