import type { Kysely } from 'kysely';
import type { Board, BoardSection, Database, Privacy } from '../db/schema.js';

export function boardsStore(db: Kysely<Database>) {
  return {
    findBoard(boardId: string) {
      return db.selectFrom('boards').selectAll().where('id', '=', boardId).executeTakeFirst();
    },

    findSection(sectionId: string) {
      return db.selectFrom('board_sections').selectAll().where('id', '=', sectionId).executeTakeFirst();
    },

    /** Whether the user owns the board or collaborates on it (an accepted invite). */
    async isMember(boardId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('boards')
        .select('boards.id')
        .where('boards.id', '=', boardId)
        .where((eb) =>
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
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Boards the user may save to: owned or collaborated on, archived ones left out. */
    async listMemberBoards(userId: string): Promise<Array<Board & { owner_username: string; collaborator_count: number }>> {
      return db
        .selectFrom('boards')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .selectAll('boards')
        .select('owner.username as owner_username')
        .select((eb) =>
          eb
            .selectFrom('board_collaborators')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('board_collaborators.board_id', '=', 'boards.id')
            .where('board_collaborators.status', '=', 'accepted')
            .as('collaborator_count'),
        )
        .where('boards.archived_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('boards.owner_id', '=', userId),
            eb(
              'boards.id',
              'in',
              eb
                .selectFrom('board_collaborators')
                .select('board_collaborators.board_id')
                .where('board_collaborators.user_id', '=', userId)
                .where('board_collaborators.status', '=', 'accepted'),
            ),
          ]),
        )
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, collaborator_count: Number(row.collaborator_count ?? 0) })));
    },

    listSections(boardIds: string[]): Promise<BoardSection[]> {
      if (boardIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('board_sections').selectAll().where('board_id', 'in', boardIds).orderBy('created_at').execute();
    },

    async insertBoard(board: { id: string; owner_id: string; name: string; slug: string; privacy: Privacy; created_at: number }) {
      await db
        .insertInto('boards')
        .values({ ...board, advertiser_id: null, image_cover_url: null, archived_at: null, last_pinned_at: null })
        .execute();
    },

    /** A new section, and the board's section count, in one transaction. */
    async insertSection(section: { id: string; board_id: string; title: string; slug: string; created_at: number }) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('board_sections').values(section).execute();
        await trx
          .updateTable('boards')
          .set((eb) => ({ section_count: eb('section_count', '+', 1) }))
          .where('id', '=', section.board_id)
          .execute();
      });
    },
  };
}

export type BoardsStore = ReturnType<typeof boardsStore>;
