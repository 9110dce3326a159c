import type { Deps, Viewer } from '../deps.js';
import { ApiError, type ErrorName } from '../lib/errors.js';
import { newId, newToken, sha256 } from '../lib/ids.js';
import { disposableDomains } from './disposable.js';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.js';
import { birthdayProblem, emailDomain, emailError, isDisposableDomain, type BirthdayProblem } from './rules.js';
import type { Mailer, SmsSender } from '../lib/mail.js';
import type { User } from '../db/schema.js';
import { challengeService } from './challenge.js';
import { attemptState, failureOutcome, LOCKOUT, needsChallenge } from './lockout.js';
import { mfaService, phoneNumberEnd } from './mfa.js';
import { assertNewPassword } from './new-password.js';
import { resetService } from './reset.js';
import { mayHoldSession, stateRefusal } from './states.js';
import { authStore } from './store.js';
import type { AccountState, DeactivationReason } from './recovery.js';
import { outgoingFor } from '../outbox/service.js';
import { addressKey } from '../lib/client-address.js';
import { LOGIN_ADDRESS_CHALLENGE_AFTER, limitedError, limitsFor } from '../lib/limits.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The product's name in an email's local part is refused (auth.md section 8). */
export const PRODUCT_NAME = 'corkboard';

export interface RegisterInput {
  email: string;
  password: string;
  /** Epoch seconds (auth.md section 3); null when the form sent none. */
  birthday: number | null;
  country: string | null;
  firstName: string;
  lastName: string;
  privacyConsentOptIn?: boolean;
  marketingNotifsOptOut?: boolean;
}

/** A browser that logged in is remembered this long (the LIMITED_LOGIN welcome-back, auth.md section 6). */
export const REMEMBER_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export interface LogInInput {
  email: string;
  password: string;
  /** The code of the second step (auth.md section 3: the credential set again plus mfa_token). */
  mfaToken?: string;
  mfaResend?: boolean;
  /** A solved challenge (recaptchaV2Token), needed once the failures reach LOCKOUT.challengeAfter. */
  challengeToken?: string;
  /** The client's address (lib/client-address.ts); undefined without a socket. */
  address?: string;
}

export const BIRTHDAY_ERRORS: Record<BirthdayProblem, ErrorName> = {
  required: 'age_missing',
  invalid: 'birthday_invalid',
  overage: 'overage',
  underage: 'underage',
};

/** Whether an email passes every rule the server checks: the shared rules plus the disposable list. */
export function emailIsValid(email: string): boolean {
  return emailError(email) === null && !isDisposableDomain(emailDomain(email), disposableDomains());
}

export function authService(deps: Deps, outgoing: { mailer: Mailer; sms: SmsSender } = outgoingFor(deps)) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const resets = resetService(deps, outgoing.mailer);
  const mfa = mfaService(deps, outgoing.sms);
  const challenges = challengeService(deps);
  const limits = limitsFor(deps);
  /** The per-email lock's 429: Retry-After is what is left of the lock. */
  const locked = (until: number) => new ApiError('rate_limited', undefined, { retry_after_seconds: Math.max(1, Math.ceil((until - clock.now()) / 1000)) });

  /** Counts a failed attempt and answers it: incorrect, login assistance (with a help email) or the lock. */
  const failed = async (email: string, address: string, restart: boolean, user: User | undefined, error: ErrorName): Promise<never> => {
    const now = clock.now();
    await limits.count('loginAddress', address);
    const failures = await store.addFailure(email, now, restart);
    const outcome = failureOutcome(failures);
    if (outcome === 'lock') {
      await store.lock(email, now + LOCKOUT.lockMs);
      throw locked(now + LOCKOUT.lockMs);
    }
    if (outcome === 'assist') {
      if (user) await resets.sendLink(user, 'assistance');
      // Same answer for an email without an account; only the mail differs.
      throw new ApiError('login_assistance', undefined, { email });
    }
    throw new ApiError(error);
  };

  const startSession = async (userId: string) => {
    const token = newToken();
    const now = clock.now();
    await store.insertSession({ id: sha256(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS });
    return token;
  };

  /** A username from the email's local part: letters and digits, then a number if it is taken. */
  const freeUsername = async (email: string) => {
    const base = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 24).padEnd(3, '0');
    const candidates = [base, ...Array.from({ length: 20 }, (_, i) => `${base}${i + 1}`)];
    const taken = await store.takenUsernames(candidates);
    return candidates.find((name) => !taken.has(name)) ?? `${base}${newId().slice(-8)}`;
  };

  return {
    /**
     * Email and password log-in, with the safety steps of auth/lockout.ts around it. A wrong password
     * and an unknown email get the same answer after the same argon2 work. Account states and the
     * two-factor step are revealed only after a correct password. A session presented with the
     * request is revoked: the session id rotates on every log-in, two-factor ones included.
     *
     * Per client address (lib/limits.ts loginAddress): every attempt that does not log in counts; past
     * LOGIN_ADDRESS_CHALLENGE_AFTER each attempt from that address needs a solved challenge, whatever
     * the email; at the share the address is refused (429) before anything else is read.
     */
    async logIn(input: LogInInput, previous: Viewer | null) {
      const email = normaliseEmail(input.email);
      const address = addressKey(input.address);
      const fromAddress = await limits.usage('loginAddress', address);
      if (fromAddress.used >= fromAddress.points) throw limitedError('loginAddress', fromAddress.retryAfterS);
      const state = attemptState(await store.findAttempts(email), clock.now());
      // Locked: refused before the password is read, not counted, the lock not extended.
      if (state.locked) throw locked(state.lockedUntil);
      const challengeDue = needsChallenge(state.failures) || fromAddress.used >= limits.scaled(LOGIN_ADDRESS_CHALLENGE_AFTER);
      if (challengeDue && !(await challenges.verify(input.challengeToken))) {
        // Not counted against the email (its owner's count stays as it was), but against the address.
        await limits.count('loginAddress', address);
        throw new ApiError('captcha_required');
      }

      const user = await store.findUserByEmail(email);
      if (!user?.password_hash) {
        await burnVerifyTime(input.password);
        return failed(email, address, state.stale, undefined, 'password_incorrect');
      }
      if (!(await verifyPassword(user.password_hash, input.password))) return failed(email, address, state.stale, user, 'password_incorrect');

      const stateError = stateRefusal(user.state);
      if (stateError) {
        throw new ApiError(stateError, undefined, user.state === 'deactivated' ? { reason: user.state_reason ?? 'user_requested' } : undefined);
      }

      if (user.mfa_method) {
        const data = user.mfa_method === 'sms' ? { phone_number_end: phoneNumberEnd(user.phone_number ?? ''), mfa_method: 'sms' } : { mfa_method: 'totp' };
        if (input.mfaResend || !input.mfaToken) {
          await mfa.sendCode(user);
          throw new ApiError('mfa_required', undefined, data);
        }
        if (!(await mfa.verify(user, input.mfaToken))) return failed(email, address, state.stale, user, 'mfa_code_invalid');
      }

      await store.clearAttempts(email);
      if (previous) await store.revokeSession(previous.sessionId, clock.now());
      return { user, token: await startSession(user.id) };
    },

    /** A long-lived "remembered on this browser" token, so an expired session still says who it was. */
    async rememberBrowser(userId: string) {
      const token = newToken();
      const now = clock.now();
      await store.insertToken({ id: sha256(token), kind: 'known', user_id: userId, address: null, created_at: now, expires_at: now + REMEMBER_TTL_MS, used_at: null });
      return token;
    },

    /** The remembered user behind a browser with no live session: the LIMITED_LOGIN viewer's info. */
    async recognised(token: string | undefined) {
      if (!token) return null;
      const row = await store.findToken(sha256(token), 'known', clock.now());
      const user = row?.user_id ? await store.findUserById(row.user_id) : undefined;
      // A blocked account is not welcomed back with its name and picture; the token is kept, so the
      // browser is recognised again if the account becomes active again.
      if (!user || !mayHoldSession(user.state)) return null;
      return {
        firstName: user.first_name,
        imageUrl: user.image_medium_url,
        email: user.email,
        hasPassword: user.password_hash !== null,
        connectedToFacebook: false,
        connectedToGoogle: false,
      };
    },

    /** 'Not you?': this browser forgets who it was. */
    async forgetBrowser(token: string | undefined) {
      if (token) await store.useToken(sha256(token), 'known', clock.now());
    },

    /** A logged-in password change: the old password first; every other session is revoked, every reset link retired, and this one rotates. */
    async changePassword(viewer: Viewer, oldPassword: string, newPassword: string) {
      const user = await store.findUserById(viewer.id);
      if (!user?.password_hash || !(await verifyPassword(user.password_hash, oldPassword))) throw new ApiError('password_incorrect');
      assertNewPassword(newPassword, user.email, config.passwordMinLength);
      // The new hash, every session revoked and every reset link retired, together: a link mailed
      // before the change must not undo it.
      await store.changePassword(user.id, await hashPassword(newPassword), clock.now());
      return startSession(user.id);
    },

    // Shared with sign-in through providers (auth/providers/service.ts): one way to start a session and name a user.
    startSession,
    freeUsername,

    forgotPassword: resets.forgotPassword,
    resetPassword: resets.resetPassword,
    resetLinkIsLive: resets.linkIsLive,
    createChallenge: challenges.create,

    /** GET /v3/register/exists/: whether the email has an account (auth.md section 7); limited per address. */
    async emailExists(email: string, address: string | undefined) {
      await limits.take('emailCheckAddress', addressKey(address));
      if (emailError(email)) throw new ApiError('email_invalid');
      return store.emailExists(normaliseEmail(email));
    },

    /** GET /v3/email/validation/: the server's email rules; limited with the exists check, per address. */
    async emailValidation(email: string, address: string | undefined) {
      await limits.take('emailCheckAddress', addressKey(address));
      return { is_valid: emailIsValid(email) };
    },

    /**
     * Email sign-up (auth.md sections 3 to 5): every rule of section 5 again on the server, in
     * the order the form shows them, then the account and its first session in one transaction.
     * Nothing is written when a rule fails. Every attempt counts against the address (sign-up is also
     * an existence check: email_taken).
     */
    async register(input: RegisterInput, flags: ReadonlySet<string>, address?: string) {
      await limits.take('signupAddress', addressKey(address));
      const email = normaliseEmail(input.email);
      if (!email) throw new ApiError('email_missing');
      if (!emailIsValid(email)) throw new ApiError('email_invalid');
      if (email.split('@')[0]?.includes(PRODUCT_NAME)) throw new ApiError('email_has_product_name');

      assertNewPassword(input.password, email, config.passwordMinLength);

      const now = clock.now();
      const birthdayMs = input.birthday === null ? null : input.birthday * 1000;
      const age = birthdayProblem(birthdayMs, now, config.minSignupAge);
      if (age) throw new ApiError(BIRTHDAY_ERRORS[age]);

      const consentStep = flags.has('kr_privacy_consent');
      if (consentStep && input.privacyConsentOptIn !== true) throw new ApiError('consent_required');
      if (await store.emailExists(email)) throw new ApiError('email_taken');

      const id = newId();
      const username = await freeUsername(email);
      const token = newToken();
      await store.insertUserWithSession(
        {
          id,
          email,
          username,
          first_name: input.firstName,
          last_name: input.lastName,
          password_hash: await hashPassword(input.password),
          birthday: birthdayMs,
          country: input.country,
          image_medium_url: null,
          created_at: now,
          kr_privacy_consent_opt_in: consentStep && input.privacyConsentOptIn ? 1 : 0,
          marketing_notifs_opt_out: input.marketingNotifsOptOut ? 1 : 0,
          consented_at: consentStep ? now : null,
        },
        { id: sha256(token), user_id: id, created_at: now, expires_at: now + SESSION_TTL_MS },
      );
      return { user: { id, username, first_name: input.firstName, full_name: `${input.firstName} ${input.lastName}`.trim(), email, image_medium_url: null }, token };
    },

    async logOut(viewer: Viewer) {
      await store.revokeSession(viewer.sessionId, clock.now());
    },

    /**
     * An account's state, set by the operator command or any other path: a state that refuses log-in
     * ends every session of the account in the same transaction.
     */
    async setAccountState(userId: string, state: AccountState, reason: DeactivationReason | null = null) {
      await store.setState(userId, { state, state_reason: state === 'deactivated' ? (reason ?? 'user_requested') : null }, mayHoldSession(state) ? null : clock.now());
    },

    async viewerFromToken(token: string | undefined): Promise<Viewer | null> {
      if (!token) return null;
      const row = await store.findSessionUser(sha256(token), clock.now());
      // A state set without the revoke (a hand edit of the row) still ends the session here.
      if (!row || !mayHoldSession(row.state)) return null;
      return {
        id: row.id,
        email: row.email,
        username: row.username,
        firstName: row.first_name,
        lastName: row.last_name,
        imageMediumUrl: row.image_medium_url,
        pinCount: row.pin_count,
        sessionId: row.session_id,
      };
    },

    /** Creates an email account; the sign-up flow (auth.md section 4) builds on this. */
    async createAccount(input: { email: string; password: string; username: string; firstName: string; lastName?: string }) {
      const id = newId();
      await store.insertUser({
        id,
        email: normaliseEmail(input.email),
        username: input.username,
        first_name: input.firstName,
        last_name: input.lastName ?? '',
        password_hash: await hashPassword(input.password),
        birthday: null,
        country: null,
        image_medium_url: null,
        created_at: clock.now(),
      });
      return id;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
