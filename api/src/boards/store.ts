import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Board, BoardSection, Database, Privacy } from '../db/schema.js';

/** A board's accepted collaborators, counted beside each board row. */
const collaboratorCount = (eb: ExpressionBuilder<Database, 'boards'>) =>
  eb
    .selectFrom('board_collaborators')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('board_collaborators.board_id', '=', 'boards.id')
    .where('board_collaborators.status', '=', 'accepted')
    .as('collaborator_count');

/** `slug` is `base` or `base-…`: the slugs a new one must not repeat (slugs hold only [a-z0-9-]). */
const slugFamily = (base: string) => sql<boolean>`(slug = ${base} or slug like ${`${base}-%`})`;

export function boardsStore(db: Kysely<Database>) {
  return {
    findBoard(boardId: string) {
      return db.selectFrom('boards').selectAll().where('id', '=', boardId).executeTakeFirst();
    },

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
        .select(['owner.username as owner_username', 'owner.first_name as owner_first_name', 'owner.last_name as owner_last_name', 'owner.image_medium_url as owner_image_medium_url'])
        .select(collaboratorCount);
      query = 'id' in key ? query.where('boards.id', '=', key.id) : query.where('owner.username', '=', key.username).where('boards.slug', '=', key.slug);
      const row = await query.orderBy('boards.created_at').orderBy('boards.id').executeTakeFirst();
      return row && { ...row, collaborator_count: Number(row.collaborator_count ?? 0) };
    },

    /** The owner's board slugs that are `base` or `base-…`, to give a new board a slug of its own. */
    async boardSlugsLike(ownerId: string, base: string): Promise<Set<string>> {
      const rows = await db.selectFrom('boards').select('slug').where('owner_id', '=', ownerId).where(slugFamily(base)).execute();
      return new Set(rows.map((r) => r.slug));
    },

    /** The board's section slugs that are `base` or `base-…`, likewise for a new section. */
    async sectionSlugsLike(boardId: string, base: string): Promise<Set<string>> {
      const rows = await db.selectFrom('board_sections').select('slug').where('board_id', '=', boardId).where(slugFamily(base)).execute();
      return new Set(rows.map((r) => r.slug));
    },

    findBoardByName(ownerId: string, name: string) {
      return db
        .selectFrom('boards')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
    },

    findSection(sectionId: string) {
      return db.selectFrom('board_sections').selectAll().where('id', '=', sectionId).executeTakeFirst();
    },

    findSectionByTitle(boardId: string, title: string) {
      return db
        .selectFrom('board_sections')
        .select('id')
        .where('board_id', '=', boardId)
        .where(sql<string>`lower(title)`, '=', title.toLowerCase())
        .executeTakeFirst();
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
        .select(collaboratorCount)
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

    /** A user's id by username (a profile's address, /{username}/). */
    findUserByUsername(username: string) {
      return db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'image_medium_url']).where('username', '=', username).executeTakeFirst();
    },

    /**
     * A page of the boards a profile lists (issue 19): the owner's boards, newest first, never
     * archived or protected (saving.md section 6), secret ones only when `withSecret` (the owner
     * looking). Keyset paging on (created_at, id) as the board feed does.
     */
    async listProfileBoards(ownerId: string, withSecret: boolean, after: { createdAt: number; id: string } | null, limit: number) {
      let query = db
        .selectFrom('boards')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .selectAll('boards')
        .select('owner.username as owner_username')
        .select(collaboratorCount)
        .where('boards.owner_id', '=', ownerId)
        .where('boards.archived_at', 'is', null)
        .where('boards.privacy', 'in', withSecret ? ['public', 'secret'] : ['public']);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('boards.created_at', '<', after.createdAt), eb.and([eb('boards.created_at', '=', after.createdAt), eb('boards.id', '<', after.id)])]),
        );
      }
      const rows = await query.orderBy('boards.created_at', 'desc').orderBy('boards.id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...row, collaborator_count: Number(row.collaborator_count ?? 0) }));
    },

    listSections(boardIds: string[]): Promise<BoardSection[]> {
      if (boardIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('board_sections').selectAll().where('board_id', 'in', boardIds).orderBy('created_at').orderBy('id').execute();
    },

    async insertBoard(board: { id: string; owner_id: string; name: string; slug: string; privacy: Privacy; description: string; advertiser_id: string | null; created_at: number }) {
      await db.insertInto('boards').values({ ...board, image_cover_url: null, archived_at: null, last_pinned_at: null }).execute();
    },

    /** A new section, the pins it starts with moved into it, and the counts, in one transaction. */
    async insertSection(section: { id: string; board_id: string; title: string; slug: string; created_at: number }, initialPins: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('board_sections').values(section).execute();
        if (initialPins.length) {
          await trx.updateTable('pins').set({ section_id: section.id }).where('board_id', '=', section.board_id).where('id', 'in', initialPins).execute();
        }
        await recount(trx, [section.board_id]);
      });
    },

    /** A board's name, description and privacy (issue 19: editing a board). */
    async updateBoard(boardId: string, change: { name?: string; slug?: string; description?: string; privacy?: Privacy }) {
      if (Object.keys(change).length) await db.updateTable('boards').set(change).where('id', '=', boardId).execute();
    },

    /**
     * A board and everything on it, in one transaction: its pins (their pinners' counts go down),
     * sections, collaborators and email invites. Explicit, not left to foreign-key cascades, which
     * SQLite applies only when told to.
     */
    async deleteBoard(boardId: string) {
      await db.transaction().execute(async (trx) => {
        const pinners = await trx.selectFrom('pins').select(['pinner_id', (eb) => eb.fn.countAll<number>().as('n')]).where('board_id', '=', boardId).groupBy('pinner_id').execute();
        for (const p of pinners) {
          await trx.updateTable('users').set((eb) => ({ pin_count: eb('pin_count', '-', Number(p.n)) })).where('id', '=', p.pinner_id).execute();
        }
        await trx.deleteFrom('pins').where('board_id', '=', boardId).execute();
        await trx.deleteFrom('board_sections').where('board_id', '=', boardId).execute();
        await trx.deleteFrom('board_collaborators').where('board_id', '=', boardId).execute();
        await trx.deleteFrom('board_email_invites').where('board_id', '=', boardId).execute();
        await trx.deleteFrom('boards').where('id', '=', boardId).execute();
      });
    },

    async updateSection(sectionId: string, change: { title: string; slug: string }) {
      await db.updateTable('board_sections').set(change).where('id', '=', sectionId).execute();
    },

    /** A section goes; its pins stay on the board, outside any section (one transaction, counts recomputed). */
    async deleteSection(section: { id: string; board_id: string }) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('pins').set({ section_id: null }).where('section_id', '=', section.id).execute();
        await trx.deleteFrom('board_sections').where('id', '=', section.id).execute();
        await recount(trx, [section.board_id]);
      });
    },

    /** BoardSectionPinsResource delete: pins leave a section for the board's top level. */
    async unsectionPins(section: { id: string; board_id: string }, pinIds: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('pins').set({ section_id: null }).where('section_id', '=', section.id).where('id', 'in', pinIds).execute();
        await recount(trx, [section.board_id]);
      });
    },

    /** Pins with the boards they are on; for checking who may move them. */
    pinsWithBoards(pinIds: string[]) {
      if (pinIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('pins').select(['id', 'board_id', 'section_id']).where('id', 'in', pinIds).execute();
    },

    /** Moves pins to a board and section, and recounts every board and section touched, in one transaction. */
    async movePins(pinIds: string[], to: { boardId: string; sectionId: string | null }, touchedBoards: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('pins').set({ board_id: to.boardId, section_id: to.sectionId }).where('id', 'in', pinIds).execute();
        await recount(trx, [...new Set([...touchedBoards, to.boardId])]);
      });
    },
  };
}

/** Pin and section counts of the given boards and their sections, recomputed from the pins themselves. */
async function recount(db: Kysely<Database>, boardIds: string[]) {
  await db
    .updateTable('boards')
    .set((eb) => ({
      pin_count: eb.selectFrom('pins').select((x) => x.fn.countAll<number>().as('n')).whereRef('pins.board_id', '=', 'boards.id'),
      section_count: eb
        .selectFrom('board_sections')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('board_sections.board_id', '=', 'boards.id'),
    }))
    .where('id', 'in', boardIds)
    .execute();
  await db
    .updateTable('board_sections')
    .set((eb) => ({
      pin_count: eb.selectFrom('pins').select((x) => x.fn.countAll<number>().as('n')).whereRef('pins.section_id', '=', 'board_sections.id'),
    }))
    .where('board_id', 'in', boardIds)
    .execute();
}

export type BoardsStore = ReturnType<typeof boardsStore>;
