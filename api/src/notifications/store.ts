import type { Kysely } from 'kysely';
import type { Database, NotificationKind } from '../db/schema.js';
import { olderThan, type Bookmark } from '../lib/bookmark.js';
import { shownAccount } from '../policy/sql.js';

export function notificationsStore(db: Kysely<Database>) {
  return {
    /** The account states of the actor and recipients, for the rule (notifications/rules.ts). */
    async states(userIds: string[]) {
      if (userIds.length === 0) return new Map<string, string>();
      const rows = await db.selectFrom('users').select(['id', 'state']).where('id', 'in', userIds).execute();
      return new Map(rows.map((r) => [r.id, r.state]));
    },

    async insert(
      rows: Array<{
        id: string;
        recipient_id: string;
        kind: NotificationKind;
        actor_id: string;
        board_id: string | null;
        pin_id: string | null;
        created_at: number;
        note?: string | null;
      }>,
    ) {
      if (rows.length)
        await db
          .insertInto('notifications')
          .values(rows.map((r) => ({ ...r, read_at: null })))
          .execute();
    },

    /**
     * A page of a recipient's notifications, newest first, with the actor's names and the board's;
     * an actor whose account is not shown is left out (their notifications vanish with their profile).
     * With the facts the policy decides from whether the reader may still see its board and its pin
     * (policy/rules.ts noticeRule).
     */
    list(recipientId: string, after: Bookmark | null, limit: number) {
      let query = db
        .selectFrom('notifications as n')
        .innerJoin('users as actor', 'actor.id', 'n.actor_id')
        .leftJoin('boards as b', 'b.id', 'n.board_id')
        .leftJoin('users as owner', 'owner.id', 'b.owner_id')
        .select(['n.id', 'n.kind', 'n.created_at', 'n.read_at', 'n.pin_id', 'n.note'])
        .select(['actor.id as actor_id', 'actor.username as actor_username', 'actor.first_name as actor_first_name', 'actor.last_name as actor_last_name'])
        .select([
          'b.id as board_id',
          'b.name as board_name',
          'b.slug as board_slug',
          'b.privacy as board_privacy',
          'b.archived_at as board_archived_at',
          'b.owner_id as board_owner_id',
          'owner.username as owner_username',
          'owner.state as owner_state',
        ])
        // The reader's place on the board today: 'accepted', 'invited' or none (null).
        .select((eb) =>
          eb
            .selectFrom('board_collaborators as bc')
            .select('bc.status')
            .whereRef('bc.board_id', '=', 'n.board_id')
            .where('bc.user_id', '=', recipientId)
            .as('board_status'),
        )
        // The pin as the reader may see it today: its board's facts, its pinner's state, the reader's place on its board.
        .leftJoin('pins as p', 'p.id', 'n.pin_id')
        .leftJoin('boards as pb', 'pb.id', 'p.board_id')
        .leftJoin('users as pbo', 'pbo.id', 'pb.owner_id')
        .leftJoin('users as pinner', 'pinner.id', 'p.pinner_id')
        .select([
          'p.id as pin_found',
          'p.pinner_id',
          'pb.privacy as pin_board_privacy',
          'pb.archived_at as pin_board_archived_at',
          'pb.owner_id as pin_board_owner_id',
          'pbo.state as pin_board_owner_state',
          'pinner.state as pinner_state',
        ])
        .select((eb) =>
          eb
            .selectFrom('board_collaborators as pbc')
            .select('pbc.status')
            .whereRef('pbc.board_id', '=', 'p.board_id')
            .where('pbc.user_id', '=', recipientId)
            .as('pin_board_status'),
        )
        .where('n.recipient_id', '=', recipientId)
        .where((eb) => shownAccount(eb, 'actor.state'));
      if (after) query = query.where((eb) => olderThan(eb, 'n.created_at', 'n.id', after));
      return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
    },

    /** Unread notifications from shown actors, counted up to `cap + 1` (the badge says "99+" past the cap). */
    async unread(recipientId: string, cap: number): Promise<number> {
      const row = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('notifications as n')
            .innerJoin('users as actor', 'actor.id', 'n.actor_id')
            .select('n.id')
            .where('n.recipient_id', '=', recipientId)
            .where('n.read_at', 'is', null)
            .where((inner) => shownAccount(inner, 'actor.state'))
            .limit(cap + 1)
            .as('unread'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Everything unread up to now becomes read (the list page was seen). */
    async markRead(recipientId: string, now: number) {
      await db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('recipient_id', '=', recipientId)
        .where('read_at', 'is', null)
        .where('created_at', '<=', now)
        .execute();
    },
  };
}
