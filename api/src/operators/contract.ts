import { z } from 'zod';
import type { ActionAnswers } from '../lib/envelope.contract.js';
import { PERSON_ACTIONS } from './people.js';

/** The operator console's answers (/admin/): people, their accounts, and the audit log. */

export const personSummary = z.object({ id: z.string(), email: z.string(), username: z.string(), first_name: z.string(), last_name: z.string(), state: z.string() });
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

export const operatorAnswers = {
  OperatorPeopleResource: { get: z.array(personSummary) },
  OperatorPersonResource: { get: person, update: person },
  OperatorAuditResource: { get: z.object({ entries: z.array(auditEntry), next: z.string().nullable() }) },
} satisfies ActionAnswers;
