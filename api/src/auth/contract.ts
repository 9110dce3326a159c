import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { userText } from '../lib/text.js';

/**
 * The security settings' resources (auth/security.ts): the page at /settings/security/ calls
 * these. Wrong passwords and codes are bounded per account (securityAccount); every input is parsed here.
 */

/** A code as typed: six digits from an app or SMS, or a backup code (xxxxx-xxxxx). */
export const code = z.string().trim().min(1, 'Enter your code.').max(16, 'Must be at most 16 characters.');

/** The fresh proof (auth/credentials/proof.ts): the current password, and a two-factor code when it is on. */
export const proof = z.object({ password: z.string().max(256).optional(), code: code.optional() });

/** First and last names at sign-up: user text, at most this long. */
export const NAME_MAX = 64;

/**
 * The viewer's answers, as the contract: pure zod, the types inferred. The
 * routes answer with them (routes.ts viewerJson), /openapi.json publishes them, the web app reads the types.
 */

/** The session's cookie: what the server's pages look for to know a visitor may be logged in. */
export const SESSION_COOKIE = 'cb_session';
/** "Remembered on this browser": outlives the session so an expired one gets the welcome-back log-in. */
export const KNOWN_COOKIE = 'cb_known';

/** A browser this product remembers (a LIMITED_LOGIN viewer): the welcome-back log-in's name and picture. */
export const recognisedInfo = z.object({
  firstName: z.string(),
  imageUrl: z.string().nullable(),
  email: z.string(),
  hasPassword: z.boolean(),
  connectedToFacebook: z.boolean(),
  connectedToGoogle: z.boolean(),
});
export type RecognisedInfo = z.infer<typeof recognisedInfo>;

/** ViewerResource get: UNAUTH, LIMITED_LOGIN (recognised, with info) or AUTH. */
export const viewerAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('UNAUTH') }),
  z.object({ type: z.literal('LIMITED_LOGIN'), info: recognisedInfo }),
  z.object({
    type: z.literal('AUTH'),
    user: z.object({
      id: z.string(),
      username: z.string(),
      first_name: z.string(),
      full_name: z.string(),
      image_medium_url: z.string().nullable(),
      pin_count: z.number().int(),
    }),
    // Present (true) only for a viewer who may enter the operator console now; absent for everyone else, so the role is never told.
    console: z.literal(true).optional(),
  }),
]);
export type ViewerData = z.infer<typeof viewerAnswer>;

/** Shapes more than one answer below (or another capability's) is made of. */
export const securitySettingsAnswer = z.object({
  mfa: z.object({
    method: z.enum(['sms', 'totp']).nullable(),
    phone_number_end: z.string().nullable(),
    backup_codes_left: z.number(),
    session_passed: z.boolean(),
    pending: z.enum(['sms', 'totp']).nullable(),
  }),
  has_password: z.boolean(),
  email: z.string().nullable(),
  pending_email: z.string().nullable(),
});

/** GET /v3/register/exists/: whether the email has an account (false: it is free). */
export const emailExistsAnswer = z.boolean();
/** GET /v3/email/validation/: the shared email rules and the disposable-domain list. */
export const emailValidationAnswer = z.object({ is_valid: z.boolean() });

/** The account a log-in or a sign-up answers with. */
export const loggedInUser = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  image_medium_url: z.string().nullable(),
});

/** A log-in's answer (UserSessionResource create): the account, and where to go next. */
export type LoginAnswer = z.infer<typeof authContract.UserSessionResource.create.answer>;

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const authContract = {
  UserSessionResource: {
    create: {
      options: z.object({
        username_or_email: z.string().trim().min(1, 'Enter your email.').max(254),
        password: z.string().min(1, 'Enter your password.').max(256),
        next: z.string().max(2048).optional(),
        get_user: z.boolean().optional(),
        switch_account: z.boolean().optional(),
        referrer: z.string().max(2048).nullable().optional(),
        app_type_from_client: z.union([z.literal(5), z.literal(7)]).optional(),
        visited_pages_before_login: z.unknown().optional(),
        mfa_token: z.string().trim().max(16).optional(),
        mfa_resend: z.boolean().optional(),
        recaptchaV2Token: z.string().max(4096).optional(),
        recaptchaV3Token: z.string().max(4096).default('default'),
      }),
      answer: z.object({
        reactivated: z.boolean().optional(),
        user: loggedInUser,
        redirect: z.string(),
      }),
    },
    delete: { options: z.object({}), answer: z.object({ type: z.string() }) },
  },
  UserRegisterResource: {
    create: {
      options: z.object({
        type: z.literal('email'),
        email: z.string().max(254, 'Must be at most 254 characters.'),
        password: z.string().max(256, 'Must be at most 256 characters.'),
        // Seconds since 1970. Anything else sent (a string, a fraction, an object) is a date that is
        // not one: NaN, which the birthday rule answers with the spec's 'Invalid date'.
        birthday: z.unknown().transform((v) => (v === undefined || v === null ? null : typeof v === 'number' && Number.isInteger(v) ? v : Number.NaN)),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/, 'Must be a two-letter country code.')
          .nullable()
          .optional(),
        first_name: userText({ max: NAME_MAX }).default(''),
        last_name: userText({ max: NAME_MAX }).default(''),
        recaptchaV3Token: z.string().max(4096).optional(),
        kr_privacy_consent_opt_in: z.boolean().optional(),
        marketing_notifs_opt_out: z.boolean().optional(),
        next: z.string().max(2048).optional(),
        // The secret of a sign-up invitation's link (SIGNUP_MODE=invite).
        invite: z.string().max(256).optional(),
      }),
      answer: z.object({
        user: loggedInUser.extend({ email_verified: z.boolean() }),
        redirect: z.string(),
      }),
    },
  },
  ExperimentsResource: {
    get: { options: z.object({}), answer: z.record(z.string(), z.boolean()) },
  },
  PasswordRulesResource: {
    get: {
      options: z.object({}),
      answer: z.object({
        min_length: z.union([z.literal(6), z.literal(8)]),
        ascii_only: z.boolean(),
        differ_from_username: z.boolean(),
        min_strength_score: z.number(),
      }),
    },
  },
  RecognisedUserResource: {
    delete: { options: z.object({}), answer: z.object({ type: z.string() }) },
  },
  EmailVerificationResource: {
    get: { options: z.object({}), answer: z.object({ email: z.string().nullable(), verified: z.boolean(), pending_email: z.string().nullable() }) },
    create: {
      options: z.object({}),
      answer: z.union([
        z.object({ email: z.string().nullable(), verified: z.boolean(), pending_email: z.string().nullable() }),
        z.object({ sent_to: z.string(), email: z.string().nullable(), verified: z.boolean(), pending_email: z.string().nullable() }),
      ]),
    },
    update: {
      options: z.object({ token: z.string().min(1, 'The link has no token.').max(256) }),
      answer: z.object({ email: z.string(), status: z.literal('verified') }),
    },
  },
  EmailChangeUndoResource: {
    create: {
      options: z.object({ token: z.string().min(1, 'The link has no token.').max(256) }),
      answer: z.object({ email: z.string(), status: z.literal('undone') }),
    },
  },
  UserPasswordResource: {
    update: {
      options: z.object({
        old_password: z.string().min(1, 'Enter your password.').max(256),
        new_password: z.string().max(256),
        code: z.string().trim().min(1).max(16).optional(),
      }),
      answer: z.object({ status: z.string() }),
    },
  },
  SecuritySettingsResource: {
    get: { options: z.object({}), answer: securitySettingsAnswer },
  },
  TwoFactorResource: {
    create: {
      options: z.discriminatedUnion('method', [
        z.object({ method: z.literal('totp') }),
        z.object({ method: z.literal('sms'), phone_number: z.string().trim().min(1, 'Enter your phone number.').max(32) }),
      ]),
      answer: z.union([
        z.object({ method: z.literal('totp'), secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() }),
        z.object({ method: z.literal('sms'), phone_number_end: z.string() }),
      ]),
    },
    update: {
      options: z.object({ code, password: z.string().max(256).optional() }),
      answer: z.object({ status: z.string(), backup_codes: z.array(z.string()) }),
    },
    delete: { options: proof.extend({ code }), answer: securitySettingsAnswer },
  },
  TwoFactorCodeResource: {
    create: { options: z.object({}), answer: z.object({ sent: z.boolean(), phone_number_end: z.string().nullable() }) },
  },
  SessionTwoFactorResource: {
    create: { options: z.object({ code }), answer: z.object({ session_passed: z.boolean() }) },
  },
  EmailChangeResource: {
    create: {
      options: proof.extend({ email: z.string().trim().min(1, 'Enter your new email.').max(254, 'Must be at most 254 characters.') }),
      answer: z.object({ pending_email: z.string() }),
    },
  },
  ActiveSessionsResource: {
    get: {
      options: z.object({}),
      answer: z.array(
        z.object({
          id: z.string(),
          current: z.boolean(),
          device: z.object({ browser: z.string().nullable(), system: z.string().nullable() }),
          place: z.object({ kind: z.enum(['local_network', 'network', 'this_device', 'unknown']), network: z.string().optional() }),
          last_used_at: z.number(),
          created_at: z.number(),
        }),
      ),
    },
    delete: { options: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not a session.') }), answer: z.object({ current: z.boolean() }) },
  },
  OtherSessionsResource: {
    delete: { options: z.object({}), answer: z.object({ ended: z.number() }) },
  },
  AccountDeactivationResource: {
    create: { options: proof, answer: z.object({ state: z.literal('deactivated') }) },
  },
  AccountDeletionResource: {
    create: { options: proof, answer: z.object({ state: z.literal('deleted') }) },
  },
  ViewerResource: {
    get: { options: z.object({}), answer: viewerAnswer },
  },
  // The invitations page (/settings/invitations/): whether this server takes invitations, and one sent.
  SignupInvitationResource: {
    get: { options: z.object({}), answer: z.object({ signup_mode: z.enum(['open', 'invite', 'closed']) }) },
    create: {
      options: z.object({ email: z.string().trim().min(1, 'Enter an email address.').max(254, 'Must be at most 254 characters.') }),
      answer: z.object({ email: z.string() }),
    },
  },
} satisfies ContractTable;
