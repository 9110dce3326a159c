import { z } from 'zod';
import { NOTIFICATION_KINDS } from './rules.js';
import type { ContractTable } from '../lib/envelope.contract.js';
import { NOTIFICATIONS_PAGE_SIZE } from './rules.js';
import { bookmarkOption } from '../lib/bookmark.js';

/** Notifications in the app, as the contract: pure zod, the types inferred. */
export const notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  created_at: z.number(),
  unread: z.boolean(),
  actor: z.object({ id: z.string(), username: z.string(), full_name: z.string() }),
  /** Only a board the reader may see is named (a secret board's name stays with its members). */
  board: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
  pin: z.object({ id: z.string(), url: z.string() }).nullable(),
  /** A moderation notice's reason (what the operator told the owner), or the domain of a domain_taken notice; null for every other kind. */
  note: z.string().nullable(),
});

/** NotificationsResource get: a page of the reader's notifications, newest first. */
export const notificationsAnswer = z.object({ notifications: z.array(notification), bookmark: z.string().nullable() });
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

/** NotificationCountResource get: the header badge. */
export const unreadAnswer = z.object({ unread: z.number().int(), more: z.boolean() });
export type UnreadAnswer = z.infer<typeof unreadAnswer>;

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const notificationsContract = {
  NotificationsResource: {
    get: {
      options: z.object({ page_size: z.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE), bookmark: bookmarkOption }),
      answer: notificationsAnswer,
    },
    update: { options: z.strictObject({}), answer: z.object({ unread: z.number() }) },
  },
  NotificationCountResource: {
    get: { options: z.object({}).loose(), answer: unreadAnswer },
  },
} satisfies ContractTable;
