import { z } from 'zod';
import type { ContractTable } from '../../lib/envelope.contract.js';
import { loggedInUser } from '../contract.js';
import { userText } from '../../lib/text.js';

/**
 * The identity providers' side of the contract: the provider names, what a finished callback
 * leads to, and the message the provider window posts to the window that opened it.
 * Pure: the web app imports it.
 */
export const PROVIDERS = ['sso', 'google', 'facebook', 'line'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const providerEnum = z.enum(PROVIDERS);

/** What the profile offers a new account: prefill and what is still missing. */
export interface SignupProfile {
  provider: ProviderName;
  first_name: string;
  last_name: string;
  image_url: string | null;
  /** A verified email from the provider; else null and EmailCollection asks for one. */
  email: string | null;
  needs_email: boolean;
  needs_birthday: boolean;
}

/** Where a finished callback leads; the callback page posts it to the window that opened it. */
export type CallbackOutcome =
  | { outcome: 'logged_in'; token: string; user: { id: string; username: string } }
  | { outcome: 'linked'; provider: ProviderName }
  | { outcome: 'link_required'; provider: ProviderName; email: string }
  | { outcome: 'email_exists'; provider: ProviderName; email: string }
  /** Behind the Facebook recovery flag a linked Facebook identity no longer logs in: the popup reads its login data. */
  | { outcome: 'facebook_unavailable'; provider: 'facebook'; facebook_id: string }
  | { outcome: 'signup'; profile: SignupProfile };

/** The message the callback page posts to the window that opened it (same origin only). */
export type CompletePayload = Exclude<CallbackOutcome, { outcome: 'logged_in' }> | { outcome: 'logged_in'; user: { id: string; username: string } };
export type ProviderMessage =
  | { corkboard: 1; type: 'social-connect-complete'; payload: CompletePayload }
  | {
      corkboard: 1;
      type: 'social-connect-error';
      payload: { api_error_code: number; http_status: number; message: string; message_detail?: string; data?: Record<string, unknown> };
    };

/** Shapes more than one answer below (or another capability's) is made of. */
export const identitiesAnswer = z.object({
  has_password: z.boolean(),
  identities: z.array(z.object({ email: z.string().nullable(), created_at: z.number(), provider: z.string() })),
});

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const providersContract = {
  SocialProvidersResource: {
    get: { options: z.object({}), answer: z.record(z.string(), z.object({ one_tap: z.boolean().optional(), configured: z.boolean(), disabled: z.boolean() })) },
  },
  GoogleOneTapResource: {
    create: {
      options: z.object({
        credential: z.string().min(1, 'A credential is required.').max(8192),
        state: z.string().max(512),
        select_by: z.string().max(64).optional(),
      }),
      answer: z.union([
        z.object({ outcome: z.literal('linked'), provider: z.enum(['facebook', 'google', 'line', 'sso']) }),
        z.object({
          outcome: z.literal('link_required'),
          provider: z.enum(['facebook', 'google', 'line', 'sso']),
          email: z.string(),
        }),
        z.object({ outcome: z.literal('email_exists'), provider: z.enum(['facebook', 'google', 'line', 'sso']), email: z.string() }),
        z.object({ outcome: z.literal('facebook_unavailable'), provider: z.literal('facebook'), facebook_id: z.string() }),
        z.object({
          outcome: z.literal('signup'),
          profile: z.object({
            provider: z.enum(['facebook', 'google', 'line', 'sso']),
            first_name: z.string(),
            last_name: z.string(),
            image_url: z.string().nullable(),
            email: z.string().nullable(),
            needs_email: z.boolean(),
            needs_birthday: z.boolean(),
          }),
        }),
        z.object({ outcome: z.literal('logged_in'), user: z.object({ id: z.string(), username: z.string() }) }),
      ]),
    },
  },
  SocialRegisterResource: {
    create: {
      options: z.object({
        // google_one_tap is a Google sign-up that began with one tap.
        type: z.enum([...PROVIDERS, 'google_one_tap']).transform((type): ProviderName => (type === 'google_one_tap' ? 'google' : type)),
        birthday: z.number().int().nullable().optional(),
        birthday_source_site: z.string().max(32).optional(),
        email: z.string().trim().max(254).nullable().optional(),
        email_source_site: z.string().max(32).optional(),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/, 'Must be a two-letter country code.')
          .nullable()
          .optional(),
        first_name: userText({ max: 64 }).optional(),
        last_name: userText({ max: 64 }).optional(),
        kr_privacy_consent_opt_in: z.boolean().optional(),
        marketing_notifs_opt_out: z.boolean().optional(),
        recaptchaV3Token: z.string().max(4096).optional(),
        next: z.string().max(2048).optional(),
      }),
      answer: z.object({
        birthday_source_site: z.string(),
        email_source_site: z.string(),
        user: loggedInUser.extend({ email_verified: z.boolean() }),
        redirect: z.string(),
      }),
    },
  },
  SocialLinkResource: {
    create: { options: z.object({}), answer: z.object({ provider: z.enum(['facebook', 'google', 'line', 'sso']) }) },
  },
  SocialIdentitiesResource: {
    get: { options: z.object({}), answer: identitiesAnswer },
    delete: { options: z.object({ provider: providerEnum }), answer: identitiesAnswer },
  },
  SocialPasswordResource: {
    create: {
      options: z.object({ new_password: z.string().max(256), code: z.string().trim().min(1).max(16).optional() }),
      answer: z.object({ status: z.string() }),
    },
  },
} satisfies ContractTable;
