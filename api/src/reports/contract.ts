import { z } from 'zod';

/** Pinterest's reasons for reporting, in its order. */
export const REPORT_REASONS = [
  'spam',
  'nudity',
  'self_harm',
  'misinformation',
  'hateful_activities',
  'dangerous_goods',
  'harassment',
  'graphic_violence',
  'privacy_violation',
  'intellectual_property',
] as const;

const objectId = z.string().min(1).max(64);

export const reportBody = z.strictObject({
  object_kind: z.enum(['pin', 'board', 'user']),
  object_id: objectId,
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(500).optional(),
});

export const reportAnswer = z.object({
  /** false: this reporter had already reported the object; nothing new was written. */
  created: z.boolean(),
});

export const appealBody = z.strictObject({
  object_kind: z.enum(['pin', 'board']),
  object_id: objectId,
  note: z.string().trim().max(500).optional(),
});

export const appealAnswer = z.object({ appealed: z.literal(true) });

/** One object in the queue: its open reports folded, most-reported and newest first. */
export const queueItem = z.object({
  object_kind: z.enum(['pin', 'board', 'user']),
  object_id: z.string(),
  open_reports: z.number(),
  appeals: z.number(),
  newest_at: z.number(),
  reasons: z.array(z.string()),
  /** What the owner and viewers see: a title and the owner's username; null when the object is gone. */
  title: z.string().nullable(),
  owner_username: z.string().nullable(),
  hidden: z.enum(['hidden', 'removed']).nullable(),
});

export const queueAnswer = z.object({ items: z.array(queueItem) });

export const DECISIONS = ['dismiss', 'hide', 'remove'] as const;

export const decideBody = z.strictObject({
  object_kind: z.enum(['pin', 'board', 'user']),
  object_id: objectId,
  decision: z.enum(DECISIONS),
  /** What the owner is told, and what the audit log keeps. */
  reason: z.string().trim().min(1).max(500),
});

export const decideAnswer = z.object({ closed: z.number() });
