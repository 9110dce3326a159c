import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv, Deps, Viewer } from '../deps.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { safeNext } from '../lib/next.js';
import { ok } from '../lib/envelope.js';
import { parse } from '../lib/validation.js';
import { firstNameFromEmail, MIN_STRENGTH_SCORE } from './rules.js';
import { emailIsValid, SESSION_TTL_MS, type AuthService } from './service.js';

export const SESSION_COOKIE = 'cb_session';

/** Resolves the session cookie to the viewer (or null) for every request. */
export function sessionMiddleware(auth: AuthService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('viewer', await auth.viewerFromToken(getCookie(c, SESSION_COOKIE)));
    await next();
  };
}

export function viewerJson(viewer: Viewer | null) {
  if (!viewer) return { type: 'UNAUTH' as const };
  return {
    type: 'AUTH' as const,
    user: {
      id: viewer.id,
      username: viewer.username,
      first_name: viewer.firstName,
      full_name: `${viewer.firstName} ${viewer.lastName}`.trim(),
      image_medium_url: viewer.imageMediumUrl,
      pin_count: viewer.pinCount,
    },
  };
}

/** The experiments the popup reads (auth.md section 9), each on or off for this request. */
export const POPUP_FLAGS = ['kr_privacy_consent', 'fdbr_teen_compliance', 'unauth_dweb_unified_ar'] as const;
/** Outside production a browser may turn flags on for itself with this cookie (end-to-end tests). */
export const FLAGS_COOKIE = 'cb_flags';

/** config.flags, plus the cb_flags cookie's when not in production: one test can turn on a flag without a second server. */
export function requestFlags(c: Context, config: Deps['config']): ReadonlySet<string> {
  if (config.env === 'production') return config.flags;
  const extra = (getCookie(c, FLAGS_COOKIE) ?? '').split(/[,\s]+/).filter((flag) => (POPUP_FLAGS as readonly string[]).includes(flag));
  return extra.length ? new Set([...config.flags, ...extra]) : config.flags;
}

const emailQuery = z.object({ email: z.string().max(254, 'Must be at most 254 characters.').default('') });

/** GET /v3/register/exists/ and GET /v3/email/validation/ (auth.md section 7), served as written. */
export function authV3Routes(auth: AuthService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // data false means the email is free; a malformed email answers the invalid-email code.
  routes.get('/register/exists/', async (c) => ok(c, await auth.emailExists(parse(emailQuery, c.req.query()).email)));
  routes.get('/email/validation/', (c) => ok(c, { is_valid: emailIsValid(parse(emailQuery, c.req.query()).email) }));
  return routes;
}

export function authResources({ config }: Deps, auth: AuthService): ResourceRegistry {
  const startSession = (c: Context, token: string) =>
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      secure: config.secureCookies,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_TTL_MS / 1000,
    });

  return {
    UserSessionResource: {
      // Log-in (auth.md section 7): credentials plus the next URL to return to.
      create: action({
        auth: false,
        options: z.object({
          username_or_email: z.string().trim().min(1, 'Enter your email.').max(254),
          password: z.string().min(1, 'Enter your password.').max(256),
          next: z.string().max(2048).optional(),
          get_user: z.boolean().optional(),
        }),
        async run(options, { c, viewer }) {
          const { user, token } = await auth.logIn({ email: options.username_or_email, password: options.password }, viewer);
          startSession(c, token);
          return {
            user: { id: user.id, username: user.username, first_name: user.first_name },
            redirect: safeNext(options.next),
          };
        },
      }),
      delete: action({
        auth: true,
        options: z.object({}),
        async run(_options, { c, viewer }) {
          await auth.logOut(viewer);
          deleteCookie(c, SESSION_COOKIE, { path: '/', secure: config.secureCookies });
          return { type: 'UNAUTH' };
        },
      }),
    },
    UserRegisterResource: {
      // Email sign-up; auth.md does not show the path, so it is a resource like log-in (docs/decisions.md).
      create: action({
        auth: false,
        options: z.object({
          type: z.literal('email'),
          email: z.string().max(254, 'Must be at most 254 characters.'),
          password: z.string().max(256, 'Must be at most 256 characters.'),
          birthday: z.number().int().nullable().optional(),
          country: z.string().regex(/^[A-Z]{2}$/, 'Must be a two-letter country code.').nullable().optional(),
          first_name: z.string().trim().max(64).default(''),
          last_name: z.string().trim().max(64).default(''),
          recaptchaV3Token: z.string().max(4096).optional(),
          kr_privacy_consent_opt_in: z.boolean().optional(),
          marketing_notifs_opt_out: z.boolean().optional(),
          next: z.string().max(2048).optional(),
        }),
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
            },
            requestFlags(c, config),
          );
          startSession(c, token);
          return { user, redirect: safeNext(options.next) };
        },
      }),
    },
    ExperimentsResource: {
      // What the popup needs to know before it draws the auth screens.
      get: action({
        auth: false,
        options: z.object({}),
        run(_options, { c }) {
          const flags = requestFlags(c, config);
          return Object.fromEntries(POPUP_FLAGS.map((flag) => [flag, flags.has(flag)]));
        },
      }),
    },
    PasswordRulesResource: {
      // The server-supplied password rules new sign-ups apply (auth.md section 7).
      get: action({
        auth: false,
        options: z.object({}),
        run: () => ({ min_length: config.passwordMinLength, ascii_only: true, differ_from_username: true, min_strength_score: MIN_STRENGTH_SCORE }),
      }),
    },
    ViewerResource: {
      get: action({ auth: false, options: z.object({}), run: (_options, { viewer }) => viewerJson(viewer) }),
    },
  };
}
