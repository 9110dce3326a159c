import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { pinsStore } from '../pins/store.js';
import { testApp } from '../testing.js';
import { connectSqlite } from './connect.js';

/**
 * Saves that share a commit write their search words once, before it (migration 0032, deferred-search.ts),
 * and every other writer still indexes at once: what search finds is the same either way.
 */
const dir = mkdtempSync(join(tmpdir(), 'deferred-search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function setUp(name: string) {
  const t = await testApp({ db: connectSqlite(join(dir, `${name}.sqlite`)) });
  const user = await t.makeUser(name);
  const board = await t.makeBoard(user.id, 'Kitchen');
  const pin = (title: string) => ({
    id: newId(),
    board_id: board,
    section_id: null,
    pinner_id: user.id,
    image_id: null,
    image_url: null,
    link: `https://shop.example/${title}`,
    title,
    description: 'Brass lamp',
    method: 'button' as const,
    guid: null,
    color: '#d9a441',
    created_at: Date.now(),
  });
  const found = async (words: string) =>
    (
      await sql<{
        title: string;
      }>`select p.title from pin_fts f join pin_search ps on ps.seq = f.rowid join pins p on p.id = ps.pin_id where pin_fts match ${words} order by p.title`.execute(
        t.db,
      )
    ).rows.map((row) => row.title);
  /** The index's segments (FTS5 keeps each in pin_fts_data under rowids from 2^37 on, its id in the high bits). */
  const segments = async () =>
    Number((await sql<{ n: number }>`select count(distinct rowid / 137438953472) as n from pin_fts_data where rowid >= 137438953472`.execute(t.db)).rows[0]!.n);
  const pending = async () => Number((await sql<{ n: number }>`select count(*) as n from search_deferred`.execute(t.db)).rows[0]!.n);
  return { t, user, board, pin, found, segments, pending, pins: pinsStore(t.db) };
}

describe('the search words of saves that share a commit', () => {
  it('are written once for the whole batch, for the saves that stay: a save rolled back leaves none', async () => {
    const { t, pin, found, segments, pending, pins } = await setUp('batch');
    expect(await segments()).toBe(0);
    // Sent in one turn of the event loop: one batch, one commit (db/batched.ts).
    // The eighth save's last statement is refused (a count without its target) after its pin is written.
    const refused = t.db
      .insertInto('counter_deltas')
      .values({ counter: 'board_pins', target_id: null as unknown as string, delta: 1 })
      .compile();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => pins.savePin(pin(`lamp${String(i).padStart(2, '0')}`), null, i === 7 ? [refused] : [])),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
    const titles = (await found('brass')).sort();
    expect(titles).toHaveLength(19);
    expect(titles).not.toContain('lamp07');
    expect(await found('lamp07')).toEqual([]);
    expect(await found('lamp08')).toEqual(['lamp08']);
    // One segment for the twenty: the words were written once, before the commit.
    expect(await segments()).toBe(1);
    // The row that deferred them never outlives its transaction.
    expect(await pending()).toBe(0);
    // Every pin that stayed has its row in the search order, and no other does.
    expect(
      Number(
        (
          await t.db
            .selectFrom('pin_search')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(19);
    await t.db.destroy();
  });

  it('of any other writer are written at once, by the trigger, as before', async () => {
    const { t, pin, found, segments, pending } = await setUp('plain');
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('pins').values(pin('imported')).execute();
      // Visible inside its own transaction already: nothing waits for a batch's end.
      expect((await sql<{ n: number }>`select count(*) as n from pin_fts where pin_fts match 'imported'`.execute(trx)).rows[0]!.n).toBe(1);
    });
    expect(await found('imported brass')).toEqual(['imported']);
    expect(await segments()).toBe(1);
    expect(await pending()).toBe(0);
    await t.db.destroy();
  });
});
