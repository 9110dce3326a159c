import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { Deps } from '../deps.js';
import { NO_LIMIT, none } from '../lib/declare.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { clientAddress } from '../lib/client-address.js';
import { KNOWN_COOKIE, SESSION_COOKIE, authContract } from './contract.js';
import { rememberAgain, setSessionCookie } from './routes.js';
import type { AuthService } from './service.js';
const GUESSES = 'securityAccount' as const;

export function securityResources({ config }: Deps, auth: AuthService) {
  const endBrowserSession = (c: Context) => deleteCookie(c, SESSION_COOKIE, { path: '/', secure: config.secureCookies });

  return {
    SecuritySettingsResource: {
      // What the security page shows: two-factor's state (and this session's), whether there is a password, the email.
      get: action({ ...authContract.SecuritySettingsResource.get, caller: 'user', limit: NO_LIMIT.read, run: (_o, { viewer }) => auth.securityStatus(viewer) }),
    },
    TwoFactorResource: {
      // Start a set-up: an authenticator app's secret and QR code, or a code texted to a phone.
      create: action({
        ...authContract.TwoFactorResource.create,
        caller: 'user',
        limit: ['mfaSetupAccount'],
        run: (o, { viewer }) => (o.method === 'totp' ? auth.startTotp(viewer) : auth.startSms(viewer, o.phone_number)),
      }),
      // Confirm it with the set-up's code and the fresh proof (the password): two-factor on, this session rotated as one that passed it, backup codes shown once.
      update: action({
        ...authContract.TwoFactorResource.update,
        caller: 'user',
        limit: GUESSES,
        async run(o, { c, viewer }) {
          const { token, backup_codes } = await auth.confirmMfa(viewer, o.code, { password: o.password });
          setSessionCookie(c, config, token);
          await rememberAgain(c, config, auth, viewer.id);
          return { status: 'on', backup_codes };
        },
      }),
      // Turn it off with the password and a fresh code (app, SMS or backup code).
      delete: action({
        ...authContract.TwoFactorResource.delete,
        caller: 'user',
        limit: GUESSES,
        async run(o, { c, viewer }) {
          const answer = await auth.disableMfa(viewer, o);
          await rememberAgain(c, config, auth, viewer.id);
          return answer;
        },
      }),
    },
    TwoFactorCodeResource: {
      // A new SMS code for an account that gets codes by SMS (to turn two-factor off or pass it).
      create: action({
        ...authContract.TwoFactorCodeResource.create,
        caller: 'user',
        limit: none('texts at most 5 codes an hour per account and per phone (auth/mfa.ts)'),
        run: (_o, { viewer }) => auth.sendMfaCode(viewer),
      }),
    },
    SessionTwoFactorResource: {
      // The step-up: this session passes two-factor (and rotates) before acting for a business it does not own.
      create: action({
        ...authContract.SessionTwoFactorResource.create,
        caller: 'user',
        limit: GUESSES,
        async run(o, { c, viewer }) {
          setSessionCookie(c, config, await auth.passMfa(viewer, o.code));
          return { session_passed: true };
        },
      }),
    },
    EmailChangeResource: {
      // A new address: confirmed by the link mailed to it; the old address gets a notice.
      create: action({
        ...authContract.EmailChangeResource.create,
        caller: 'user',
        limit: [GUESSES, 'verifyResendAddress'],
        run: (o, { c, viewer }) => auth.changeEmail(viewer, o.email, o, clientAddress(c, config.trustProxy)),
      }),
    },
    ActiveSessionsResource: {
      get: action({ ...authContract.ActiveSessionsResource.get, caller: 'user', limit: NO_LIMIT.read, run: (_o, { viewer }) => auth.sessions(viewer) }),
      // Log out one session (this one too: then the cookie goes) ...
      delete: action({
        ...authContract.ActiveSessionsResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        async run(o, { c, viewer }) {
          const ended = await auth.logOutSession(viewer, o.id);
          if (ended.current) endBrowserSession(c);
          return ended;
        },
      }),
    },
    OtherSessionsResource: {
      // ... or every session but this one.
      delete: action({
        ...authContract.OtherSessionsResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (_o, { viewer }) => auth.logOutOthers(viewer),
      }),
    },
    AccountDeactivationResource: {
      create: action({
        ...authContract.AccountDeactivationResource.create,
        caller: 'user',
        limit: GUESSES,
        async run(o, { c, viewer }) {
          const answer = await auth.deactivate(viewer, o);
          endBrowserSession(c);
          return answer;
        },
      }),
    },
    AccountDeletionResource: {
      create: action({
        ...authContract.AccountDeletionResource.create,
        caller: 'user',
        limit: GUESSES,
        async run(o, { c, viewer }) {
          const answer = await auth.deleteAccount(viewer, o);
          endBrowserSession(c);
          // The account is gone: this browser no longer welcomes it back.
          deleteCookie(c, KNOWN_COOKIE, { path: '/', secure: config.secureCookies });
          return answer;
        },
      }),
    },
  } satisfies ResourceRegistry;
}
