import { z } from 'zod';
import { DECISIONS, REPORT_REASONS } from './rules.js';

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
  /** Each open report's and appeal's reason and note, newest first (a bounded handful). */
  notes: z.array(z.object({ kind: z.enum(['report', 'appeal']), reason: z.string(), note: z.string().nullable(), created_at: z.number() })),
  /** What the owner and viewers see: a title, a small picture and the owner's username; null when the object is gone. */
  title: z.string().nullable(),
  image_url: z.string().nullable(),
  owner_username: z.string().nullable(),
  hidden: z.enum(['hidden', 'removed']).nullable(),
  /** Where its owner and viewers see it. */
  url: z.string().nullable(),
});

export const queueAnswer = z.object({ items: z.array(queueItem) });

export const decideBody = z.strictObject({
  object_kind: z.enum(['pin', 'board', 'user']),
  object_id: objectId,
  decision: z.enum(DECISIONS),
  /** What the owner is told, and what the audit log keeps. */
  reason: z.string().trim().min(1, 'Say why: the owner is told and the audit log keeps it.').max(500, 'Must be at most 500 characters.'),
  password: z.string().max(256).optional(),
  code: z.string().trim().max(16).optional(),
});

/** "Hide it from my view": the member who reported a pin or board no longer sees it in lists. */
export const hideBody = z.strictObject({ object_kind: z.enum(['pin', 'board']), object_id: objectId });
export const hideAnswer = z.object({ hidden: z.literal(true) });

export const decideAnswer = z.object({ closed: z.number() });
