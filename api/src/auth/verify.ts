import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { withBrand } from '../lib/rules/brand.js';
import { newToken, sha256 } from '../lib/ids.js';
import { oneLine, type Mailer } from '../lib/mail.js';
import { addressKey } from '../lib/client-address.js';
import { limitsFor } from '../lib/limits.js';
import { VERIFY_PATH } from './rules.js';
import { authStore } from './store.js';
import { credentialStore } from './credentials/store.js';

/**
 * A verified email is a state (design item 3): a link mailed to the address, single-use,
 * expiring and stored as its hash like a reset link; following it records `email_verified_at` on the
 * account. An address typed at a social sign-up waits in `pending_email` and becomes the account's
 * email only through its link, and only while no other account has it. What trusts an address asks
 * `isVerified`: claiming an email invite, linking by email.
 */

/** A link works once, for three days; at most 5 are mailed an hour per account, 10 a day per address over every account. */
export const VERIFY = { ttlMs: 3 * 24 * 60 * 60 * 1000, sendsPerHour: 5, sendsPerAddressPerDay: 10 } as const;
/** The link mailed to the old address when an email change commits undoes it for this long. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The address an account made through a provider holds until its typed one is proven: reserved
 * (.invalid never resolves), unique by the account id, never what a person types or gets mail at.
 */
export const placeholderEmail = (userId: string) => `${userId}@unverified.invalid`;
export const isPlaceholderEmail = (email: string) => email.endsWith('@unverified.invalid');

type Recipient = { id: string; username: string; first_name: string };

export function verificationService(deps: Deps, mailer: Mailer) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const credentials = credentialStore(db);
  const limits = limitsFor(deps);

  /** Whether this account and this address may have one more link now. */
  const underSendLimits = async (userId: string, address: string) => {
    const now = clock.now();
    if ((await store.countTokensSince('verify', now - HOUR, { userId })) >= VERIFY.sendsPerHour) return false;
    return (await store.countTokensSince('verify', now - DAY, { address })) < VERIFY.sendsPerAddressPerDay;
  };

  /**
   * Mails a link for `address` (the account's email, or its pending one). A new link retires the
   * account's earlier ones. Past a send limit nothing is sent (false); a mail server that is down is
   * logged and does not fail the sign-up that asked. `sessionId`: the session that asked for an email
   * change, the one kept when the change commits.
   */
  const sendLink = async (user: Recipient, address: string, sessionId: string | null = null): Promise<boolean> => {
    if (!(await underSendLimits(user.id, address))) return false;
    const token = newToken();
    const now = clock.now();
    await store.replaceUserToken({
      id: sha256(token),
      kind: 'verify',
      user_id: user.id,
      address,
      created_at: now,
      expires_at: now + VERIFY.ttlMs,
      used_at: null,
      session_id: sessionId,
    });
    const link = `${config.publicOrigin}${VERIFY_PATH}?token=${token}`;
    const text =
      `Hi ${oneLine(user.first_name) || user.username},\n\nConfirm that ${address} is your email address for your {brand} account (${user.username}):\n\n${link}\n\n` +
      `The link works once, for the next 3 days. If you didn't make a {brand} account, ignore this email: nothing happens without the link.\n\n{brand}`;
    // The gate never throws: a mail server that is down is logged there and does not fail the sign-up.
    await mailer.send({
      kind: 'verify.email',
      to: address,
      subject: withBrand('Confirm your email for {brand}', config.brandName),
      text: withBrand(text, config.brandName),
    });
    return true;
  };

  /** The notice to the address an account just left, with the link that takes it back. */
  const mailUndo = async (userId: string, previous: string, email: string, token: string) => {
    const user = await store.findUserById(userId);
    const link = `${config.publicOrigin}${VERIFY_PATH}?undo=${token}`;
    const text =
      `Hi ${oneLine(user?.first_name ?? '') || user?.username || ''},\n\nThe email address of your {brand} account (${user?.username ?? ''}) is now ${email}.\n\n` +
      `If this wasn't you, this link puts ${previous} back and logs everyone out; it works once, for the next 7 days:\n\n${link}\n\nThen reset your password from the log-in page.\n\n{brand}`;
    // The gate never throws: a mail server that is down is logged there.
    await mailer.send({
      kind: 'verify.email_undo',
      to: previous,
      subject: withBrand('The email address of your {brand} account changed', config.brandName),
      text: withBrand(text, config.brandName),
    });
  };

  /** What the settings page shows: the email, whether it is verified, and an address waiting for its link. */
  const status = async (userId: string) => {
    const user = await store.findUserById(userId);
    if (!user) throw new ApiError('unauthorized');
    const placeholder = isPlaceholderEmail(user.email);
    return {
      email: placeholder ? null : user.email,
      verified: !placeholder && user.email_verified_at !== null,
      pending_email: user.pending_email,
    };
  };

  return {
    sendVerificationLink: sendLink,
    verificationStatus: status,

    /** Whether the account's email is proven (what trusts an address asks this). */
    async isVerified(userId: string) {
      const user = await store.findUserById(userId);
      return user !== undefined && user.email_verified_at !== null && !isPlaceholderEmail(user.email);
    },

    /**
     * Settings' "Resend": a new link to the address waiting for one. Limited per client address
     * (lib/limits.ts verifyResendAddress) and, like sign-up's mail, per account and per address.
     */
    async resendVerification(viewer: Viewer, clientAddress: string | undefined) {
      const user = await store.findUserById(viewer.id);
      if (!user) throw new ApiError('unauthorized');
      const address = user.pending_email ?? (user.email_verified_at === null && !isPlaceholderEmail(user.email) ? user.email : null);
      if (!address) return status(user.id);
      await limits.take('verifyResendAddress', addressKey(clientAddress));
      if (!(await sendLink(user, address))) throw new ApiError('verify_limited');
      return { ...(await status(user.id)), sent_to: address };
    },

    /**
     * The link was followed: spent once, before it expires, while no credential change came after it. The
     * account's own email becomes verified; a pending address becomes the account's email, unless another
     * account has it by now (its real owner signed up meanwhile): then nothing changes but the spent link.
     * A change of address is a credential change (auth/credentials/store.ts): the epoch moves, and the old
     * address is told, with a link that undoes it for 7 days.
     */
    async verifyEmail(token: string) {
      const undo = newToken();
      const outcome = await credentials.verifyEmail(sha256(token), clock.now(), { id: sha256(undo), ttlMs: EMAIL_UNDO_TTL_MS });
      if (outcome.result === 'taken') throw new ApiError('email_claimed');
      if (outcome.result !== 'verified') throw new ApiError('verify_token_invalid');
      if (outcome.previous && !isPlaceholderEmail(outcome.previous)) await mailUndo(outcome.userId, outcome.previous, outcome.email, undo);
      return { email: outcome.email, status: 'verified' as const };
    },

    /** The old address's undo link followed: it is the account's address again, the epoch moves and every session ends. */
    async undoEmailChange(token: string) {
      const outcome = await credentials.undoEmailChange(sha256(token), clock.now());
      if (outcome.result === 'taken') throw new ApiError('email_claimed');
      if (outcome.result !== 'undone') throw new ApiError('verify_token_invalid');
      return { email: outcome.email, status: 'undone' as const };
    },
  };
}

export type VerificationService = ReturnType<typeof verificationService>;
