import { hashtagsOf } from './rules/hashtags.js';
import { sql, type CompiledQuery, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { refreshCovers } from '../boards/covers.js';
import { pinDeltaWriter } from '../counts/store.js';
import type { Database, NewPin } from '../db/schema.js';
import { olderThan, type Bookmark } from '../lib/bookmark.js';
import { memberOf, pinDetail, policyReads } from '../policy/reads.js';
import { shaped } from '../db/prepared.js';
import { commitTogether } from '../db/together.js';
import { hiddenShownToSql, notHidden, notHiddenByReader, shownAccount } from '../policy/sql.js';

export function pinsStore(db: Kysely<Database>) {
  const reads = policyReads(db);
  const detail = () => pinDetail(db);

  // The save's statements, compiled once (db/prepared.ts): one shape per column set, cover rule or null.
  const insertPin = shaped(
    'pins.insert',
    (pin: NewPin) => Object.keys(pin).filter((column) => pin[column as keyof NewPin] !== undefined),
    (pin, columns) => db.insertInto('pins').values(Object.fromEntries(columns.map((column) => [column, pin[column as keyof NewPin]])) as NewPin),
    db,
  );
  /**
   * What a save changes on its board's row, only when it changes something: last_pinned_at when it is
   * LAST_PINNED_GRAIN_MS old or more, the cover under the rule when it would differ. A save
   * that changes neither does not lock the row, so saves to one board do not queue on it (the
   * count itself is a counter_deltas row, counts/store.ts).
   */
  const pinDeltas = pinDeltaWriter(db);
  const touchBoard = shaped(
    'boards.touchOnSave',
    (a: { boardId: string; createdAt: number; coverUrl: string | null; cover: 'always' | 'when-missing' | null }) => a.cover,
    (a, cover) => {
      const stale = (eb: ExpressionBuilder<Database, 'boards'>) =>
        eb.or([eb('last_pinned_at', 'is', null), eb('last_pinned_at', '<=', sql<number>`cast(${a.createdAt} as bigint) - ${sql.lit(LAST_PINNED_GRAIN_MS)}`)]);
      const coverChanges = (eb: ExpressionBuilder<Database, 'boards'>) =>
        // A cover the owner chose (cover_pin_id) stays whatever is saved after it.
        cover === 'always'
          ? eb.and([eb('cover_pin_id', 'is', null), eb.or([eb('image_cover_url', 'is', null), eb('image_cover_url', '<>', eb.val(a.coverUrl))])])
          : eb('image_cover_url', 'is', null);
      return db
        .updateTable('boards')
        .set((eb) => ({
          last_pinned_at: eb.case().when(stale(eb)).then(sql<number>`cast(${a.createdAt} as bigint)`).else(eb.ref('last_pinned_at')).end(),
          image_cover_url: !cover
            ? eb.ref('image_cover_url')
            : cover === 'always'
              ? eb.case().when('cover_pin_id', 'is', null).then(eb.val(a.coverUrl)).else(eb.ref('image_cover_url')).end()
              : eb.fn.coalesce('image_cover_url', eb.val(a.coverUrl)),
        }))
        .where('id', '=', a.boardId)
        .where((eb) => (cover ? eb.or([stale(eb), coverChanges(eb)]) : stale(eb)));
    },
    db,
  );
  const duplicate = shaped(
    'pins.findDuplicate',
    (a: { pinnerId: string; boardId: string; imageUrl: string | null; link: string | null }) => ({ image: a.imageUrl !== null, link: a.link !== null }),
    (a, has) =>
      db
        .selectFrom('pins')
        .select('id')
        .where('pinner_id', '=', a.pinnerId)
        .where('board_id', '=', a.boardId)
        .where(sql`substr(coalesce(image_url, link), 1, 200)`, '=', sql`substr(cast(${has.image ? a.imageUrl : has.link ? a.link : ''} as text), 1, 200)`)
        .where((eb) => (has.image ? eb('image_url', '=', a.imageUrl) : eb('image_url', 'is', null)))
        .where((eb) => (has.link ? eb('link', '=', a.link) : eb('link', 'is', null))),
    db,
  );

  return {
    /**
     * The save, as one transaction: the pin, its hashtags, `also` (what must exist exactly when the pin does:
     * its ingest job), the board's row when it changes, and the counts that go up by one on the board, its
     * section and the pinner (as counter_deltas rows, written last: see counts/store.ts forgetBoardDeltas).
     */
    async savePin(
      pin: NewPin,
      cover: { url: string; when: 'always' | 'when-missing' } | null,
      also: CompiledQuery[] = [],
      board?: { last_pinned_at: number | null },
    ) {
      // The board row as the save read it: a last_pinned_at within the grain of this pin can only have moved
      // on since, so without a cover to set the update would change nothing, and is not sent (one statement
      // less per save). Without the row, the update decides, as always.
      const fresh = board?.last_pinned_at != null && Number(board.last_pinned_at) > pin.created_at - LAST_PINNED_GRAIN_MS;
      const hashtags = hashtagsInsert(db, pin.id, pin.description ?? '');
      // Known before the first runs, so committed together: with the saves waiting beside it on SQLite, in
      // one round trip on Postgres (db/together.ts).
      await commitTogether(db, [
        insertPin.bind(pin),
        ...(hashtags ? [hashtags.compile()] : []),
        ...also,
        ...(cover || !fresh
          ? [touchBoard.bind({ boardId: pin.board_id, createdAt: pin.created_at, coverUrl: cover?.url ?? null, cover: cover?.when ?? null })]
          : []),
        pinDeltas.statement(pin, 1),
      ]);
    },

    /**
     * The same image and link already saved by this pinner to this board: one lookup in pins_duplicate
     * (pinner, board, the first 200 characters of the image URL or else the link; migration 0009),
     * then the exact comparison on the few rows that share that prefix. The expression is written as
     * the index's, so both SQLite and Postgres use it.
     */
    findDuplicate(pinnerId: string, boardId: string, imageUrl: string | null, link: string | null) {
      return duplicate.takeFirst({ pinnerId, boardId, imageUrl, link });
    },

    /** A pin's words (editing a pin). */
    /** A pin's title and description; its hashtags follow the description, in the same transaction. */
    async updatePin(pinId: string, change: { title?: string; description?: string }) {
      if (!Object.keys(change).length) return;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('pins').set(change).where('id', '=', pinId).execute();
        if (change.description !== undefined) {
          await trx.deleteFrom('pin_hashtags').where('pin_id', '=', pinId).execute();
          await hashtagsInsert(trx, pinId, change.description)?.execute();
        }
      });
    },

    /**
     * /v3/search/autocomplete/: the tags starting with `prefix` (folded), most used first, counted over
     * pins on public boards only (a secret board's words stay on it). An index range of pin_hashtags.
     */
    async hashtagsStartingWith(prefix: string, limit: number) {
      const rows = await db
        .selectFrom('pin_hashtags')
        .innerJoin('pins', 'pins.id', 'pin_hashtags.pin_id')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .select(['pin_hashtags.tag', (eb) => eb.fn.countAll<number>().as('n')])
        .where('pin_hashtags.tag', '>=', prefix)
        .where('pin_hashtags.tag', '<', `${prefix}\u{10FFFF}`)
        .where('boards.privacy', '=', 'public')
        .where('boards.archived_at', 'is', null)
        // A hidden pin's or board's words are gone with it.
        .where((eb) => notHidden(eb, 'pins.hidden'))
        .where((eb) => notHidden(eb, 'boards.hidden'))
        .groupBy('pin_hashtags.tag')
        .orderBy('n', 'desc')
        .orderBy('pin_hashtags.tag')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ tag: r.tag, pin_count: Number(r.n) }));
    },

    /**
     * A pin goes, and the counts it raised go down by one (board, section, pinner), in one transaction. The
     * board and section are the ones the row holds as it is deleted (it may have moved since it was read).
     */
    async deletePin(pin: { id: string; board_id: string; section_id: string | null; pinner_id: string }, coverOf: (imageId: string) => string) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('pins').where('id', '=', pin.id).returning(['board_id', 'section_id', 'pinner_id']).executeTakeFirst();
        if (gone) await pinDeltas.write(trx, gone, -1);
        // The board may have shown this pin as its cover.
        if (gone) await refreshCovers(trx, [gone.board_id], coverOf);
      });
    },

    /**
     * The statement that writes a pin's product tags, in their order, for savePin's `also` (committed with the
     * pin, or not at all); none when there are none.
     */
    productTagsInsert(pinId: string, tags: readonly ProductTag[]): CompiledQuery | null {
      if (!tags.length) return null;
      return db
        .insertInto('pin_product_tags')
        .values(tags.map((tag, position) => ({ pin_id: pinId, position, url: tag.url, title: tag.title, price: tag.price ?? null })))
        .compile();
    },

    /**
     * The statement that writes a pin's carousel slots (the images after its own), in their order, for
     * savePin's `also`: committed with the pin, or not at all. None when there are none.
     */
    carouselInsert(pinId: string, imageIds: readonly string[]): CompiledQuery | null {
      if (!imageIds.length) return null;
      return db
        .insertInto('pin_carousel_slots')
        .values(imageIds.map((image_id, position) => ({ pin_id: pinId, position, image_id })))
        .compile();
    },

    /** A pin's carousel slots with their images, in their order (the primary key's range). */
    carouselOf(pinId: string) {
      return db
        .selectFrom('pin_carousel_slots')
        .innerJoin('images', 'images.id', 'pin_carousel_slots.image_id')
        .select(['images.id', 'images.source_url', 'images.width', 'images.height', 'images.dominant_color'])
        .where('pin_carousel_slots.pin_id', '=', pinId)
        .orderBy('pin_carousel_slots.position')
        .execute();
    },

    /** A pin's product tags, in their order (the primary key's range). */
    findPinDetail: reads.findPinDetail,

    async productTagsOf(pinId: string): Promise<ProductTag[]> {
      const rows = await db.selectFrom('pin_product_tags').select(['url', 'title', 'price']).where('pin_id', '=', pinId).orderBy('position').execute();
      return rows.map((row) => ({ url: row.url, title: row.title, price: row.price }));
    },

    /**
     * A page of a board's pins (or of one of its sections), newest first, as their page shows them.
     * `after` is the last pin of the page before: keyset paging, so a pin saved meanwhile does not
     * shift the pages.
     */
    listBoardPins(boardId: string, sectionId: string | null, after: Bookmark | null, limit: number, viewerId: string | null = null) {
      // A suspended or deactivated pinner's pins leave the feed with their profile (policy/rules.ts); a pin an
      // operator hid stays only for its pinner and the board's owner (hiddenShownTo), never in an embed or a feed.
      let query = detail()
        .where('pins.board_id', '=', boardId)
        .where((eb) => shownAccount(eb, 'pinner.state'))
        .where((eb) => hiddenShownToSql(eb, 'pins.hidden', ['pins.pinner_id', 'boards.owner_id'], viewerId));
      // "Hide it from my view": a pin the viewer reported and hid stays out of their board pages.
      if (viewerId) query = query.where((eb) => notHiddenByReader(eb, viewerId, 'pin', 'pins.id'));
      if (sectionId) query = query.where('pins.section_id', '=', sectionId);
      if (after) query = query.where((eb) => olderThan(eb, 'pins.created_at', 'pins.id', after));
      return query.orderBy('pins.created_at', 'desc').orderBy('pins.id', 'desc').limit(limit).execute();
    },

    /**
     * The latest pins a user saved on boards anyone may see (public, not archived, owner shown: policy/rules.ts boardRule
     * for a visitor, in SQL), newest first: a profile widget's feed, through pins_pinner_created.
     */
    listPublicPinnerPins(pinnerId: string, limit: number) {
      return (
        detail()
          .where('pins.pinner_id', '=', pinnerId)
          .where('boards.archived_at', 'is', null)
          .where('boards.privacy', '=', 'public')
          // Not on a board whose owner is suspended or deactivated (policy/rules.ts boardRule).
          .where((eb) => shownAccount(eb, 'owner.state'))
          // Nothing an operator hid: the pin, or the board it is on (a widget's and a feed's readers are anyone).
          .where((eb) => notHidden(eb, 'pins.hidden'))
          .where((eb) => notHidden(eb, 'boards.hidden'))
          .orderBy('pins.created_at', 'desc')
          .orderBy('pins.id', 'desc')
          .limit(limit)
          .execute()
      );
    },

    /**
     * How many pins link to a page on boards anyone may see: a count bubble's public count.
     * One lookup in pins_link (the link's first 200 characters, as the index is written), then the exact link.
     */
    async countPublicByLink(link: string): Promise<number> {
      const row = await db
        .selectFrom('pins')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .innerJoin('users as pinner', 'pinner.id', 'pins.pinner_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        // Only what a visitor may see: a suspended or deactivated account's pins and boards are not counted.
        .where((eb) => shownAccount(eb, 'owner.state'))
        .where((eb) => shownAccount(eb, 'pinner.state'))
        .where(sql`substr(pins.link, 1, 200)`, '=', sql`substr(cast(${link} as text), 1, 200)`)
        .where('pins.link', '=', link)
        .where('boards.archived_at', 'is', null)
        .where('boards.privacy', '=', 'public')
        // A hidden pin, or a pin on a hidden board, is no one's to count.
        .where((eb) => notHidden(eb, 'pins.hidden'))
        .where((eb) => notHidden(eb, 'boards.hidden'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Pins as their pages show them, by id (search and the following feed page ids, then read them here). */
    pinDetails(pinIds: string[]) {
      return pinIds.length ? detail().where('pins.id', 'in', pinIds).execute() : Promise.resolve([]);
    },

    /**
     * A page of the pins a user saved, newest first (the home page's latest pins), on boards the
     * user may still see: not archived, and public or theirs or collaborated on (policy/rules.ts boardRule, in SQL).
     */
    listPinnerPins(pinnerId: string, after: Bookmark | null, limit: number) {
      let query = detail()
        .where('pins.pinner_id', '=', pinnerId)
        .where('boards.archived_at', 'is', null)
        .where((eb) => shownAccount(eb, 'owner.state'))
        .where((eb) => eb.or([eb('boards.privacy', '=', 'public'), memberOf(eb, pinnerId)]))
        // Their own pins even hidden (they may appeal); not on a board an operator hid from all but its owner.
        .where((eb) => hiddenShownToSql(eb, 'boards.hidden', ['boards.owner_id'], pinnerId));
      if (after) query = query.where((eb) => olderThan(eb, 'pins.created_at', 'pins.id', after));
      return query.orderBy('pins.created_at', 'desc').orderBy('pins.id', 'desc').limit(limit).execute();
    },
  };
}

/** A product tagged on a pin (pins/rules/product-tags.ts): its link, its name, and its price as the business wrote it. */
export interface ProductTag {
  url: string;
  title: string;
  price: string | null;
}

/** How far last_pinned_at may lag a save: within it, a save to the same board leaves the board's row alone. */
export const LAST_PINNED_GRAIN_MS = 1_000;

export type PinDetailRow = NonNullable<Awaited<ReturnType<ReturnType<typeof pinsStore>['findPinDetail']>>>;

/** The statement that writes a pin's hashtags (pins/rules/hashtags.ts) as pin_hashtags rows; none when it has none. */
function hashtagsInsert(db: Kysely<Database> | Transaction<Database>, pinId: string, description: string) {
  const tags = hashtagsOf(description);
  return tags.length ? db.insertInto('pin_hashtags').values(tags.map((tag) => ({ pin_id: pinId, tag }))) : undefined;
}
