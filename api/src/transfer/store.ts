import type { Kysely, Transaction } from 'kysely';
import type { Database, TransfersTable } from '../db/schema.js';
import { addDeltas, type Delta } from '../counts/store.js';
import { nameSortKey, nameWords, startsWithDigit } from '../boards/rules/names.js';
import { hashtagsOf } from '../pins/rules/hashtags.js';
import { jobsStore } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import { currentRequestId } from '../core/log.js';

export type TransferRow = Awaited<ReturnType<ReturnType<typeof transfersStore>['find']>> & {};

/** The only code of transfer/ that touches Kysely: the transfers rows, and the import's bulk writes. */
export function transfersStore(db: Kysely<Database>) {
  const jobs = jobsStore(db);
  return {
    find(id: string) {
      return db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A person's latest import or export. */
    latest(ownerId: string, kind: TransfersTable['kind']) {
      return db
        .selectFrom('transfers')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Whether one of theirs is still queued or running: one at a time per person. */
    async busy(ownerId: string, movedSince: number) {
      return !!(await db
        .selectFrom('transfers')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('status', 'in', ['queued', 'running'])
        .where('updated_at', '>', movedSince)
        .executeTakeFirst());
    },

    /** What a person's imports created since `since` wrote (pins and images), but `except`'s: their quota's use. */
    async importedSince(ownerId: string, since: number, except = '') {
      const row = await db
        .selectFrom('transfers')
        .select((eb) => eb.fn.sum<number | null>('done').as('n'))
        .where('owner_id', '=', ownerId)
        .where('kind', '=', 'import')
        .where('created_at', '>=', since)
        .where('id', '!=', except)
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    },

    /** The row and its job, or neither. */
    async create(row: { id: string; owner_id: string; kind: TransfersTable['kind']; format: string; total: number; now: number }, jobKind: string) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('transfers')
          .values({
            id: row.id,
            owner_id: row.owner_id,
            kind: row.kind,
            format: row.format,
            status: 'queued',
            total: row.total,
            done: 0,
            state: null,
            error: null,
            error_code: null,
            bytes: null,
            created_at: row.now,
            updated_at: row.now,
          })
          .execute();
        await jobs.enqueue(trx, {
          id: newId(),
          kind: jobKind,
          payload: JSON.stringify({ transfer_id: row.id }),
          now: row.now,
          requestId: currentRequestId() ?? null,
        });
      });
    },

    async update(
      id: string,
      change: {
        status?: TransfersTable['status'];
        total?: number;
        done?: number;
        state?: string | null;
        error?: string | null;
        error_code?: number | null;
        bytes?: number | null;
      },
      now: number,
      trx: Kysely<Database> | Transaction<Database> = db,
    ) {
      await trx
        .updateTable('transfers')
        .set({ ...change, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Older exports of this person, whose files go when a new one is made. */
    olderExports(ownerId: string, keepId: string) {
      return db
        .selectFrom('transfers')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('kind', '=', 'export')
        .where('id', '<>', keepId)
        .where('status', 'in', ['done', 'failed'])
        .execute();
    },
    async remove(ids: string[]) {
      if (ids.length) await db.deleteFrom('transfers').where('id', 'in', ids).execute();
    },

    /** The owner's boards by name (folded by case, as a board name is unique per owner), with what the policy asks. */
    async boardsByName(ownerId: string) {
      const rows = await db.selectFrom('boards').select(['id', 'name', 'privacy', 'archived_at']).where('owner_id', '=', ownerId).execute();
      return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
    },
    async sectionsByTitle(boardIds: string[]) {
      if (!boardIds.length) return new Map<string, string>();
      const rows = await db.selectFrom('board_sections').select(['id', 'board_id', 'title']).where('board_id', 'in', boardIds).execute();
      return new Map(rows.map((r) => [`${r.board_id}\n${r.title.toLowerCase()}`, r.id]));
    },

    /**
     * The boards and sections an import makes, with the state that says so, in one transaction: a retry
     * of the job finds the state and makes none twice.
     */
    async makeBoards(
      transferId: string,
      boards: Array<{
        id: string;
        owner_id: string;
        name: string;
        slug: string;
        description: string;
        privacy: 'public' | 'secret';
        created_at: number;
        sections: Array<{ id: string; title: string; slug: string }>;
      }>,
      sectionsOfExisting: Array<{ id: string; board_id: string; title: string; slug: string; created_at: number }>,
      state: string,
      now: number,
    ) {
      await db.transaction().execute(async (trx) => {
        for (const b of boards) {
          await trx
            .insertInto('boards')
            .values({
              id: b.id,
              owner_id: b.owner_id,
              name: b.name,
              slug: b.slug,
              description: b.description,
              privacy: b.privacy,
              advertiser_id: null,
              image_cover_url: null,
              archived_at: null,
              last_pinned_at: null,
              created_at: b.created_at,
              section_count: b.sections.length,
              sort_digit: startsWithDigit(b.name) ? 1 : 0,
              sort_key: nameSortKey(b.name),
            })
            .execute();
          const words = [...new Set(nameWords(b.name))];
          if (words.length)
            await trx
              .insertInto('board_words')
              .values(words.map((word) => ({ board_id: b.id, owner_id: b.owner_id, word })))
              .execute();
          if (b.sections.length)
            await trx
              .insertInto('board_sections')
              .values(b.sections.map((s) => ({ id: s.id, board_id: b.id, title: s.title, slug: s.slug, created_at: b.created_at })))
              .execute();
        }
        for (const s of sectionsOfExisting) {
          await trx.insertInto('board_sections').values(s).execute();
          await trx
            .updateTable('boards')
            .set((eb) => ({ section_count: eb('section_count', '+', 1) }))
            .where('id', '=', s.board_id)
            .execute();
        }
        await trx.updateTable('transfers').set({ state, status: 'running', updated_at: now }).where('id', '=', transferId).execute();
      });
    },

    /**
     * One batch of an import's pins, in one transaction: the pins, their hashtags, their counts (as
     * counter_deltas, counts/store.ts), an ingest job for each remote image, the boards' last save, and the
     * progress. The progress moves with the pins, so a retry starts after the last batch written.
     */
    async writePins(
      transferId: string,
      pins: Array<{
        id: string;
        board_id: string;
        section_id: string | null;
        pinner_id: string;
        link: string | null;
        title: string;
        description: string;
        alt_text: string;
        image_url: string | null;
        created_at: number;
        ingest: boolean;
      }>,
      done: number,
      ingestKind: string,
      now: number,
    ) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < pins.length; i += 100) {
          const chunk = pins.slice(i, i + 100);
          await trx
            .insertInto('pins')
            .values(chunk.map(({ ingest: _, ...p }) => ({ ...p, image_id: null, method: 'import', guid: null, color: null })))
            .execute();
          const tags = chunk.flatMap((p) => hashtagsOf(p.description).map((tag) => ({ pin_id: p.id, tag })));
          if (tags.length) await trx.insertInto('pin_hashtags').values(tags).execute();
        }
        const counts = new Map<string, Delta>();
        const count = (counter: Delta['counter'], target: string) => {
          const key = `${counter}:${target}`;
          const found = counts.get(key) ?? { counter, target_id: target, delta: 0 };
          found.delta++;
          counts.set(key, found);
        };
        for (const p of pins) {
          count('board_pins', p.board_id);
          count('user_pins', p.pinner_id);
          if (p.section_id) count('section_pins', p.section_id);
        }
        await addDeltas(trx, [...counts.values()]);
        for (const p of pins.filter((p) => p.ingest))
          await jobs.enqueue(trx, { id: newId(), kind: ingestKind, payload: JSON.stringify({ pin_id: p.id }), now, requestId: currentRequestId() ?? null });
        const boards = [...new Set(pins.map((p) => p.board_id))];
        if (boards.length) await trx.updateTable('boards').set({ last_pinned_at: now }).where('id', 'in', boards).execute();
        await trx.updateTable('transfers').set({ done, updated_at: now }).where('id', '=', transferId).execute();
      });
    },

    /** The imported pins that show an image of ours not linked yet (an image from the ZIP). */
    pinsAwaiting(ownerId: string, imageUrl: string) {
      return db.selectFrom('pins').select('id').where('pinner_id', '=', ownerId).where('image_url', '=', imageUrl).where('image_id', 'is', null).execute();
    },

    // What an export reads: the owner's boards, sections and pins, a page at a time.
    ownBoards(ownerId: string) {
      return db
        .selectFrom('boards')
        .select(['id', 'name', 'description', 'privacy', 'created_at', 'archived_at'])
        .where('owner_id', '=', ownerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    sectionsOf(boardIds: string[]) {
      if (!boardIds.length) return Promise.resolve([]);
      return db
        .selectFrom('board_sections')
        .select(['id', 'board_id', 'title', 'created_at'])
        .where('board_id', 'in', boardIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async countPins(ownerId: string) {
      const row = await db
        .selectFrom('pins')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('boards.owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Pins on the owner's boards after `after` (by id), with their image's state. */
    pinsPage(ownerId: string, after: string, limit: number) {
      return db
        .selectFrom('pins')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .leftJoin('images', 'images.id', 'pins.image_id')
        .select([
          'pins.id',
          'pins.board_id',
          'pins.section_id',
          'pins.link',
          'pins.title',
          'pins.description',
          'pins.alt_text',
          'pins.image_url',
          'pins.image_id',
          'pins.created_at',
          'images.status as image_status',
        ])
        .where('boards.owner_id', '=', ownerId)
        .where('pins.id', '>', after)
        .orderBy('pins.id')
        .limit(limit)
        .execute();
    },
    async hashtagsOf(pinIds: string[]) {
      if (!pinIds.length) return new Map<string, string[]>();
      const rows = await db.selectFrom('pin_hashtags').select(['pin_id', 'tag']).where('pin_id', 'in', pinIds).execute();
      const map = new Map<string, string[]>();
      for (const r of rows) map.set(r.pin_id, [...(map.get(r.pin_id) ?? []), r.tag]);
      return map;
    },
  };
}

export type TransfersStore = ReturnType<typeof transfersStore>;
