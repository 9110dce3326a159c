import type { Deps } from '../deps.js';
import { ApiError, type ErrorName } from '../lib/errors.js';
import { newId, newToken, sha256 } from '../lib/ids.js';
import { disposableDomains } from './disposable.js';
import { hashPassword } from './passwords.js';
import { canonicalEmail } from '../lib/messages/recipient.js';
import { birthdayProblem, emailDomain, emailError, isDisposableDomain, type BirthdayProblem } from './rules.js';
import { assertNewPassword } from './new-password.js';
import { normaliseEmail, SESSION_TTL_MS } from './session.js';
import { authStore } from './store.js';
import { addressKey } from '../lib/client-address.js';
import { limitsFor } from '../lib/limits.js';
import type { VerificationService } from './verify.js';
import { ownPathsOf } from '../lib/own-paths.js';
import { usernameProblem } from '../users/rules.js';
import { signupGate } from './signup-mode.js';

/**
 * Email sign-up: the existence and validation checks the form asks,
 * the registration with every rule again on the server, and the naming of a new account.
 */

/** The product's name in an email's local part is refused. */
export const PRODUCT_NAME = 'corkboard';

export interface RegisterInput {
  email: string;
  password: string;
  /** Epoch seconds; null when the form sent none. */
  birthday: number | null;
  country: string | null;
  firstName: string;
  lastName: string;
  privacyConsentOptIn?: boolean;
  marketingNotifsOptOut?: boolean;
  /** The secret of a mailed sign-up invitation (SIGNUP_MODE=invite). */
  invite?: string;
}

export const BIRTHDAY_ERRORS: Record<BirthdayProblem, ErrorName> = {
  required: 'age_missing',
  invalid: 'birthday_invalid',
  overage: 'overage',
  underage: 'underage',
};

/**
 * Whether an email passes every rule the server checks: the shared rules, exactly one mailbox by a real
 * parser (lib/messages/recipient.ts: no lists, groups, display names or comments), and the disposable list.
 */
export function emailIsValid(email: string): boolean {
  return emailError(email) === null && canonicalEmail(email) !== null && !isDisposableDomain(emailDomain(email), disposableDomains());
}

export function registerService(deps: Deps, verification: Pick<VerificationService, 'sendVerificationLink'>) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const limits = limitsFor(deps);
  const ownPaths = ownPathsOf(deps);
  const gate = signupGate(deps);

  /** A username from the email's local part: letters and digits, then a number if it is taken. */
  const freeUsername = async (email: string) => {
    const base = (email.split('@')[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 24)
      .padEnd(3, '0');
    // Never one of our own paths or reserved words (a sign-up as resource@… is not /resource/).
    const candidates = [base, ...Array.from({ length: 20 }, (_, i) => `${base}${i + 1}`)].filter((name) => usernameProblem(name, ownPaths()) === null);
    const taken = await store.takenUsernames(candidates);
    return candidates.find((name) => !taken.has(name)) ?? `${base}${newId().slice(-8)}`;
  };

  return {
    // Shared with sign-up through providers (auth/providers/service.ts): one way to name a user.
    freeUsername,

    /** GET /v3/register/exists/: whether the email has an account; limited per address. */
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
     * Email sign-up: every sign-up form rule again on the server, in
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
      // SIGNUP_MODE: before anything else is judged, so a closed server says so at once.
      await gate.admit('password', email, { provenEmail: false, invite: input.invite });

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
      await gate.spend(email);
      // The account exists now, unverified: its link goes out; nothing that trusts an address trusts this one yet.
      await verification.sendVerificationLink({ id, username, first_name: input.firstName }, email);
      return {
        user: {
          id,
          username,
          first_name: input.firstName,
          full_name: `${input.firstName} ${input.lastName}`.trim(),
          email,
          image_medium_url: null,
          email_verified: false,
        },
        token,
      };
    },

    /** Creates an email account (the demo seed, the operator command, tests): the operator vouches for its email, so it counts as verified. */
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
        email_verified_at: clock.now(),
      });
      return id;
    },
  };
}
