import { JSON_BODY, NO_LIMIT, declare, isOperator, none } from '../lib/declare.js';
import { emailExistsAnswer, emailValidationAnswer, KNOWN_COOKIE, SESSION_COOKIE, type ViewerData, authContract } from './contract.js';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv, Deps, Viewer } from '../deps.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { safeNext } from '../lib/rules/next.js';
import { ok } from '../lib/envelope.js';
import { parse } from '../lib/validation.js';
import { firstNameFromEmail, MIN_STRENGTH_SCORE } from './rules.js';
import type { AuthService } from './service.js';
import { REMEMBER_TTL_MS, SESSION_TTL_MS } from './session.js';
import { ApiError } from '../lib/errors.js';
import { clientAddress } from '../lib/client-address.js';
import { PIN_BUILDER_FLAGS } from '../pins/rules/gates.js';
import { recordOf } from '../lib/rules/records.js';

/** Resolves the session cookie to the viewer (or null) for every request. */
export function sessionMiddleware(auth: AuthService, trustProxy = false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const viewer = await auth.viewerFromToken(getCookie(c, SESSION_COOKIE));
    c.set('viewer', viewer);
    await next();
    // An answered request keeps the active-sessions list current: last use, device, coarse place. Most
    // requests come within the write interval of the last: they read no address and wait for nothing.
    const writing =
      viewer && c.res.status < 400
        ? auth.sessionSeen(viewer, () => ({ userAgent: c.req.header('user-agent'), address: clientAddress(c, trustProxy) }))
        : undefined;
    if (writing) await writing;
  };
}

export type RecognisedInfo = NonNullable<Awaited<ReturnType<AuthService['recognised']>>>;

/**
 * The viewer: UNAUTH, LIMITED_LOGIN (recognised, with info) or AUTH. `pinCount` is the signed-in
 * viewer's, read by the caller: the session read leaves it out (AuthService.pinCount).
 */
export function viewerJson(viewer: Viewer | null, recognised?: RecognisedInfo | null, pinCount = 0): ViewerData {
  if (!viewer && recognised) return { type: 'LIMITED_LOGIN' as const, info: recognised };
  if (!viewer) return { type: 'UNAUTH' as const };
  return {
    type: 'AUTH' as const,
    user: {
      id: viewer.id,
      username: viewer.username,
      first_name: viewer.firstName,
      full_name: `${viewer.firstName} ${viewer.lastName}`.trim(),
      image_medium_url: viewer.imageMediumUrl,
      pin_count: pinCount,
    },
    ...(isOperator(viewer) && { console: true as const }),
  };
}

/** The experiments the popup reads, each on or off for this request. */
export const POPUP_FLAGS = [
  'kr_privacy_consent',
  'fdbr_teen_compliance',
  'unauth_dweb_unified_ar',
  // Providers (auth/providers/): a disabled provider's button opens the 'isn't available' modal.
  'web_google_disabled',
  'web_facebook_disabled',
  'dweb_unauth_fb_login_account_recovery_flow',
  // The save popup refuses before its board picker when every new pin is refused (pins/rules/gates.ts).
  'pin_creation_disable_all',
] as const;
/** Outside production a browser may turn flags on for itself with this cookie (end-to-end tests). */
export const FLAGS_COOKIE = 'cb_flags';
/** The flags that cookie may turn on: the popup's, and the pin builder's groups (pins/rules/gates.ts). */
const COOKIE_FLAGS = [...POPUP_FLAGS, ...PIN_BUILDER_FLAGS];

/** config.flags, plus the cb_flags cookie's when not in production: one test can turn on a flag without a second server. */
export function requestFlags(c: Context, config: Deps['config']): ReadonlySet<string> {
  if (config.env === 'production') return config.flags;
  const extra = (getCookie(c, FLAGS_COOKIE) ?? '').split(/[,\s]+/).filter((flag) => (COOKIE_FLAGS as readonly string[]).includes(flag));
  return extra.length ? new Set([...config.flags, ...extra]) : config.flags;
}

export const forgotBody = z.object({
  username_or_email: z.string().trim().min(1, 'Enter your email or username.').max(254),
  // 'unified' when unauth_dweb_unified_ar is on, else 'reset'; the server decides when omitted.
  type: z.enum(['unified', 'reset']).optional(),
});
export const resetBody = z.object({
  token: z.string().min(1, 'The link has no token.').max(256),
  new_password: z.string().max(256, 'Must be at most 256 characters.'),
});

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError('invalid_input', 'The request is not valid JSON.');
  }
}

export const emailQuery = z.object({ email: z.string().max(254, 'Must be at most 254 characters.').default('') });

/** GET /v3/register/exists/ and GET /v3/email/validation/, served as written. */
export function authV3Routes(auth: AuthService, config: Deps['config']): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Forgot password. The answer is the same whether or not an account matched.
  routes.post('/users/forgot_password/', declare({ caller: 'visitor', limit: ['resetAddress', 'resetTarget'], body: JSON_BODY }), async (c) => {
    const body = parse(forgotBody, await jsonBody(c));
    const type = body.type ?? (requestFlags(c, config).has('unauth_dweb_unified_ar') ? 'unified' : 'reset');
    await auth.forgotPassword(body.username_or_email, type, clientAddress(c, config.trustProxy));
    return ok(c, { status: 'sent', type });
  });
  // The reset page's form: a live link and a new password that meets the rules; every session is revoked.
  routes.post('/users/password/reset/', declare({ caller: 'visitor', limit: none('needs the token of a mailed reset link'), body: JSON_BODY }), async (c) => {
    const body = parse(resetBody, await jsonBody(c));
    const { email } = await auth.resetPassword(body.token, body.new_password);
    return ok(c, { email });
  });
  // A fresh log-in challenge (ALTCHA) for the popup to solve.
  routes.get('/challenge/', declare({ caller: 'visitor', limit: none('makes a proof-of-work puzzle: solving it costs the asker'), body: 0 }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, await auth.createChallenge());
  });
  // data false means the email is free; a malformed email answers the invalid-email code.
  routes.get('/register/exists/', declare({ caller: 'visitor', limit: 'emailCheckAddress', body: 0, answer: emailExistsAnswer }), async (c) =>
    ok(c, await auth.emailExists(parse(emailQuery, c.req.query()).email, clientAddress(c, config.trustProxy))),
  );
  routes.get('/email/validation/', declare({ caller: 'visitor', limit: 'emailCheckAddress', body: 0, answer: emailValidationAnswer }), async (c) =>
    ok(c, await auth.emailValidation(parse(emailQuery, c.req.query()).email, clientAddress(c, config.trustProxy))),
  );
  return routes;
}

/** The session cookie, the same for every way of logging in (password, provider). */
export const setSessionCookie = (c: Context, config: Deps['config'], token: string) =>
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });

/** "Remembered on this browser" after a log-in, for the welcome-back view. */
/**
 * After a credential change this browser made with a fresh proof: the change killed every remembered-browser
 * token (the security epoch moved), this browser's too; one it had is issued again under the new epoch.
 */
export const rememberAgain = async (c: Context, config: Deps['config'], auth: AuthService, userId: string) => {
  if (getCookie(c, KNOWN_COOKIE)) await rememberBrowser(c, config, auth, userId);
};

export const rememberBrowser = async (c: Context, config: Deps['config'], auth: AuthService, userId: string) =>
  setCookie(c, KNOWN_COOKIE, await auth.rememberBrowser(userId), {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'Lax',
    path: '/',
    maxAge: REMEMBER_TTL_MS / 1000,
  });

export function authResources({ config }: Deps, auth: AuthService) {
  const startSession = (c: Context, token: string) => setSessionCookie(c, config, token);
  const remember = (c: Context, userId: string) => rememberBrowser(c, config, auth, userId);

  return {
    UserSessionResource: {
      // Log-in: credentials, the two-factor and challenge fields, the extras.
      create: action({
        ...authContract.UserSessionResource.create,
        caller: 'visitor',
        limit: 'loginAddress',
        async run(options, { c, viewer }) {
          const { user, token, reactivated } = await auth.logIn(
            {
              email: options.username_or_email,
              password: options.password,
              mfaToken: options.mfa_token,
              mfaResend: options.mfa_resend,
              challengeToken: options.recaptchaV2Token,
              address: clientAddress(c, config.trustProxy),
              flags: requestFlags(c, config),
            },
            viewer,
          );
          startSession(c, token);
          await remember(c, user.id);
          return {
            user: {
              id: user.id,
              username: user.username,
              first_name: user.first_name,
              full_name: `${user.first_name} ${user.last_name}`.trim(),
              email: user.email,
              image_medium_url: user.image_medium_url,
            },
            // On an account switch, go to /{username}.
            redirect: options.switch_account ? `/${user.username}` : safeNext(options.next),
            // A log-in that brought back an account its owner had deactivated.
            ...(reactivated ? { reactivated: true } : {}),
          };
        },
      }),
      delete: action({
        ...authContract.UserSessionResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        async run(_options, { c, viewer }) {
          await auth.logOut(viewer);
          deleteCookie(c, SESSION_COOKIE, { path: '/', secure: config.secureCookies });
          return { type: 'UNAUTH' };
        },
      }),
    },
    UserRegisterResource: {
      // Email sign-up: the path is ours, a resource like log-in (docs/decisions.md).
      create: action({
        ...authContract.UserRegisterResource.create,
        caller: 'visitor',
        limit: 'signupAddress',
        async run(options, { c }) {
          const { user, token } = await auth.register(
            {
              email: options.email,
              password: options.password,
              birthday: options.birthday ?? null,
              country: options.country ?? null,
              firstName: options.first_name || firstNameFromEmail(options.email),
              lastName: options.last_name,
              privacyConsentOptIn: options.kr_privacy_consent_opt_in,
              marketingNotifsOptOut: options.marketing_notifs_opt_out,
              invite: options.invite,
            },
            requestFlags(c, config),
            clientAddress(c, config.trustProxy),
          );
          startSession(c, token);
          // A browser that signed up is remembered as one that logged in: its first log-out welcomes it back.
          await remember(c, user.id);
          return { user, redirect: safeNext(options.next) };
        },
      }),
    },
    ExperimentsResource: {
      // What the popup needs to know before it draws the auth screens.
      get: action({
        ...authContract.ExperimentsResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run(_options, { c }) {
          const flags = requestFlags(c, config);
          return recordOf(POPUP_FLAGS, (flag) => flags.has(flag));
        },
      }),
    },
    PasswordRulesResource: {
      // The server-supplied password rules new sign-ups apply.
      get: action({
        ...authContract.PasswordRulesResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: () => ({ min_length: config.passwordMinLength, ascii_only: true, differ_from_username: true, min_strength_score: MIN_STRENGTH_SCORE }),
      }),
    },
    ViewerResource: {
      get: action({
        ...authContract.ViewerResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: async (_options, { c, viewer }) =>
          viewer ? viewerJson(viewer, null, await auth.pinCount(viewer)) : viewerJson(null, await auth.recognised(getCookie(c, KNOWN_COOKIE))),
      }),
    },
    RecognisedUserResource: {
      // 'Not you? Log in with a different account': this browser forgets the remembered user.
      delete: action({
        ...authContract.RecognisedUserResource.delete,
        caller: 'visitor',
        limit: none('forgets this browser only (its own cookie): bounded by API turns'),
        async run(_options, { c }) {
          await auth.forgetBrowser(getCookie(c, KNOWN_COOKIE));
          deleteCookie(c, KNOWN_COOKIE, { path: '/', secure: config.secureCookies });
          return { type: 'UNAUTH' };
        },
      }),
    },
    EmailVerificationResource: {
      // Settings read whether the email is verified (and an address waiting for its link) ...
      get: action({
        ...authContract.EmailVerificationResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (_options, { viewer }) => auth.verificationStatus(viewer.id),
      }),
      // ... and ask for the link again; limited per client address, per account and per address mailed.
      create: action({
        ...authContract.EmailVerificationResource.create,
        caller: 'user',
        limit: ['verifyResendAddress'],
        run: (_options, { c, viewer }) => auth.resendVerification(viewer, clientAddress(c, config.trustProxy)),
      }),
      // The page the mailed link opens (/email/verify/?token=) spends it with this POST, never on the GET
      // a mail scanner may make. Anyone holding the link may: it went to the mailbox it proves.
      update: action({
        ...authContract.EmailVerificationResource.update,
        caller: 'visitor',
        limit: none('a single-use token of 256 bits: guessing is hopeless'),
        run: (options) => auth.verifyEmail(options.token),
      }),
    },
    EmailChangeUndoResource: {
      // The link in the notice an old address gets when the account's email changes (/email/verify/?undo=):
      // spent by this POST from the page, never by the GET; the old address is the account's again.
      create: action({
        ...authContract.EmailChangeUndoResource.create,
        caller: 'visitor',
        limit: none('a single-use token of 256 bits: guessing is hopeless'),
        run: (options) => auth.undoEmailChange(options.token),
      }),
    },
    UserPasswordResource: {
      // Password change: every other session is revoked and this browser's rotates.
      update: action({
        ...authContract.UserPasswordResource.update,
        // Wrong old passwords count against the account's security attempts (auth/security.ts).
        caller: 'user',
        limit: 'securityAccount',
        async run(options, { c, viewer }) {
          startSession(c, await auth.changePassword(viewer, options.old_password, options.new_password, options.code));
          await rememberAgain(c, config, auth, viewer.id);
          return { status: 'changed' };
        },
      }),
    },
  } satisfies ResourceRegistry;
}
