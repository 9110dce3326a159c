import type { Deps, Viewer } from '../deps.js';
import { ApiError, type ErrorName } from '../lib/errors.js';
import { newToken, sha256 } from '../lib/ids.js';
import { burnVerifyTime, verifyPassword } from './passwords.js';
import type { Mailer, SmsSender } from '../lib/mail.js';
import type { User } from '../db/schema.js';
import { challengeService } from './challenge.js';
import { attemptState, failureOutcome, LOCKOUT, needsChallenge } from './lockout.js';
import { mfaService, phoneNumberEnd } from './mfa.js';
import { resetService } from './reset.js';
import { admitAtLogIn, mayHoldSession } from './states.js';
import { authStore } from './store.js';
import { providerStore } from './providers/store.js';
import { isPlaceholderEmail } from './verify.js';
import { FACEBOOK_RECOVERY_FLAG, linkedLoginError } from './rules/recovery.js';
import { addressKey } from '../lib/client-address.js';
import { LOGIN_ADDRESS_CHALLENGE_AFTER, limitedError, limitsFor } from '../lib/limits.js';
import { coarsePlace, SESSION_SEEN_EVERY_MS, USER_AGENT_MAX } from './security-rules.js';
import { sessionPassedMfa } from '../policy/rules.js';

/**
 * Sessions: the password log-in with its safety steps, the session a
 * log-in or sign-up starts, the browser that is remembered, log-out and the viewer behind a cookie.
 */

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A browser that logged in is remembered this long (the LIMITED_LOGIN welcome-back). */
export const REMEMBER_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface LogInInput {
  email: string;
  password: string;
  /** The code of the second step (the credential set again plus mfa_token). */
  mfaToken?: string;
  mfaResend?: boolean;
  /** A solved challenge (recaptchaV2Token), needed once the failures reach LOCKOUT.challengeAfter. */
  challengeToken?: string;
  /** The client's address (lib/client-address.ts); undefined without a socket. */
  address?: string;
  /** This request's flags (routes.ts requestFlags): the Facebook recovery flag changes one answer. */
  flags?: ReadonlySet<string>;
}

/** Starts a session (session.ts startSession): `loggedInAt` kept from the session a change rotates. */
export type StartSession = (userId: string, mfaAt?: number | null, loggedInAt?: number) => Promise<string>;

export function sessionService(deps: Deps, outgoing: { mailer: Mailer; sms: SmsSender }) {
  const { db, clock } = deps;
  const store = authStore(db);
  const identities = providerStore(db);
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

  /**
   * A new session; `mfaAt` when it begins having passed two-factor (a log-in with a code, a rotation of one
   * that had); `loggedInAt` when it takes over from a session a change rotated (it keeps that log-in time:
   * a change is not a log-in). Without it the session is a log-in now.
   */
  const startSession = async (userId: string, mfaAt: number | null = null, loggedInAt?: number) => {
    const token = newToken();
    const now = clock.now();
    await store.insertSession({
      id: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      mfa_at: mfaAt,
      logged_in_at: loggedInAt ?? now,
    });
    return token;
  };

  return {
    // Shared with sign-up, password change and sign-in through providers: one way to start a session.
    startSession,
    createChallenge: challenges.create,

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
        // An account whose way in is Google or Facebook is told so, counted as a
        // wrong password; its help mail is the reset link that sets a password. docs/decisions.md, SSO.
        const linked =
          user &&
          linkedLoginError(
            (await identities.identitiesOf(user.id)).map((row) => row.provider),
            input.flags?.has(FACEBOOK_RECOVERY_FLAG) ?? false,
          );
        return failed(email, address, state.stale, linked ? user : undefined, linked || 'password_incorrect');
      }
      if (!(await verifyPassword(user.password_hash, input.password))) return failed(email, address, state.stale, user, 'password_incorrect');

      // Deactivated by its owner from the settings: logging in again is how it comes back, once the
      // password (and the two-factor code, below) are right. Other reasons stay refused.
      const { reactivates: reactivating } = admitAtLogIn(user);

      if (user.mfa_method) {
        const data = user.mfa_method === 'sms' ? { phone_number_end: phoneNumberEnd(user.phone_number ?? ''), mfa_method: 'sms' } : { mfa_method: 'totp' };
        if (input.mfaResend || !input.mfaToken) {
          await mfa.sendCode(user);
          throw new ApiError('mfa_required', undefined, data);
        }
        // A backup code works here too: the way back in for someone who lost their phone.
        if (!(await mfa.verifyOrBackup(user, input.mfaToken))) return failed(email, address, state.stale, user, 'mfa_code_invalid');
      }

      await store.clearAttempts(email);
      if (reactivating) await store.reactivate(user.id);
      if (previous) await store.revokeSession(previous.sessionId, clock.now());
      return {
        user: reactivating ? { ...user, state: 'active', state_reason: null } : user,
        token: await startSession(user.id, user.mfa_method ? clock.now() : null),
        reactivated: reactivating,
      };
    },

    /** A long-lived "remembered on this browser" token, so an expired session still says who it was. */
    async rememberBrowser(userId: string) {
      const token = newToken();
      const now = clock.now();
      await store.insertToken({
        id: sha256(token),
        kind: 'known',
        user_id: userId,
        address: null,
        created_at: now,
        expires_at: now + REMEMBER_TTL_MS,
        used_at: null,
      });
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
      // The welcome back offers the ways this account signs in: a Google-only account has no password to type.
      const providers = await store.providersOf(user.id);
      return {
        firstName: user.first_name,
        imageUrl: user.image_medium_url,
        // An account made through a provider whose typed address waits for its link has no email to show yet.
        email: isPlaceholderEmail(user.email) ? '' : user.email,
        hasPassword: user.password_hash !== null,
        connectedToFacebook: providers.includes('facebook'),
        connectedToGoogle: providers.includes('google'),
      };
    },

    /** 'Not you?': this browser forgets who it was. */
    async forgetBrowser(token: string | undefined) {
      if (token) await store.useToken(sha256(token), 'known', clock.now());
    },

    /**
     * A request the session made and that was answered: its last use, device and coarse place
     * for the list of active sessions, written at most every SESSION_SEEN_EVERY_MS so a busy session does
     * not write on every request. A refused request is not a use and writes nothing.
     * `seen` is asked only when a write is due; undefined back: nothing to write (most requests), nothing to wait for.
     */
    sessionSeen(viewer: Viewer, seen: () => { userAgent: string | undefined; address: string | undefined }): Promise<void> | undefined {
      const now = clock.now();
      if (viewer.sessionLastUsedAt !== null && now - viewer.sessionLastUsedAt < SESSION_SEEN_EVERY_MS) return undefined;
      const { userAgent, address } = seen();
      return store.sessionSeen(viewer.sessionId, {
        last_used_at: now,
        user_agent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        place: coarsePlace(address),
      });
    },

    /** The viewer's pin count, for the one answer that shows it (ViewerResource). */
    pinCount(viewer: Viewer) {
      return store.pinCount(viewer.id);
    },

    async logOut(viewer: Viewer) {
      await store.revokeSession(viewer.sessionId, clock.now());
    },

    /** The viewer behind a session cookie, or null (no cookie, an ended session, an account that may not hold one). */
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
        sessionId: row.session_id,
        sessionStartedAt: Number(row.session_created_at),
        loggedInAt: Number(row.session_logged_in_at ?? row.session_created_at),
        emailVerified: row.email_verified_at !== null && !isPlaceholderEmail(row.email),
        sessionLastUsedAt: row.session_last_used_at === null ? null : Number(row.session_last_used_at),
        mfaPassed: sessionPassedMfa(
          { mfaMethod: row.mfa_method, mfaEnabledAt: row.mfa_enabled_at === null ? null : Number(row.mfa_enabled_at) },
          row.session_mfa_at === null ? null : Number(row.session_mfa_at),
        ),
        isOperator: Number(row.is_operator) === 1,
      };
    },
  };
}
