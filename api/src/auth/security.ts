import QRCode from 'qrcode';
import type { Deps, Viewer } from '../deps.js';
import type { User } from '../db/schema.js';
import { withBrand } from '../lib/rules/brand.js';
import { ApiError } from '../lib/errors.js';
import { sha256 } from '../lib/ids.js';
import { jobQueue } from '../jobs/service.js';
import { limitsFor } from '../lib/limits.js';
import { startAccountDeletion } from './deletion.js';
import { oneLine, type Mailer, type SmsSender } from '../lib/mail.js';
import { addressKey } from '../lib/client-address.js';
import { credentialStore } from './credentials/store.js';
import { proofService, type Proof } from './credentials/proof.js';
import type { NoticeKind } from '../lib/messages/gate.js';
import { mfaService, newTotpSecret, phoneNumberEnd, totpFor } from './mfa.js';
import { emailIsValid } from './register.js';
import { deviceOf, normalisePhone, placeOf } from './security-rules.js';
import { normaliseEmail, type StartSession } from './session.js';
import { authStore } from './store.js';
import { isPlaceholderEmail, type VerificationService } from './verify.js';

/**
 * Security settings people run themselves: two-factor by authenticator app or SMS with backup codes, the
 * step-up a session passes before acting for a business, email change, the list of active sessions,
 * deactivation and deletion. Every credential change asks auth/credentials/proof.ts for a fresh proof of
 * the factors the account had before it, and is written by auth/credentials/store.ts, which moves the
 * account's security epoch.
 */
export type { Proof };

/** The public handle of a session in the list: derived from its id, so the list never shows the stored key. */
export const sessionHandle = (sessionId: string) => sha256(`session-handle:${sessionId}`).slice(0, 32);

export function securityService(
  deps: Deps,
  outgoing: { mailer: Mailer; sms: SmsSender },
  verification: Pick<VerificationService, 'sendVerificationLink'>,
  startSession: StartSession,
) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const credentials = credentialStore(db);
  const mfa = mfaService(deps, outgoing.sms);
  const { prove, guarded } = proofService(deps, outgoing.sms);
  const limits = limitsFor(deps);
  const jobs = jobQueue(deps);

  const userOf = async (viewer: Viewer) => {
    const user = await store.findUserById(viewer.id);
    if (!user) throw new ApiError('unauthorized');
    return user;
  };

  /** A security notice to the account's own address: the message gate sends it only once that address is verified, and folds repeats. */
  const notify = async (kind: NoticeKind, account: User, subject: string, text: string, about?: string) => {
    if (isPlaceholderEmail(account.email)) return;
    await outgoing.mailer.send({ kind, account, about, subject: withBrand(subject, config.brandName), text: withBrand(text, config.brandName) });
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

  /** Rotates the session that turned two-factor on (it passed it; its log-in time stays) and tells the account's mailbox. */
  const afterEnable = async (viewer: Viewer, user: User, codes: string[]) => {
    const now = clock.now();
    await store.revokeSession(viewer.sessionId, now);
    const token = await startSession(user.id, now, viewer.loggedInAt);
    await notify(
      'notice.mfa_on',
      user,
      'Two-factor authentication is on for your {brand} account',
      `${greeting(user)}\n\nTwo-factor authentication is now on for your {brand} account. If you didn't turn it on, reset your password right away.\n\n{brand}`,
    );
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
      await credentials.startMfa(user.id, { mfa_pending_method: 'totp', mfa_pending_secret: secret, mfa_pending_phone: null });
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
      await credentials.startMfa(user.id, { mfa_pending_method: 'sms', mfa_pending_secret: null, mfa_pending_phone: number });
      await mfa.sendCodeTo(user, number);
      return { method: 'sms' as const, phone_number_end: phoneNumberEnd(number) };
    },

    /**
     * The set-up's code confirms it, after the fresh proof of the account's own factor (its password, or a
     * recent real log-in): the new factor never vouches for itself. Two-factor is on, the epoch moves (every
     * other session ends), this session has passed it (and rotates), and ten backup codes are answered,
     * once; only their hashes are kept.
     */
    async confirmMfa(viewer: Viewer, code: string, proof: Proof) {
      const user = await userOf(viewer);
      if (user.mfa_method) throw new ApiError('mfa_already_on');
      const method = user.mfa_pending_method;
      if (method) await prove(viewer, user, { password: proof.password });
      if (method === 'totp' && user.mfa_pending_secret) {
        let step: number | null = null;
        await guarded(user.id, async () => (step = mfa.verifySetupTotp(user.mfa_pending_secret!, user.email, code)) !== null, 'mfa_code_invalid');
        const backup = mfa.newBackupCodes(user.id);
        if (
          !(await credentials.enableMfa(
            user.id,
            { mfa_method: 'totp', totp_secret: user.mfa_pending_secret, phone_number: null, totp_last_step: step },
            backup.hashes,
            viewer.sessionId,
            clock.now(),
          ))
        )
          throw new ApiError('mfa_already_on');
        return afterEnable(viewer, user, backup.codes);
      }
      if (method === 'sms' && user.mfa_pending_phone) {
        await guarded(user.id, () => mfa.verifySmsCode(user.id, code), 'mfa_code_invalid');
        const backup = mfa.newBackupCodes(user.id);
        if (
          !(await credentials.enableMfa(
            user.id,
            { mfa_method: 'sms', totp_secret: null, phone_number: user.mfa_pending_phone, totp_last_step: null },
            backup.hashes,
            viewer.sessionId,
            clock.now(),
          ))
        )
          throw new ApiError('mfa_already_on');
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

    /** Two-factor off, with the password and a fresh code (app, SMS or backup): the secret, phone and backup codes go, the epoch moves. */
    async disableMfa(viewer: Viewer, proof: Proof) {
      const user = await userOf(viewer);
      if (!user.mfa_method) throw new ApiError('mfa_not_on');
      await prove(viewer, user, proof);
      await credentials.disableMfa(user.id, clock.now(), viewer.sessionId);
      await notify(
        'notice.mfa_off',
        user,
        'Two-factor authentication is off for your {brand} account',
        `${greeting(user)}\n\nTwo-factor authentication was turned off for your {brand} account. If you didn't turn it off, reset your password right away.\n\n{brand}`,
      );
      return status({ ...viewer, mfaPassed: false });
    },

    /** The step-up: this session passes two-factor now (and rotates), so it may act for a business. */
    async passMfa(viewer: Viewer, code: string) {
      const user = await userOf(viewer);
      if (!user.mfa_method) throw new ApiError('mfa_not_on');
      await guarded(user.id, () => mfa.verifyOrBackup(user, code), 'mfa_code_invalid');
      const now = clock.now();
      await store.revokeSession(viewer.sessionId, now);
      // A step-up is not a log-in: the new session keeps this one's log-in time.
      return startSession(user.id, now, viewer.loggedInAt);
    },

    /**
     * Email change: limited per client address, then the fresh proof; a confirmation link to the new address
     * (the verification link of auth/verify.ts, recording this session: the address waits in pending_email
     * and becomes the account's only when the link is followed, which moves the epoch) and a notice to the
     * old one. Any credential change before then (a password change) kills the link.
     */
    async changeEmail(viewer: Viewer, newEmail: string, proof: Proof, clientAddress?: string) {
      const user = await userOf(viewer);
      const email = normaliseEmail(newEmail);
      if (!emailIsValid(email)) throw new ApiError('email_invalid');
      if (email === user.email) throw new ApiError('email_unchanged');
      await limits.take('verifyResendAddress', addressKey(clientAddress));
      await prove(viewer, user, proof);
      if (await store.emailExists(email)) throw new ApiError('email_taken');
      await credentials.requestEmail(user.id, email);
      if (!(await verification.sendVerificationLink(user, email, viewer.sessionId))) throw new ApiError('verify_limited');
      await notify(
        'notice.email_changing',
        user,
        'Your {brand} email address is changing',
        `${greeting(user)}\n\nSomeone asked to change the email address of your {brand} account (${user.username}) to ${email}. It changes only when the link we sent there is followed.\n\nIf this wasn't you, log in and change your password: that kills the link, and your email stays as it is.\n\n{brand}`,
        email,
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

    /** Deactivation (the "user-requested closure"): every session ends; logging in again reactivates. */
    async deactivate(viewer: Viewer, proof: Proof) {
      const user = await userOf(viewer);
      await prove(viewer, user, proof);
      await store.setState(user.id, { state: 'deactivated', state_reason: 'user_requested', state_set_by: 'subject' }, clock.now());
      await notify(
        'notice.deactivated',
        user,
        'Your {brand} account is deactivated',
        `${greeting(user)}\n\nYour {brand} account (${user.username}) is deactivated: your profile, boards and Pins are hidden. Log in again any time to reactivate it.\n\n{brand}`,
      );
      return { state: 'deactivated' as const };
    },

    /** Deletion: the account is closed at once, its data go by a job in batches (auth/deletion.ts); a notice is mailed to its address. */
    async deleteAccount(viewer: Viewer, proof: Proof) {
      const user = await userOf(viewer);
      await prove(viewer, user, proof);
      await startAccountDeletion(db, jobs, user.id, clock.now());
      await notify(
        'notice.deleted',
        user,
        'Your {brand} account is deleted',
        `${greeting(user)}\n\nYour {brand} account (${user.username}) and its boards, Pins and settings are deleted. This can't be undone. If you didn't ask for this, contact us.\n\n{brand}`,
      );
      return { state: 'deleted' as const };
    },
  };
}

export type SecurityService = ReturnType<typeof securityService>;
