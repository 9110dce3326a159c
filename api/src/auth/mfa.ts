import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Deps } from '../deps.js';
import type { User } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { DEFAULT_BRAND } from '../lib/rules/brand.js';
import { sha256 } from '../lib/ids.js';
import type { SmsSender } from '../lib/mail.js';
import { MFA_CODE_LENGTH } from './rules/recovery.js';
import { authStore } from './store.js';
import { BACKUP_CODES, backupCodeFrom, normaliseBackupCode } from './security-rules.js';

/** A backup code is stored as this hash (auth_tokens kind 'backup'), never as itself. */
const backupId = (userId: string, code: string) => sha256(`backup:${userId}:${code}`);

/** Two-factor limits (docs/decisions.md): a code lives 10 minutes; 5 codes an hour per account and per phone. */
export const MFA = { codeTtlMs: 10 * 60 * 1000, sendsPerHour: 5, totpPeriodS: 30 } as const;
const HOUR = 60 * 60 * 1000;

/** data.phone_number_end of the MFA-required error: the last two digits, nothing more. */
export const phoneNumberEnd = (phone: string) => phone.replace(/\D/g, '').slice(-2);

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** `issuer` names the product in the authenticator app (it plays no part in checking a code). */
export function totpFor(secret: string, label: string, issuer = DEFAULT_BRAND) {
  return new OTPAuth.TOTP({ issuer, label, secret: OTPAuth.Secret.fromBase32(secret), digits: MFA_CODE_LENGTH, period: MFA.totpPeriodS });
}

/**
 * Two-factor codes: SMS codes through the SmsSender (the dev outbox by default), stored as hashes,
 * single-use, expiring, rate-limited per user and per phone; or TOTP from an authenticator app,
 * each time step accepted once.
 */
export function mfaService({ db, clock, config }: Deps, sms: SmsSender) {
  const store = authStore(db);
  const codeId = (userId: string, code: string) => sha256(`mfa:${userId}:${code}`);

  return {
    /** Sends a new SMS code (the old one stops working); refuses past the hourly limits. */
    async sendCode(user: User) {
      const phone = user.phone_number;
      if (user.mfa_method !== 'sms' || !phone) return;
      await this.sendCodeTo(user, phone);
    },

    /** A code texted to `phone`: the account's own, or one being added (the settings' set-up). */
    async sendCodeTo(user: Pick<User, 'id'>, phone: string) {
      const now = clock.now();
      const since = now - HOUR;
      const byUser = await store.countTokensSince('mfa', since, { userId: user.id });
      const byPhone = await store.countTokensSince('mfa', since, { address: phone });
      if (byUser >= MFA.sendsPerHour || byPhone >= MFA.sendsPerHour) throw new ApiError('mfa_send_limited');
      const code = String(randomInt(0, 10 ** MFA_CODE_LENGTH)).padStart(MFA_CODE_LENGTH, '0');
      await store.useUserTokens(user.id, 'mfa', now);
      await store.insertToken({
        id: codeId(user.id, code),
        kind: 'mfa',
        user_id: user.id,
        address: phone,
        created_at: now,
        expires_at: now + MFA.codeTtlMs,
        used_at: null,
      });
      const outcome = await sms.send({
        kind: 'verify.sms_code',
        to: phone,
        text: `Your ${config.brandName} verification code is ${code}. It expires in 10 minutes.`,
      });
      // The phone's share over every account (lib/messages/gate.ts) is used up: said as this limit is.
      if (outcome === 'limited') throw new ApiError('mfa_send_limited');
    },

    /** Whether the code is right, live and unused; a right code is spent. */
    async verify(user: User, code: string): Promise<boolean> {
      const digits = code.replace(/\s+/g, '');
      if (!/^\d+$/.test(digits)) return false;
      const now = clock.now();
      if (user.mfa_method === 'totp' && user.totp_secret) {
        const delta = totpFor(user.totp_secret, user.email).validate({ token: digits, timestamp: now, window: 1 });
        if (delta === null) return false;
        const step = Math.floor(now / (MFA.totpPeriodS * 1000)) + delta;
        return store.advanceTotpStep(user.id, step);
      }
      return store.useToken(codeId(user.id, digits), 'mfa', now);
    },

    /** A code from the app or phone, or one of the account's backup codes (each works once). */
    async verifyOrBackup(user: User, code: string): Promise<boolean> {
      const backup = normaliseBackupCode(code);
      if (backup) return store.useToken(backupId(user.id, backup), 'backup', clock.now());
      return this.verify(user, code);
    },

    /** A code from an authenticator app set up with `secret` (a set-up not yet confirmed). */
    verifySetupTotp(secret: string, label: string, code: string): number | null {
      const digits = code.replace(/\s+/g, '');
      if (!/^\d+$/.test(digits)) return null;
      const now = clock.now();
      const delta = totpFor(secret, label).validate({ token: digits, timestamp: now, window: 1 });
      return delta === null ? null : Math.floor(now / (MFA.totpPeriodS * 1000)) + delta;
    },

    /** A texted set-up code for `userId` (spent when right). */
    async verifySmsCode(userId: string, code: string): Promise<boolean> {
      const digits = code.replace(/\s+/g, '');
      if (!/^\d+$/.test(digits)) return false;
      return store.useToken(codeId(userId, digits), 'mfa', clock.now());
    },

    /** Ten new backup codes: the codes to show once, and the hashes to store. */
    newBackupCodes(userId: string) {
      const codes = Array.from({ length: BACKUP_CODES.count }, () => backupCodeFrom((n) => randomInt(0, n)));
      return { codes, hashes: codes.map((code) => backupId(userId, code)) };
    },
  };
}
