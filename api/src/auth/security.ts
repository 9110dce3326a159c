import QRCode from 'qrcode';
import type { Deps, Viewer } from '../deps.js';
import type { User } from '../db/schema.js';
import { withBrand } from '../lib/rules/brand.js';
import { ApiError, type ErrorName } from '../lib/errors.js';
import { sha256 } from '../lib/ids.js';
import { jobQueue } from '../jobs/service.js';
import { limitsFor } from '../lib/limits.js';
import { queueAccountRelease } from '../media/release.js';
import { oneLine, type Mailer, type SmsSender } from '../lib/mail.js';
import { mfaService, newTotpSecret, phoneNumberEnd, totpFor } from './mfa.js';
import { verifyPassword } from './passwords.js';
import { emailIsValid } from './register.js';
import { loggedInRecently } from './rules.js';
import { deviceOf, normalisePhone, placeOf } from './security-rules.js';
import { normaliseEmail } from './session.js';
import { authStore } from './store.js';
import { isPlaceholderEmail, type VerificationService } from './verify.js';

/**
 * Security settings people run themselves (issue 27): two-factor by authenticator app or SMS with
 * backup codes, the step-up a session passes before acting for a business, email change, the list of
 * active sessions, deactivation and deletion. Every change that could lock the owner out or let a
 * thief in asks for a fresh proof (the password, or a two-factor code), and wrong proofs are counted per
 * account (lib/limits.ts securityAccount) so guessing is bounded whatever the session.
 */

/** What proves it is the owner at the keyboard: the password, or a two-factor code (a backup code too). */
export interface Proof {
  password?: string;
  code?: string;
}

/** The public handle of a session in the list: derived from its id, so the list never shows the stored key. */
export const sessionHandle = (sessionId: string) => sha256(`session-handle:${sessionId}`).slice(0, 32);

export function securityService(deps: Deps, outgoing: { mailer: Mailer; sms: SmsSender }, verification: Pick<VerificationService, 'sendVerificationLink'>, startSession: (userId: string, mfaAt?: number | null) => Promise<string>) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const mfa = mfaService(deps, outgoing.sms);
  const limits = limitsFor(deps);
  const jobs = jobQueue(deps);

  const userOf = async (viewer: Viewer) => {
    const user = await store.findUserById(viewer.id);
    if (!user) throw new ApiError('unauthorized');
    return user;
  };

  /** Runs one guess under the account's limit: refused once the share is used; a wrong guess is counted. */
  const guarded = async (userId: string, guess: () => Promise<boolean>, wrong: ErrorName) => {
    await limits.check('securityAccount', userId);
    if (await guess()) return;
    await limits.count('securityAccount', userId);
    throw new ApiError(wrong);
  };

  /**
   * The fresh proof a change asks for. A code when two-factor is on and one is given; else the
   * password. An account with neither (a provider-only account without two-factor) proves itself by a
   * recent log-in, as linking a provider does.
   */
  const prove = async (viewer: Viewer, user: User, proof: Proof) => {
    if (proof.code && user.mfa_method) return guarded(user.id, () => mfa.verifyOrBackup(user, proof.code!), 'mfa_code_invalid');
    if (proof.password && user.password_hash) return guarded(user.id, () => verifyPassword(user.password_hash!, proof.password!), 'password_incorrect');
    if (!user.password_hash && !user.mfa_method) {
      if (loggedInRecently(viewer, clock.now())) return;
      throw new ApiError('reauth_required');
    }
    throw new ApiError('proof_required', user.password_hash ? undefined : 'Enter a two-factor code to continue.');
  };

  const notify = async (to: string, subject: string, text: string) => {
    if (isPlaceholderEmail(to)) return;
    try {
      await outgoing.mailer.send({ to, subject: withBrand(subject, config.brandName), text: withBrand(text, config.brandName) });
    } catch (error) {
      console.error('security notice not sent', error);
    }
  };
  const greeting = (user: User) => `Hi ${oneLine(user.first_name) || user.username},`;

  const status = async (viewer: Viewer) => {
    const user = await userOf(viewer);
    return {
      mfa: {
        method: user.mfa_method as 'totp' | 'sms' | null,
        phone_number_end: user.mfa_method === 'sms' ? phoneNumberEnd(user.phone_number ?? '') : null,
        backup_codes_left: user.mfa_method ? await store.backupCodesLeft(user.id) : 0,
        // Whether this session may act for a business it does not own (policy/rules.ts campaignRule).
        session_passed: viewer.mfaPassed,
        pending: user.mfa_method ? null : (user.mfa_pending_method as 'totp' | 'sms' | null),
      },
      has_password: user.password_hash !== null,
      email: isPlaceholderEmail(user.email) ? null : user.email,
      pending_email: user.pending_email,
    };
  };

  /** Rotates the session that turned two-factor on (it passed it) and tells the account's mailbox. */
  const afterEnable = async (viewer: Viewer, user: User, codes: string[]) => {
    const now = clock.now();
    await store.revokeSession(viewer.sessionId, now);
    const token = await startSession(user.id, now);
    await notify(user.email, 'Two-factor authentication is on for your {brand} account', `${greeting(user)}\n\nTwo-factor authentication is now on for your {brand} account. If you didn't turn it on, reset your password right away.\n\n{brand}`);
    return { token, backup_codes: codes };
  };


  return {
    securityStatus: status,
    /** The fresh proof alone, for a change made elsewhere that asks for one (a personal access token, tokens/). */
    proveOwner: async (viewer: Viewer, proof: Proof) => prove(viewer, await userOf(viewer), proof),

    /** An authenticator app set-up: a new secret (replacing one not confirmed), its otpauth URI and QR code. */
    async startTotp(viewer: Viewer) {
      const user = await userOf(viewer);
      if (user.mfa_method) throw new ApiError('mfa_already_on');
      const secret = newTotpSecret();
      await store.updateUser(user.id, { mfa_pending_method: 'totp', mfa_pending_secret: secret, mfa_pending_phone: null });
      const uri = totpFor(secret, user.email, config.brandName).toString();
      return { method: 'totp' as const, secret, otpauth_uri: uri, qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
    },

    /** An SMS set-up: a code texted to the phone being added (the dev outbox without a provider). */
    async startSms(viewer: Viewer, phone: string) {
      const user = await userOf(viewer);
      if (user.mfa_method) throw new ApiError('mfa_already_on');
      const number = normalisePhone(phone);
      if (!number) throw new ApiError('phone_invalid');
      await limits.take('mfaSetupAccount', user.id);
      await store.updateUser(user.id, { mfa_pending_method: 'sms', mfa_pending_secret: null, mfa_pending_phone: number });
      await mfa.sendCodeTo(user, number);
      return { method: 'sms' as const, phone_number_end: phoneNumberEnd(number) };
    },

    /**
     * The set-up's code confirms it: two-factor is on, this session has passed it (and rotates), and ten
     * backup codes are answered, once; only their hashes are kept.
     */
    async confirmMfa(viewer: Viewer, code: string) {
      const user = await userOf(viewer);
      if (user.mfa_method) throw new ApiError('mfa_already_on');
      const method = user.mfa_pending_method;
      if (method === 'totp' && user.mfa_pending_secret) {
        let step: number | null = null;
        await guarded(user.id, async () => (step = mfa.verifySetupTotp(user.mfa_pending_secret!, user.email, code)) !== null, 'mfa_code_invalid');
        const backup = mfa.newBackupCodes(user.id);
        if (!(await store.enableMfa(user.id, { mfa_method: 'totp', totp_secret: user.mfa_pending_secret, phone_number: null, totp_last_step: step }, backup.hashes, viewer.sessionId, clock.now()))) throw new ApiError('mfa_already_on');
        return afterEnable(viewer, user, backup.codes);
      }
      if (method === 'sms' && user.mfa_pending_phone) {
        await guarded(user.id, () => mfa.verifySmsCode(user.id, code), 'mfa_code_invalid');
        const backup = mfa.newBackupCodes(user.id);
        if (!(await store.enableMfa(user.id, { mfa_method: 'sms', totp_secret: null, phone_number: user.mfa_pending_phone, totp_last_step: null }, backup.hashes, viewer.sessionId, clock.now()))) throw new ApiError('mfa_already_on');
        return afterEnable(viewer, user, backup.codes);
      }
      throw new ApiError('mfa_not_started');
    },

    /** A code for an SMS account (to turn two-factor off, or to pass it before acting for a business). */
    async sendMfaCode(viewer: Viewer) {
      const user = await userOf(viewer);
      if (!user.mfa_method) throw new ApiError('mfa_not_on');
      await mfa.sendCode(user);
      return { sent: user.mfa_method === 'sms', phone_number_end: user.mfa_method === 'sms' ? phoneNumberEnd(user.phone_number ?? '') : null };
    },

    /** Two-factor off, with a fresh code (app, SMS or backup): the secret, phone and backup codes go. */
    async disableMfa(viewer: Viewer, code: string) {
      const user = await userOf(viewer);
      if (!user.mfa_method) throw new ApiError('mfa_not_on');
      await guarded(user.id, () => mfa.verifyOrBackup(user, code), 'mfa_code_invalid');
      await store.disableMfa(user.id, clock.now());
      await notify(user.email, 'Two-factor authentication is off for your {brand} account', `${greeting(user)}\n\nTwo-factor authentication was turned off for your {brand} account. If you didn't turn it off, reset your password right away.\n\n{brand}`);
      return status({ ...viewer, mfaPassed: false });
    },

    /** The step-up: this session passes two-factor now (and rotates), so it may act for a business. */
    async passMfa(viewer: Viewer, code: string) {
      const user = await userOf(viewer);
      if (!user.mfa_method) throw new ApiError('mfa_not_on');
      await guarded(user.id, () => mfa.verifyOrBackup(user, code), 'mfa_code_invalid');
      const now = clock.now();
      await store.revokeSession(viewer.sessionId, now);
      return startSession(user.id, now);
    },

    /**
     * Email change: a confirmation link to the new address (the verification link of auth/verify.ts: the
     * address waits in pending_email and becomes the account's only when the link is followed) and a
     * notice to the old one.
     */
    async changeEmail(viewer: Viewer, newEmail: string, proof: Proof) {
      const user = await userOf(viewer);
      const email = normaliseEmail(newEmail);
      if (!emailIsValid(email)) throw new ApiError('email_invalid');
      if (email === user.email) throw new ApiError('email_unchanged');
      await prove(viewer, user, proof);
      if (await store.emailExists(email)) throw new ApiError('email_taken');
      await store.updateUser(user.id, { pending_email: email });
      if (!(await verification.sendVerificationLink(user, email))) throw new ApiError('verify_limited');
      await notify(
        user.email,
        'Your {brand} email address is changing',
        `${greeting(user)}\n\nSomeone asked to change the email address of your {brand} account (${user.username}) to ${email}. It changes only when the link we sent there is followed.\n\nIf this wasn't you, log in and change your password: your email stays as it is.\n\n{brand}`,
      );
      return { pending_email: email };
    },

    /** The account's live sessions: device, coarse place, last use, and which one is this. */
    async sessions(viewer: Viewer) {
      const rows = await store.liveSessionsOf(viewer.id, clock.now());
      return rows.map((row) => ({
        id: sessionHandle(row.id),
        current: row.id === viewer.sessionId,
        device: deviceOf(row.user_agent),
        place: placeOf(row.place),
        last_used_at: Number(row.last_used_at ?? row.created_at),
        created_at: Number(row.created_at),
      }));
    },

    /** "Log out of all other sessions". */
    async logOutOthers(viewer: Viewer) {
      return { ended: await store.revokeOtherSessions(viewer.id, viewer.sessionId, clock.now()) };
    },

    /** One session logged out, by its handle; `current` when it was this one (the cookie goes too). */
    async logOutSession(viewer: Viewer, handle: string) {
      const rows = await store.liveSessionsOf(viewer.id, clock.now());
      const row = rows.find((r) => sessionHandle(r.id) === handle);
      if (!row || !(await store.revokeUserSession(viewer.id, row.id, clock.now()))) throw new ApiError('session_not_found');
      return { current: row.id === viewer.sessionId };
    },

    /** Deactivation (auth.md section 8's "user-requested closure"): every session ends; logging in again reactivates. */
    async deactivate(viewer: Viewer, proof: Proof) {
      const user = await userOf(viewer);
      await prove(viewer, user, proof);
      await store.setState(user.id, { state: 'deactivated', state_reason: 'user_requested' }, clock.now());
      await notify(user.email, 'Your {brand} account is deactivated', `${greeting(user)}\n\nYour {brand} account (${user.username}) is deactivated: your profile, boards and Pins are hidden. Log in again any time to reactivate it.\n\n{brand}`);
      return { state: 'deactivated' as const };
    },

    /** Deletion: the account and its data go (auth/store.ts deleteUser); a notice is mailed to its address. */
    async deleteAccount(viewer: Viewer, proof: Proof) {
      const user = await userOf(viewer);
      await prove(viewer, user, proof);
      // Its media bytes go after, by a job: those another account's pin still shows stay (media/release.ts).
      await store.deleteUser(user.id, (trx) => queueAccountRelease(trx, jobs, user.id, config.publicOrigin));
      await notify(user.email, 'Your {brand} account is deleted', `${greeting(user)}\n\nYour {brand} account (${user.username}) and its boards, Pins and settings are deleted. This can't be undone. If you didn't ask for this, contact us.\n\n{brand}`);
      return { state: 'deleted' as const };
    },
  };
}

export type SecurityService = ReturnType<typeof securityService>;
