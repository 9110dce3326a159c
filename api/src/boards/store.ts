import { sql, type Kysely, type Transaction } from 'kysely';
import { addDeltas, forgetBoardDeltas, pinCountOf, type Delta } from '../counts/store.js';
import type { BoardSection, Database, Privacy } from '../db/schema.js';
import { nameSortKey, nameWords, startsWithDigit } from './rules/names.js';
import { olderThan, type Bookmark } from '../lib/bookmark.js';
import { hiddenShownToSql, shownAccount } from '../policy/sql.js';
import { refreshCovers } from './covers.js';
import { collaboratorCount, memberOf, policyReads } from '../policy/reads.js';

/** `slug` is `base` or `base-…`: the slugs a new one must not repeat (slugs hold only [a-z0-9-]). */
const slugFamily = (base: string) => sql<boolean>`(slug = ${base} or slug like ${`${base}-%`})`;

/** Where the picker's keyset paging stands: the last board's order columns. */
export interface PickerCursor {
  digit: number;
  key: string;
  id: string;
}

/**
 * Acting for an advertiser they do not own (`protectedFor` its id), a viewer
 * picks among that advertiser's protected boards; otherwise (null) among boards that are not protected,
 * and the owner acting for their business (`ownedProtected` its id) among its protected boards too
 * (the owner may make them).
 */
export interface PickerScope {
  protectedFor: string | null;
  ownedProtected?: string | null;
}

/** Above every character a name word holds: `word >= w and word < w + WORD_END` is "starts with w". */
const WORD_END = '\u{10FFFF}';

/**
 * A search word matching at most this many of the owner's name words drives the search from
 * board_words (those boards, sorted); a commoner one is cheaper found by walking the boards in order.
 */
const RARE_WORD_MATCHES = 20_000;

/** The columns a picker row is made of; never the description or other wide ones. */
const pickerColumns = (db: Kysely<Database>) =>
  db
    .selectFrom('boards')
    .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
    .select([
      'boards.id',
      'boards.name',
      'boards.slug',
      'boards.privacy',
      'boards.image_cover_url',
      'boards.section_count',
      'boards.owner_id',
      'boards.last_pinned_at',
      'boards.sort_digit',
      'boards.sort_key',
      'owner.username as owner_username',
    ])
    .select(pinCountOf('board_pins').as('pin_count'))
    .select(collaboratorCount)
    .where('boards.archived_at', 'is', null);

type PickerQuery = ReturnType<typeof pickerColumns>;
export type PickerRow = Awaited<ReturnType<PickerQuery['execute']>>[number];

const scoped = (query: PickerQuery, scope: PickerScope) => {
  if (scope.protectedFor !== null) return query.where('boards.privacy', '=', 'protected').where('boards.advertiser_id', '=', scope.protectedFor);
  const owned = scope.ownedProtected;
  if (owned) return query.where((eb) => eb.or([eb('boards.privacy', '<>', 'protected'), eb('boards.advertiser_id', '=', owned)]));
  return query.where('boards.privacy', '<>', 'protected');
};

/** Bytewise, as SQLite's BINARY and Postgres's COLLATE "C" compare sort_key (JS's < compares UTF-16 units). */
const bytewise = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export const compareCursors = (a: { sort_digit: number; sort_key: string; id: string }, b: { sort_digit: number; sort_key: string; id: string }) =>
  a.sort_digit - b.sort_digit || bytewise(a.sort_key, b.sort_key) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const mergeRows = <T>(a: T[], b: T[], compare: (x: T, y: T) => number) => (b.length === 0 ? a : [...a, ...b].sort(compare));

export function boardsStore(db: Kysely<Database>) {
  const reads = policyReads(db);
  const ownedBoards = (userId: string) => pickerColumns(db).where('boards.owner_id', '=', userId);
  const sharedBoards = (userId: string) =>
    pickerColumns(db)
      .innerJoin('board_collaborators as member', 'member.board_id', 'boards.id')
      .where('member.user_id', '=', userId)
      .where('member.status', '=', 'accepted')
      .where('boards.owner_id', '<>', userId)
      // A suspended or deactivated owner's board is no one's to save to (policy/rules.ts boardRule).
      .where((eb) => shownAccount(eb, 'owner.state'));

  /** The typed word that starts the fewest of the owner's name words, counting no further than needed. */
  const rarestWord = async (ownerId: string, words: string[]) => {
    const counts = await Promise.all(
      words.map(async (word) => {
        const row = await db
          .selectFrom((eb) =>
            eb
              .selectFrom('board_words')
              .select('board_words.board_id')
              .where('board_words.owner_id', '=', ownerId)
              .where('board_words.word', '>=', word)
              .where('board_words.word', '<', `${word}${WORD_END}`)
              .limit(RARE_WORD_MATCHES + 1)
              .as('matches'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return { word, count: Number(row.n) };
      }),
    );
    return counts.reduce((a, b) => (b.count < a.count ? b : a));
  };

  return {
    // The reads the object policy decides from, kept in one place (policy/reads.ts) and offered here too.
    findBoardWithOwner: reads.findBoardWithOwner,
    findSection: reads.findSection,
    isMember: reads.isMember,
    findBoardForMember: reads.findBoardForMember,

    findBoard(boardId: string) {
      return db.selectFrom('boards').selectAll().select(pinCountOf('board_pins').as('pin_count')).where('id', '=', boardId).executeTakeFirst();
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
      return db.selectFrom('boards').select('id').where('owner_id', '=', ownerId).where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
    },

    findSectionByTitle(boardId: string, title: string) {
      return db
        .selectFrom('board_sections')
        .select('id')
        .where('board_id', '=', boardId)
        .where(sql<string>`lower(title)`, '=', title.toLowerCase())
        .executeTakeFirst();
    },

    /**
     * A page of the boards the user may save to (owned, or collaborated on with an accepted invite;
     * archived ones left out), in the picker's order (sort_digit, sort_key, id), after `after`.
     * Owned boards walk the boards_picker index; collaborated ones come from the user's accepted
     * invites; the two are merged here. `words` (folded, as boards/rules/names.ts splits them) keeps only
     * boards with a name word starting with each. No list of ids is ever bound.
     */
    async pickerPage(userId: string, scope: PickerScope, after: PickerCursor | null, limit: number, words: string[]): Promise<PickerRow[]> {
      // A search whose rarest word starts few of the owner's name words is driven from board_words
      // (its matches, sorted); a common one walks the boards in order until a page has matched.
      const rarest = words.length ? await rarestWord(userId, words) : null;
      const page = (query: PickerQuery) => {
        let q = scoped(query, scope);
        if (after) q = q.where((eb) => eb(eb.refTuple('boards.sort_digit', 'boards.sort_key', 'boards.id'), '>', eb.tuple(after.digit, after.key, after.id)));
        for (const word of words) {
          q = q.where((eb) =>
            eb.exists(
              eb
                .selectFrom('board_words')
                .select('board_words.board_id')
                .whereRef('board_words.board_id', '=', 'boards.id')
                .where('board_words.word', '>=', word)
                .where('board_words.word', '<', `${word}${WORD_END}`),
            ),
          );
        }
        return q.orderBy('boards.sort_digit').orderBy('boards.sort_key').orderBy('boards.id').limit(limit).execute();
      };
      // Owned boards: by the owner's name words (their owner_id is the board's), or in order by boards_picker.
      const owned =
        rarest && rarest.count <= RARE_WORD_MATCHES
          ? pickerColumns(db).where('boards.id', 'in', (eb) =>
              eb
                .selectFrom('board_words')
                .select('board_words.board_id')
                .where('board_words.owner_id', '=', userId)
                .where('board_words.word', '>=', rarest.word)
                .where('board_words.word', '<', `${rarest.word}${WORD_END}`),
            )
          : ownedBoards(userId);
      const [mine, shared] = await Promise.all([page(owned), page(sharedBoards(userId))]);
      return mergeRows(mine, shared, compareCursors).slice(0, limit);
    },

    /** A user's id by username (a profile's address, /{username}/). */
    findUserByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'image_medium_url', 'state'])
        .where('username', '=', username)
        .executeTakeFirst();
    },

    /**
     * A page of the boards a profile lists: the owner's boards, newest first, never
     * archived or protected, secret ones only when `withSecret` (the owner
     * looking). Keyset paging on (created_at, id) as the board feed does.
     */
    async listProfileBoards(ownerId: string, withSecret: boolean, after: Bookmark | null, limit: number, archived = false) {
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
        ])
        .select(collaboratorCount)
        // Their own boards and the group boards they collaborate on (an accepted invite).
        .where((eb) => memberOf(eb, ownerId))
        // Archived boards are listed apart, to their owner alone, who archived them.
        .where((eb) => (archived ? eb('boards.archived_at', 'is not', null).and('boards.owner_id', '=', ownerId) : eb('boards.archived_at', 'is', null)))
        // Not a group board whose owner is suspended or deactivated (policy/rules.ts boardRule).
        .where((eb) => shownAccount(eb, 'owner.state'))
        .where('boards.privacy', 'in', withSecret ? ['public', 'secret'] : ['public'])
        // A board an operator hid is listed to its owner alone (withSecret: the profile's owner is looking).
        .where((eb) => hiddenShownToSql(eb, 'boards.hidden', ['boards.owner_id'], withSecret ? ownerId : null));
      if (after) query = query.where((eb) => olderThan(eb, 'boards.created_at', 'boards.id', after));
      const rows = await query.orderBy('boards.created_at', 'desc').orderBy('boards.id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...row, collaborator_count: Number(row.collaborator_count ?? 0) }));
    },

    /** The accepted collaborators of some boards (a page of a profile's), for their face piles. */
    collaboratorsOf(boardIds: string[]) {
      if (boardIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('board_collaborators')
        .innerJoin('users', 'users.id', 'board_collaborators.user_id')
        .select(['board_collaborators.board_id', 'users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.image_medium_url'])
        .where('board_collaborators.board_id', 'in', boardIds)
        .where('board_collaborators.status', '=', 'accepted')
        .where((eb) => shownAccount(eb, 'users.state'))
        .execute();
    },

    /** The user's boards most recently saved to ('Top choices'), newest first. */
    async recentBoards(userId: string, scope: PickerScope, limit: number): Promise<PickerRow[]> {
      const recent = (query: PickerQuery) =>
        scoped(query, scope).where('boards.last_pinned_at', 'is not', null).orderBy('boards.last_pinned_at', 'desc').limit(limit).execute();
      const [owned, shared] = await Promise.all([recent(ownedBoards(userId)), recent(sharedBoards(userId))]);
      return mergeRows(owned, shared, (a, b) => (b.last_pinned_at ?? 0) - (a.last_pinned_at ?? 0) || (a.id < b.id ? -1 : 1)).slice(0, limit);
    },

    /** One board's sections, in the order they were made. */
    listSections(boardId: string): Promise<BoardSection[]> {
      return db
        .selectFrom('board_sections')
        .selectAll()
        .select(pinCountOf('section_pins').as('pin_count'))
        .where('board_id', '=', boardId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** A new board with its stored sort key and its name words (boards/rules/names.ts), in one transaction. */
    async insertBoard(board: {
      id: string;
      owner_id: string;
      name: string;
      slug: string;
      privacy: Privacy;
      description: string;
      advertiser_id: string | null;
      created_at: number;
    }) {
      const words = [...new Set(nameWords(board.name))];
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('boards')
          .values({
            ...board,
            image_cover_url: null,
            archived_at: null,
            last_pinned_at: null,
            sort_digit: startsWithDigit(board.name) ? 1 : 0,
            sort_key: nameSortKey(board.name),
          })
          .execute();
        if (words.length)
          await trx
            .insertInto('board_words')
            .values(words.map((word) => ({ board_id: board.id, owner_id: board.owner_id, word })))
            .execute();
      });
    },

    async insertSection(section: { id: string; board_id: string; title: string; slug: string; created_at: number }, initialPins: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('board_sections').values(section).execute();
        if (initialPins.length) {
          await trx.updateTable('pins').set({ section_id: section.id }).where('board_id', '=', section.board_id).where('id', 'in', initialPins).execute();
        }
        await recount(trx, [section.board_id]);
      });
    },

    /** A board's name, description and privacy (editing a board). */
    async updateBoard(
      boardId: string,
      change: {
        name?: string;
        slug?: string;
        description?: string;
        privacy?: Privacy;
        cover_pin_id?: string | null;
        image_cover_url?: string | null;
        archived_at?: number | null;
      },
    ) {
      if (Object.keys(change).length) await db.updateTable('boards').set(change).where('id', '=', boardId).execute();
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

    /** A pin on the board with its image, for choosing the board's cover. */
    pinOnBoard(boardId: string, pinId: string) {
      return db.selectFrom('pins').select(['id', 'image_id']).where('id', '=', pinId).where('board_id', '=', boardId).executeTakeFirst();
    },

    /** Pins with the boards they are on; for checking who may move them. */
    pinsWithBoards(pinIds: string[]) {
      if (pinIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('pins').select(['id', 'board_id', 'section_id', 'pinner_id']).where('id', 'in', pinIds).execute();
    },

    /** Bulk delete: pins of one board go; their pinners' counts and the board's are recomputed, in one transaction. */
    async deletePins(boardId: string, pins: { id: string; pinner_id: string }[], coverOf: (imageId: string) => string) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('pins')
          .where('board_id', '=', boardId)
          .where(
            'id',
            'in',
            pins.map((p) => p.id),
          )
          .returning('pinner_id')
          .execute();
        await addDeltas(trx, perPinner(gone, -1));
        await recount(trx, [boardId]);
        await refreshCovers(trx, [boardId], coverOf);
      });
    },

    /** Moves pins to a board and section, and recounts every board and section touched, in one transaction. */
    async movePins(pinIds: string[], to: { boardId: string; sectionId: string | null }, touchedBoards: string[], coverOf: (imageId: string) => string) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('pins').set({ board_id: to.boardId, section_id: to.sectionId }).where('id', 'in', pinIds).execute();
        await recount(trx, [...new Set([...touchedBoards, to.boardId])]);
        // The boards the pins left may have lost their cover's pin; the board they reach may have had none.
        await refreshCovers(trx, [...new Set([...touchedBoards, to.boardId])], coverOf);
      });
    },
  };
}

/** The pinners' count changes for some pins (deleted: n = -1), one row per pinner. */
export function perPinner(pins: Array<{ pinner_id: string }>, n: number): Delta[] {
  const counts = new Map<string, number>();
  for (const p of pins) counts.set(p.pinner_id, (counts.get(p.pinner_id) ?? 0) + n);
  return [...counts].map(([target_id, delta]) => ({ counter: 'user_pins', target_id, delta }));
}

/**
 * Pin and section counts of the given boards and their sections, recomputed from the pins themselves;
 * their pending count rows are dropped first, in the same transaction (counts/store.ts forgetBoardDeltas).
 */
async function recount(db: Transaction<Database>, boardIds: string[]) {
  await forgetBoardDeltas(db, boardIds);
  await db
    .updateTable('boards')
    .set((eb) => ({
      pin_count: eb
        .selectFrom('pins')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('pins.board_id', '=', 'boards.id'),
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
      pin_count: eb
        .selectFrom('pins')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('pins.section_id', '=', 'board_sections.id'),
    }))
    .where('board_id', 'in', boardIds)
    .execute();
}

export type BoardsStore = ReturnType<typeof boardsStore>;
