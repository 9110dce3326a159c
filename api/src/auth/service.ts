import type { Deps, Viewer } from '../deps.js';
import { ApiError, type ErrorName } from '../lib/errors.js';
import { newId, newToken, sha256 } from '../lib/ids.js';
import { disposableDomains } from './disposable.js';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.js';
import { birthdayProblem, emailDomain, emailError, isDisposableDomain, passwordProblem, type BirthdayProblem, type PasswordProblem } from './rules.js';
import { isWeakPassword } from './strength.js';
import { authStore } from './store.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The product's name in an email's local part is refused (auth.md section 8). */
const PRODUCT_NAME = 'corkboard';

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

const PASSWORD_ERRORS: Record<PasswordProblem, ErrorName> = {
  too_short: 'password_too_short_6',
  not_ascii: 'password_not_ascii',
  same_as_username: 'password_same_as_username',
};
const BIRTHDAY_ERRORS: Record<BirthdayProblem, ErrorName> = {
  required: 'age_missing',
  invalid: 'birthday_invalid',
  overage: 'overage',
  underage: 'underage',
};

/** Whether an email passes every rule the server checks: the shared rules plus the disposable list. */
export function emailIsValid(email: string): boolean {
  return emailError(email) === null && !isDisposableDomain(emailDomain(email), disposableDomains());
}

export function authService({ db, clock, config }: Deps) {
  const store = authStore(db);

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
     * Email and password log-in. A wrong password and an unknown email get the same answer
     * after the same argon2 work. A session presented with the request is revoked: the
     * session id rotates on every log-in.
     */
    async logIn(input: { email: string; password: string }, previous: Viewer | null) {
      const user = await store.findUserByEmail(normaliseEmail(input.email));
      if (!user?.password_hash) {
        await burnVerifyTime(input.password);
        throw new ApiError('password_incorrect');
      }
      if (!(await verifyPassword(user.password_hash, input.password))) throw new ApiError('password_incorrect');
      if (previous) await store.revokeSession(previous.sessionId, clock.now());
      return { user, token: await startSession(user.id) };
    },

    /** GET /v3/register/exists/: whether the email has an account (auth.md section 7). */
    async emailExists(email: string) {
      if (emailError(email)) throw new ApiError('email_invalid');
      return store.emailExists(normaliseEmail(email));
    },

    /**
     * Email sign-up (auth.md sections 3 to 5): every rule of section 5 again on the server, in
     * the order the form shows them, then the account and its first session in one transaction.
     * Nothing is written when a rule fails.
     */
    async register(input: RegisterInput, flags: ReadonlySet<string>) {
      const email = normaliseEmail(input.email);
      if (!email) throw new ApiError('email_missing');
      if (!emailIsValid(email)) throw new ApiError('email_invalid');
      if (email.split('@')[0]?.includes(PRODUCT_NAME)) throw new ApiError('email_has_product_name');

      const minLength = config.passwordMinLength;
      const problem = passwordProblem(input.password, { minLength, email });
      if (problem) throw new ApiError(problem === 'too_short' && minLength === 8 ? 'password_too_short_8' : PASSWORD_ERRORS[problem]);
      if (isWeakPassword(input.password, email)) throw new ApiError('password_weak');

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
      return { user: { id, username, first_name: input.firstName }, token };
    },

    async logOut(viewer: Viewer) {
      await store.revokeSession(viewer.sessionId, clock.now());
    },

    async viewerFromToken(token: string | undefined): Promise<Viewer | null> {
      if (!token) return null;
      const row = await store.findSessionUser(sha256(token), clock.now());
      if (!row) return null;
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
