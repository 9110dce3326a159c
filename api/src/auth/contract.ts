import { z } from 'zod';
import type { ActionAnswers } from '../lib/envelope.contract.js';

/**
 * The viewer's answers, as the contract (issue 26): pure zod, the types inferred. The
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
    user: z.object({ id: z.string(), username: z.string(), first_name: z.string(), full_name: z.string(), image_medium_url: z.string().nullable(), pin_count: z.number().int() }),
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
export type LoginAnswer = z.infer<typeof authAnswers.UserSessionResource.create>;

/**
 * The answers of this capability's resource actions, by resource and action (issue 26): /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const authAnswers = {
  UserSessionResource: {
    create: z.object({
      reactivated: z.boolean().optional(),
      user: loggedInUser,
      redirect: z.string(),
    }),
    delete: z.object({ type: z.string() }),
  },
  UserRegisterResource: {
    create: z.object({
      user: loggedInUser.extend({ email_verified: z.boolean() }),
      redirect: z.string(),
    }),
  },
  ExperimentsResource: {
    get: z.record(z.string(), z.boolean()),
  },
  PasswordRulesResource: {
    get: z.object({
      min_length: z.union([z.literal(6), z.literal(8)]),
      ascii_only: z.boolean(),
      differ_from_username: z.boolean(),
      min_strength_score: z.number(),
    }),
  },
  RecognisedUserResource: {
    delete: z.object({ type: z.string() }),
  },
  EmailVerificationResource: {
    get: z.object({ email: z.string().nullable(), verified: z.boolean(), pending_email: z.string().nullable() }),
    create: z.union([
      z.object({ email: z.string().nullable(), verified: z.boolean(), pending_email: z.string().nullable() }),
      z.object({ sent_to: z.string(), email: z.string().nullable(), verified: z.boolean(), pending_email: z.string().nullable() }),
    ]),
    update: z.object({ email: z.string(), status: z.literal('verified') }),
  },
  EmailChangeUndoResource: {
    create: z.object({ email: z.string(), status: z.literal('undone') }),
  },
  UserPasswordResource: {
    update: z.object({ status: z.string() }),
  },
  SecuritySettingsResource: {
    get: securitySettingsAnswer,
  },
  TwoFactorResource: {
    create: z.union([
      z.object({ method: z.literal('totp'), secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() }),
      z.object({ method: z.literal('sms'), phone_number_end: z.string() }),
    ]),
    update: z.object({ status: z.string(), backup_codes: z.array(z.string()) }),
    delete: securitySettingsAnswer,
  },
  TwoFactorCodeResource: {
    create: z.object({ sent: z.boolean(), phone_number_end: z.string().nullable() }),
  },
  SessionTwoFactorResource: {
    create: z.object({ session_passed: z.boolean() }),
  },
  EmailChangeResource: {
    create: z.object({ pending_email: z.string() }),
  },
  ActiveSessionsResource: {
    get: z.array(z.object({
      id: z.string(),
      current: z.boolean(),
      device: z.object({ browser: z.string().nullable(), system: z.string().nullable() }),
      place: z.object({ kind: z.enum(['local_network', 'network', 'this_device', 'unknown']), network: z.string().optional() }),
      last_used_at: z.number(),
      created_at: z.number(),
    })),
    delete: z.object({ current: z.boolean() }),
  },
  OtherSessionsResource: {
    delete: z.object({ ended: z.number() }),
  },
  AccountDeactivationResource: {
    create: z.object({ state: z.literal('deactivated') }),
  },
  AccountDeletionResource: {
    create: z.object({ state: z.literal('deleted') }),
  },
} satisfies ActionAnswers;
