import type { NotificationKind } from '../db/schema.js';
import { accountShown } from '../policy/rules.js';

/**
 * Who is told of what in the app (pure): an invite to a board, an accepted invite, a new
 * follower, a pin of yours saved by someone. Never oneself, and never by an actor whose account is
 * not shown (suspended, deactivated: policy/rules.ts accountShown), nor to such a recipient. The
 * list applies the actor rule again when it is read, so an actor suspended later vanishes from it.
 */
export const NOTIFICATION_KINDS = [
  'board_invite',
  'invite_accepted',
  'new_follower',
  'pin_saved',
  'report_reviewed',
  'moderation_hidden',
  'moderation_removed',
  'moderation_warned',
  'moderation_restored',
  'domain_taken',
  'scheduled_pin_failed',
] as const satisfies readonly NotificationKind[];

/**
 * The notices the service itself sends after an operator's decision: to each reporter (their report was
 * reviewed) and to the owner (hidden, removed, warned, with the reason). They name no operator: the row's
 * actor is its recipient, and the page shows no actor for these kinds.
 */
export const MODERATION_KINDS = [
  'report_reviewed',
  'moderation_hidden',
  'moderation_removed',
  'moderation_warned',
  'moderation_restored',
] as const satisfies readonly NotificationKind[];
export type ModerationKind = (typeof MODERATION_KINDS)[number];

/**
 * The notices the service sends of its own accord: moderation's, and the one a former official account of a
 * domain gets when another account proves the site (its note is the domain). Like moderation's, no actor is
 * named: the other account is not the former holder's business.
 */
export const SERVICE_KINDS = [...MODERATION_KINDS, 'domain_taken', 'scheduled_pin_failed'] as const satisfies readonly NotificationKind[];
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export function shouldNotify(e: { actorId: string; recipientId: string; actorState: string; recipientState: string }): boolean {
  return e.actorId !== e.recipientId && accountShown(e.actorState) && accountShown(e.recipientState);
}

/** The badge counts this many unread at most and shows "99+" beyond: a count never reads a whole table. */
export const UNREAD_CAP = 99;

/** The list's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 25;
