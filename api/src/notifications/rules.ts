import type { NotificationKind } from '../db/schema.js';
import { accountShown } from '../policy/rules.js';

/**
 * Who is told of what in the app (issue 28, pure): an invite to a board, an accepted invite, a new
 * follower, a pin of yours saved by someone. Never oneself, and never by an actor whose account is
 * not shown (suspended, deactivated: policy/rules.ts accountShown), nor to such a recipient. The
 * list applies the actor rule again when it is read, so an actor suspended later vanishes from it.
 */
export const NOTIFICATION_KINDS = ['board_invite', 'invite_accepted', 'new_follower', 'pin_saved'] as const satisfies readonly NotificationKind[];

export function shouldNotify(e: { actorId: string; recipientId: string; actorState: string; recipientState: string }): boolean {
  return e.actorId !== e.recipientId && accountShown(e.actorState) && accountShown(e.recipientState);
}

/** The badge counts this many unread at most and shows "99+" beyond: a count never reads a whole table. */
export const UNREAD_CAP = 99;

/** The list's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 25;
