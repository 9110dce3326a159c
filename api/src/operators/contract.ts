import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { OFFSITE_BLOCK_STATUSES } from '../advertisers/rules/offsite.js';

/** What an operator may do to an account, from the console or the command line: each one the same service, each one audited. */
export const PERSON_ACTIONS = ['suspend', 'deactivate', 'reinstate', 'end_sessions', 'unlock', 'reset_two_factor', 'mail_password_reset'] as const;
export type PersonAction = (typeof PERSON_ACTIONS)[number];

/** The operator console's answers (/admin/): people, their accounts, and the audit log. */

export const personSummary = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  state: z.string(),
});
export type PersonSummary = z.infer<typeof personSummary>;

export const person = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  state: z.string(),
  state_reason: z.string().nullable(),
  operator: z.boolean(),
  mfa: z.string().nullable(),
  providers: z.array(z.string()),
  businesses: z.number().int(),
  pins: z.number().int(),
  boards: z.number().int(),
  live_sessions: z.number().int(),
  last_sign_in_at: z.number().nullable(),
  failed_log_ins: z.number().int(),
  locked: z.boolean(),
  created_at: z.number(),
});
export type Person = z.infer<typeof person>;

export const auditEntry = z.object({
  id: z.string(),
  via: z.enum(['console', 'cli']),
  /** The operator's account (null: the command line), and its username when it still exists. */
  operator_id: z.string().nullable(),
  operator_username: z.string().nullable(),
  action: z.string(),
  subject_kind: z.string(),
  subject_id: z.string(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** What a person action takes: the account, the action, why (kept in the log) and the operator's fresh proof. */
export const personActionOptions = z.object({
  id: z.string().min(1).max(32),
  action: z.enum(PERSON_ACTIONS),
  reason: z.string().trim().min(1, 'Say why: the audit log keeps it.').max(500, 'Must be at most 500 characters.'),
  password: z.string().max(256).optional(),
  code: z.string().trim().max(16).optional(),
});

/** Why an operator does what they do: the audit log keeps it. */
const reason = z.string().trim().min(1, 'Say why: the audit log keeps it.').max(500, 'Must be at most 500 characters.');
const search = z.object({ query: z.string().trim().max(100, 'Must be at most 100 characters.').default('') });
const link = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(https?:\/\/|\/)/, 'Links are http(s) URLs or paths.');

export const hostsOptions = search;
export const hostSetOptions = z.object({
  host: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, 'Must be at most 253 characters.')
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'Give a host name, like example.com.'),
  status: z.enum(OFFSITE_BLOCK_STATUSES),
  reason,
});
export const hostClearOptions = hostSetOptions.omit({ status: true });
export const offsiteHost = z.object({ host: z.string(), status: z.string(), created_at: z.number() });

export const noticeTarget = z.object({
  target_type: z.enum(['search', 'pin']),
  target: z.string().trim().min(1, 'Give a search term or a pin id.').max(200, 'Must be at most 200 characters.'),
});
export const noticeAttachOptions = noticeTarget.extend({
  severity: z.coerce.number().int().min(0).max(2),
  title: z.string().trim().min(1, 'Give the notice a title.').max(200, 'Must be at most 200 characters.'),
  description: z.string().trim().min(1, 'Give the notice a description.').max(1000, 'Must be at most 1000 characters.'),
  link_text: z.string().trim().max(200).optional(),
  link: link.optional(),
  action_text: z.string().trim().max(100).optional(),
  action_link: link.optional(),
  reason,
});
export const noticeRemoveOptions = noticeTarget.extend({ reason });
export const noticeRow = z.object({
  target_type: z.string(),
  target: z.string(),
  severity: z.number(),
  advisory_type: z.string(),
  title: z.string(),
  created_at: z.number(),
});

export const business = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  website_url: z.string().nullable(),
  quick_promote_steps: z.string().nullable(),
  merchant_id: z.string().nullable(),
  owner_email: z.string(),
});
export const businessActionOptions = z.discriminatedUnion('action', [
  z.object({ id: z.string().regex(/^\d{1,20}$/, 'Give a business id.'), action: z.literal('steps'), steps: z.enum(['short', 'full', 'default']), reason }),
  z.object({ id: z.string().regex(/^\d{1,20}$/, 'Give a business id.'), action: z.literal('merchant_verify'), reason }),
]);

export const invitationOptions = z.object({ email: z.string().trim().toLowerCase().max(254).email('Give an email address.'), reason });
export const invitation = z.object({
  id: z.string(),
  email: z.string(),
  invited_by: z.string().nullable(),
  created_at: z.number(),
  expires_at: z.number(),
  used_at: z.number().nullable(),
});

/** An audit page's size, and the most one request may ask for. */
export const AUDIT_PAGE = 50;

export const AUDIT_PAGE_MAX = 200;

export const cursor = z
  .string()
  .max(80)
  .regex(/^\d{1,16}\.[A-Za-z0-9_-]{1,40}$/, 'Not a page of the audit log.')
  .transform((text) => {
    const dot = text.indexOf('.');
    return { createdAt: Number(text.slice(0, dot)), id: text.slice(dot + 1) };
  });

export const operatorsContract = {
  OperatorPeopleResource: {
    get: {
      options: z.object({ query: z.string().trim().min(1, 'Type an email, a username or a name.').max(100, 'Must be at most 100 characters.') }),
      answer: z.array(personSummary),
    },
  },
  OperatorPersonResource: {
    get: { options: z.object({ id: z.string().min(1).max(32) }), answer: person },
    update: { options: personActionOptions, answer: person },
  },
  OperatorAuditResource: {
    get: {
      options: z.object({
        limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE),
        before: cursor.optional(),
        /** The operator's username, or 'cli' for the command line. */
        operator: z.string().trim().min(1).max(64).optional(),
        /** The id of what was acted on (an account, a pin, a host, ...). */
        subject: z.string().trim().min(1).max(255).optional(),
      }),
      answer: z.object({ entries: z.array(auditEntry), next: z.string().nullable() }),
    },
  },
  OperatorHostsResource: {
    get: { options: hostsOptions, answer: z.array(offsiteHost) },
    create: { options: hostSetOptions, answer: z.array(offsiteHost) },
    delete: { options: hostClearOptions, answer: z.array(offsiteHost) },
  },
  OperatorNoticesResource: {
    get: { options: hostsOptions, answer: z.array(noticeRow) },
    create: { options: noticeAttachOptions, answer: z.array(noticeRow) },
    delete: { options: noticeRemoveOptions, answer: z.array(noticeRow) },
  },
  OperatorBusinessesResource: { get: { options: hostsOptions, answer: z.array(business) }, update: { options: businessActionOptions, answer: business } },
  OperatorInvitationsResource: {
    get: { options: z.object({}), answer: z.object({ open: z.boolean(), invitations: z.array(invitation) }) },
    create: { options: invitationOptions, answer: z.object({ email: z.string() }) },
  },
} satisfies ContractTable;
