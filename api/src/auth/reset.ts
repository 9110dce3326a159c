import type { Deps } from '../deps.js';
import type { User } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { withBrand } from '../lib/rules/brand.js';
import { newToken, sha256 } from '../lib/ids.js';
import type { Mailer } from '../lib/mail.js';
import { hashPassword } from './passwords.js';
import { assertNewPassword } from './new-password.js';
import { authStore } from './store.js';
import { credentialStore } from './credentials/store.js';
import { addressKey } from '../lib/client-address.js';
import { accountKey, limitsFor } from '../lib/limits.js';

/** A reset link works once, for an hour; at most 5 links an hour go to one account. */
export const RESET = { ttlMs: 60 * 60 * 1000, sendsPerHour: 5 } as const;
const HOUR = 60 * 60 * 1000;

/** Why a reset link is sent; each has its own wording. 'unified' is the unauth_dweb_unified_ar experiment's. */
export type ResetReason = 'reset' | 'unified' | 'assistance' | 'soft_ban';

const COPY: Record<ResetReason, { subject: string; intro: string }> = {
  reset: { subject: 'Reset your {brand} password', intro: 'Someone asked to reset the password of your {brand} account. Pick a new password here:' },
  unified: {
    subject: 'Get back into your {brand} account',
    intro: 'Someone asked for help getting into your {brand} account. Pick a new password here, then log in:',
  },
  assistance: {
    subject: 'Having trouble logging in?',
    intro: 'We noticed a few failed attempts to log in to your {brand} account. If that was you, pick a new password here:',
  },
  soft_ban: {
    subject: 'We protected your {brand} account',
    intro: 'We noticed some strange activity on your account, so we logged you out everywhere. Pick a new password here to get back in:',
  },
};

/**
 * Password reset (forgot password): a single-use link stored as its hash, mailed
 * through the Mailer (SMTP or the dev outbox); the new password meets the sign-up rules; on use every
 * session is revoked, the failure count and a soft ban are cleared, the email counts as verified (the
 * link reached it) and every linked identity the owner never proved is removed (a
 * pre-hijacker's identity must not outlive the owner's reset). Works while a log-in is locked.
 */
export function resetService(deps: Deps, mailer: Mailer) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const limits = limitsFor(deps);

  /** Mails a reset link unless this account had its hourly share; never tells the caller which. */
  const sendLink = async (user: User, reason: ResetReason) => {
    const now = clock.now();
    if ((await store.countTokensSince('reset', now - HOUR, { userId: user.id })) >= RESET.sendsPerHour) return;
    const token = newToken();
    // A new link retires the earlier ones: only the newest mail works. Past the hourly limit nothing is
    // sent and nothing retired, so the last link mailed keeps working.
    await store.replaceUserToken({
      id: sha256(token),
      kind: 'reset',
      user_id: user.id,
      address: user.email,
      created_at: now,
      expires_at: now + RESET.ttlMs,
      used_at: null,
    });
    const link = `${config.publicOrigin}/password/reset/?token=${token}`;
    const copy = COPY[reason];
    const text = `Hi ${user.first_name || user.username},\n\n${copy.intro}\n\n${link}\n\nThe link works once, for the next hour. If this wasn't you, ignore this email: your password stays as it is.\n\n{brand}`;
    // A reset proves the address it reaches, so it may go to one not yet verified (lib/messages/gate.ts). The
    // gate never throws: a mail server that is down must not change the answer (it would tell who has an account).
    await mailer.send({ kind: 'verify.reset', to: user.email, subject: withBrand(copy.subject, config.brandName), text: withBrand(text, config.brandName) });
  };

  return {
    sendLink,

    /**
     * POST /v3/users/forgot_password/: by email or username; the answer is the same whether or not one
     * matched. Limited per address and per name asked for, counted before the account is looked up, so
     * a 429 says nothing about whether it exists.
     */
    async forgotPassword(usernameOrEmail: string, type: 'unified' | 'reset', address?: string) {
      const value = usernameOrEmail.trim().toLowerCase();
      await limits.take('resetAddress', addressKey(address));
      await limits.take('resetTarget', accountKey(value));
      const user = await store.findUserByEmailOrUsername(value);
      if (user) await sendLink(user, type);
    },

    /** Whether a link is live, so the page can say so before a new password is typed. */
    async linkIsLive(token: string) {
      return (await store.findToken(sha256(token), 'reset', clock.now())) !== undefined;
    },

    async resetPassword(token: string, newPassword: string) {
      const now = clock.now();
      const id = sha256(token);
      const row = await store.findToken(id, 'reset', now);
      const user = row?.user_id ? await store.findUserById(row.user_id) : undefined;
      if (!row || !user) throw new ApiError('reset_token_invalid');
      assertNewPassword(newPassword, user.email, config.passwordMinLength);
      if (!(await credentialStore(db).resetPassword(id, user.id, user.email, await hashPassword(newPassword), now, row.address)))
        throw new ApiError('reset_token_invalid');
      return { email: user.email };
    },
  };
}

export type ResetService = ReturnType<typeof resetService>;
