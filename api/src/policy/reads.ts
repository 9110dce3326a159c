import type { ExpressionBuilder, Kysely } from 'kysely';
import { pinCountOf } from '../counts/store.js';
import type { Database } from '../db/schema.js';
import { prepared } from '../db/prepared.js';

/**
 * The rows the object policy decides from (store.ts), read here so that the policy sits below the capabilities
 * that ask it: a board with its owner's state and the actor's membership, a section, a pin with its board's and
 * people's states. The boards' and pins' stores offer the same reads (and build their lists on pinDetail), so a
 * list and a single object always carry the facts the rules need.
 */

/** A board's accepted collaborators, counted beside each board row. */
export const collaboratorCount = (eb: ExpressionBuilder<Database, 'boards'>) =>
  eb
    .selectFrom('board_collaborators')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('board_collaborators.board_id', '=', 'boards.id')
    .where('board_collaborators.status', '=', 'accepted')
    .as('collaborator_count');

/** The user owns the board or collaborates on it (an accepted invite); the boards', pins' and search stores ask it too. */
export const memberOf = (eb: ExpressionBuilder<Database, 'boards'>, userId: string) =>
  eb.or([
    eb('boards.owner_id', '=', userId),
    eb.exists(
      eb
        .selectFrom('board_collaborators')
        .select('board_collaborators.board_id')
        .whereRef('board_collaborators.board_id', '=', 'boards.id')
        .where('board_collaborators.user_id', '=', userId)
        .where('board_collaborators.status', '=', 'accepted'),
    ),
  ]);

/** A pin with its board, owner, pinner, section and image: what a pin's JSON is made from, and what pinRule reads. */
export const pinDetail = (db: Kysely<Database>) =>
  db
    .selectFrom('pins')
    .innerJoin('boards', 'boards.id', 'pins.board_id')
    .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
    .innerJoin('users as pinner', 'pinner.id', 'pins.pinner_id')
    .leftJoin('board_sections', 'board_sections.id', 'pins.section_id')
    .leftJoin('images', 'images.id', 'pins.image_id')
    .leftJoin('media_uploads', 'media_uploads.id', 'pins.video_upload_id')
    .selectAll('pins')
    .select([
      'boards.name as board_name',
      'boards.slug as board_slug',
      'boards.privacy as board_privacy',
      'boards.archived_at as board_archived_at',
      'boards.hidden as board_hidden',
      'boards.owner_id as board_owner_id',
      'owner.username as owner_username',
      // What the object policy decides a pin's visibility from (policy/rules.ts pinRule).
      'owner.state as owner_state',
      'pinner.state as pinner_state',
      'pinner.username as pinner_username',
      'pinner.first_name as pinner_first_name',
      'pinner.last_name as pinner_last_name',
      'board_sections.title as section_title',
      'board_sections.slug as section_slug',
      'images.width as image_width',
      'images.height as image_height',
      'images.dominant_color as dominant_color',
      'media_uploads.video_format as video_format',
    ]);

/** The single-object reads: each the row a policy check returns to its caller. */
export function policyReads(db: Kysely<Database>) {
  // Read by every save: compiled once (db/prepared.ts).
  const boardForMember = prepared(
    'boards.findBoardForMember',
    (a: { boardId: string; userId: string }) =>
      db
        .selectFrom('boards')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .selectAll('boards')
        // The owner's state: a suspended or deactivated owner's board answers as missing (policy/rules.ts).
        .select('owner.state as owner_state')
        .select((eb) => memberOf(eb, a.userId).as('is_member'))
        .where('boards.id', '=', a.boardId),
    db,
  );
  return {
    /**
     * A board with its owner's names and its collaborator count, by id or by its URL (the owner's
     * username and the board's slug). Slugs are made unique per owner, but older rows may share
     * one: the oldest board answers, so a URL always names the same board.
     */
    async findBoardWithOwner(key: { id: string } | { username: string; slug: string }) {
      let query = db
        .selectFrom('boards')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .selectAll('boards')
        .select(pinCountOf('board_pins').as('pin_count'))
        .select([
          'owner.username as owner_username',
          'owner.first_name as owner_first_name',
          'owner.last_name as owner_last_name',
          'owner.image_medium_url as owner_image_medium_url',
          'owner.state as owner_state',
        ])
        .select(collaboratorCount);
      query = 'id' in key ? query.where('boards.id', '=', key.id) : query.where('owner.username', '=', key.username).where('boards.slug', '=', key.slug);
      const row = await query.orderBy('boards.created_at').orderBy('boards.id').executeTakeFirst();
      return row && { ...row, collaborator_count: Number(row.collaborator_count ?? 0) };
    },

    findSection(sectionId: string) {
      return db.selectFrom('board_sections').selectAll().select(pinCountOf('section_pins').as('pin_count')).where('id', '=', sectionId).executeTakeFirst();
    },

    /** Whether the user owns the board or collaborates on it (an accepted invite). */
    async isMember(boardId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('boards')
        .select((eb) => memberOf(eb, userId).as('is_member'))
        .where('boards.id', '=', boardId)
        .executeTakeFirst();
      return Boolean(row?.is_member);
    },

    /** A board and whether the user is a member of it, in one statement (the save asks both). */
    async findBoardForMember(boardId: string, userId: string) {
      const row = await boardForMember.takeFirst({ boardId, userId });
      return row && { ...row, is_member: Boolean(row.is_member) };
    },

    findPinDetail(pinId: string) {
      return pinDetail(db).where('pins.id', '=', pinId).executeTakeFirst();
    },
  };
}
