import type { NotificationsAnswer, UnreadAnswer } from './contract.js';
import type { Deps } from '../deps.js';
import type { NotificationKind } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { FEED_END, pageOf, readBookmark } from '../lib/bookmark.js';
import { noticeRule, type BoardFacts, type PinFacts, type Relation } from '../policy/rules.js';
import { type ServiceKind, shouldNotify, UNREAD_CAP } from './rules.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notificationsStore } from './store.js';
import type { Gate } from '../lib/messages/gate.js';
import { outgoingFor } from '../outbox/service.js';
import { processLog } from '../core/log.js';

export interface NotificationEvent {
  kind: NotificationKind;
  actorId: string;
  recipientIds: string[];
  boardId?: string | null;
  pinId?: string | null;
}

/**
 * Notifications in the app. `notify` is called by the services where things happen
 * (collaborators: invite and accept; users: follow; pins: repin) after their own writes; a failing
 * write of a notification is logged and does not fail or undo what the user did. Each goes through the
 * message gate (lib/messages/gate.ts): repeats (a follow undone and done again) fold into the one already
 * in the list, and the per-recipient and per-actor shares hold.
 */
export function notificationsService(deps: Deps, gate: Pick<Gate, 'inApp'> = outgoingFor(deps)) {
  const { db, clock } = deps;
  const store = notificationsStore(db);

  return {
    async notify(event: NotificationEvent): Promise<void> {
      try {
        const recipients = [...new Set(event.recipientIds)];
        if (recipients.length === 0) return;
        const states = await store.states([event.actorId, ...recipients]);
        const actorState = states.get(event.actorId) ?? '';
        const now = clock.now();
        const about = `${event.boardId ?? ''}|${event.pinId ?? ''}`;
        const messages = recipients
          .filter((recipientId) => shouldNotify({ actorId: event.actorId, recipientId, actorState, recipientState: states.get(recipientId) ?? '' }))
          .map((recipientId) => ({ kind: event.kind, recipientId, senderId: event.actorId, about }));
        await gate.inApp(messages, (admitted) =>
          store.insert(
            admitted.map((m) => ({
              id: newId(),
              recipient_id: m.recipientId,
              kind: event.kind,
              actor_id: event.actorId,
              board_id: event.boardId ?? null,
              pin_id: event.pinId ?? null,
              created_at: now,
            })),
          ),
        );
      } catch (error) {
        processLog().error({ err: error }, 'notification not written');
      }
    },

    /**
     * The service's own notices (an operator's decision; a domain another account proved), written in the
     * transaction that decides (`trx`), so nothing is decided without the people it concerns being told.
     * Not through the message gate: they come from the service, not a member, so there is no sender's share
     * to take and no repeat to fold (one decision tells once). Each row's actor is its recipient: nobody is named.
     */
    async fromService(
      trx: Kysely<Database>,
      notices: Array<{ kind: ServiceKind; recipientId: string; boardId?: string | null; pinId?: string | null; note?: string | null }>,
    ) {
      const now = clock.now();
      await notificationsStore(trx).insert(
        [...new Map(notices.map((n) => [`${n.kind}|${n.recipientId}`, n])).values()].map((n) => ({
          id: newId(),
          recipient_id: n.recipientId,
          kind: n.kind,
          actor_id: n.recipientId,
          board_id: n.boardId ?? null,
          pin_id: n.pinId ?? null,
          created_at: now,
          note: n.note ?? null,
        })),
      );
    },

    /** NotificationsResource get: a page of the viewer's notifications, newest first. */
    async list(viewerId: string, input: { page_size: number; bookmark?: string | undefined }): Promise<NotificationsAnswer> {
      if (input.bookmark === FEED_END) return { notifications: [], bookmark: FEED_END };
      const rows = await store.list(viewerId, readBookmark(input.bookmark), input.page_size + 1);
      const { page, bookmark } = pageOf(rows, input.page_size);
      return {
        notifications: page.map((row) => {
          // Asked of the policy as the reader stands now, not when the notice was written.
          const relationTo = (ownerId: string | null, status: string | null): Relation =>
            ownerId === viewerId ? 'owner' : status === 'accepted' ? 'collaborator' : 'stranger';
          const board: BoardFacts | null =
            row.board_id !== null && row.board_privacy !== null
              ? {
                  relation: relationTo(row.board_owner_id, row.board_status),
                  privacy: row.board_privacy,
                  archived: row.board_archived_at !== null,
                  ownerState: row.owner_state ?? '',
                }
              : null;
          const pin: PinFacts | null =
            row.pin_found !== null && row.pin_board_privacy !== null
              ? {
                  relation: relationTo(row.pin_board_owner_id, row.pin_board_status),
                  privacy: row.pin_board_privacy,
                  archived: row.pin_board_archived_at !== null,
                  ownerState: row.pin_board_owner_state ?? '',
                  pinnerState: row.pinner_state ?? '',
                  pinnedByActor: row.pinner_id === viewerId,
                }
              : null;
          const shown = noticeRule({ board, pin, invitePending: row.kind === 'board_invite' && row.board_status === 'invited' });
          return {
            id: row.id,
            kind: row.kind,
            created_at: row.created_at,
            unread: row.read_at === null,
            actor: { id: row.actor_id, username: row.actor_username, full_name: `${row.actor_first_name} ${row.actor_last_name}`.trim() },
            board:
              shown.board && row.board_id !== null && row.board_name !== null
                ? { id: row.board_id, name: row.board_name, url: `/${row.owner_username}/${row.board_slug}/` }
                : null,
            pin: shown.pin && row.pin_id ? { id: row.pin_id, url: `/pin/${row.pin_id}/` } : null,
            note: row.note ?? null,
          };
        }),
        bookmark,
      };
    },

    /** NotificationCountResource get: the header badge's unread count, "99+" past UNREAD_CAP. */
    async unread(viewerId: string): Promise<UnreadAnswer> {
      const count = await store.unread(viewerId, UNREAD_CAP);
      return { unread: Math.min(count, UNREAD_CAP), more: count > UNREAD_CAP };
    },

    /** NotificationsResource update: the viewer saw their list; everything unread so far is read. */
    async markRead(viewerId: string) {
      await store.markRead(viewerId, clock.now());
      return { unread: 0 };
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
