import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { NO_LIMIT, none } from '../lib/declare.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import { clientAddress } from '../lib/client-address.js';
import { KNOWN_COOKIE, SESSION_COOKIE } from './contract.js';
import { rememberAgain, setSessionCookie } from './routes.js';
import type { AuthService } from './service.js';

/**
 * The security settings' resources (issue 27, auth/security.ts): the page at /settings/security/ calls
 * these. Wrong passwords and codes are bounded per account (securityAccount); every input is parsed here.
 */

/** A code as typed: six digits from an app or SMS, or a backup code (xxxxx-xxxxx). */
const code = z.string().trim().min(1, 'Enter your code.').max(16, 'Must be at most 16 characters.');
/** The fresh proof (auth/credentials/proof.ts): the current password, and a two-factor code when it is on. */
const proof = z.object({ password: z.string().max(256).optional(), code: code.optional() });
const GUESSES = 'securityAccount' as const;

export function securityResources({ config }: Deps, auth: AuthService) {
  const endBrowserSession = (c: Context) => deleteCookie(c, SESSION_COOKIE, { path: '/', secure: config.secureCookies });

  return {
    SecuritySettingsResource: {
      // What the security page shows: two-factor's state (and this session's), whether there is a password, the email.
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object({}), run: (_o, { viewer }) => auth.securityStatus(viewer) }),
    },
    TwoFactorResource: {
      // Start a set-up: an authenticator app's secret and QR code, or a code texted to a phone.
      create: legacyAction({
        caller: 'user',
        limit: ['mfaSetupAccount'],
        options: z.discriminatedUnion('method', [z.object({ method: z.literal('totp') }), z.object({ method: z.literal('sms'), phone_number: z.string().trim().min(1, 'Enter your phone number.').max(32) })]),
        run: (o, { viewer }) => (o.method === 'totp' ? auth.startTotp(viewer) : auth.startSms(viewer, o.phone_number)),
      }),
      // Confirm it with the set-up's code and the fresh proof (the password): two-factor on, this session rotated as one that passed it, backup codes shown once.
      update: legacyAction({
        caller: 'user',
        limit: GUESSES,
        options: z.object({ code, password: z.string().max(256).optional() }),
        async run(o, { c, viewer }) {
          const { token, backup_codes } = await auth.confirmMfa(viewer, o.code, { password: o.password });
          setSessionCookie(c, config, token);
          await rememberAgain(c, config, auth, viewer.id);
          return { status: 'on', backup_codes };
        },
      }),
      // Turn it off with the password and a fresh code (app, SMS or backup code).
      delete: legacyAction({
        caller: 'user',
        limit: GUESSES,
        options: proof.extend({ code }),
        async run(o, { c, viewer }) {
          const answer = await auth.disableMfa(viewer, o);
          await rememberAgain(c, config, auth, viewer.id);
          return answer;
        },
      }),
    },
    TwoFactorCodeResource: {
      // A new SMS code for an account that gets codes by SMS (to turn two-factor off or pass it).
      create: legacyAction({ caller: 'user', limit: none('texts at most 5 codes an hour per account and per phone (auth/mfa.ts)'), options: z.object({}), run: (_o, { viewer }) => auth.sendMfaCode(viewer) }),
    },
    SessionTwoFactorResource: {
      // The step-up: this session passes two-factor (and rotates) before acting for a business it does not own.
      create: legacyAction({
        caller: 'user',
        limit: GUESSES,
        options: z.object({ code }),
        async run(o, { c, viewer }) {
          setSessionCookie(c, config, await auth.passMfa(viewer, o.code));
          return { session_passed: true };
        },
      }),
    },
    EmailChangeResource: {
      // A new address: confirmed by the link mailed to it; the old address gets a notice.
      create: legacyAction({
        caller: 'user',
        limit: [GUESSES, 'verifyResendAddress'],
        options: proof.extend({ email: z.string().trim().min(1, 'Enter your new email.').max(254, 'Must be at most 254 characters.') }),
        run: (o, { c, viewer }) => auth.changeEmail(viewer, o.email, o, clientAddress(c, config.trustProxy)),
      }),
    },
    ActiveSessionsResource: {
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object({}), run: (_o, { viewer }) => auth.sessions(viewer) }),
      // Log out one session (this one too: then the cookie goes) ...
      delete: legacyAction({
        caller: 'user',
        limit: NO_LIMIT.write,
        options: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not a session.') }),
        async run(o, { c, viewer }) {
          const ended = await auth.logOutSession(viewer, o.id);
          if (ended.current) endBrowserSession(c);
          return ended;
        },
      }),
    },
    OtherSessionsResource: {
      // ... or every session but this one.
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({}), run: (_o, { viewer }) => auth.logOutOthers(viewer) }),
    },
    AccountDeactivationResource: {
      create: legacyAction({
        caller: 'user',
        limit: GUESSES,
        options: proof,
        async run(o, { c, viewer }) {
          const answer = await auth.deactivate(viewer, o);
          endBrowserSession(c);
          return answer;
        },
      }),
    },
    AccountDeletionResource: {
      create: legacyAction({
        caller: 'user',
        limit: GUESSES,
        options: proof,
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
