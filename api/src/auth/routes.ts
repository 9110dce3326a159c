import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv, Deps, Viewer } from '../deps.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { safeNext } from '../lib/next.js';
import { SESSION_TTL_MS, type AuthService } from './service.js';

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

export function authResources({ config }: Deps, auth: AuthService): ResourceRegistry {
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
          setCookie(c, SESSION_COOKIE, token, {
            httpOnly: true,
            secure: config.secureCookies,
            sameSite: 'Lax',
            path: '/',
            maxAge: SESSION_TTL_MS / 1000,
          });
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
    ViewerResource: {
      get: action({ auth: false, options: z.object({}), run: (_options, { viewer }) => viewerJson(viewer) }),
    },
  };
}
