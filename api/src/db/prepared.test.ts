import { settleAllCounts } from '../counts/store.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { appServices } from '../app.js';
import { ApiError } from '../lib/errors.js';
import { pinsStore } from '../pins/store.js';
import { testApp, type TestApp } from '../testing.js';
import { connectSqlite } from './connect.js';
import { prepared, preparedStatementName } from './prepared.js';
import { privatePostgres } from './testing-postgres.js';

/** A user with a session, a board, and the services of the app under test bound to `db` (one connection, on Postgres). */
async function saver(t: TestApp, db = t.db) {
  const user = await t.makeUser();
  const board = await t.makeBoard(user.id, 'Links');
  const services = appServices({ ...t.deps, db });
  const viewer = await services.auth.viewerFromToken(await services.auth.startSession(user.id));
  if (!viewer) throw new Error('no viewer');
  const save = (link: string) => services.pins.create(viewer, { board_id: board, link, description: 'A note', title: '', method: 'button' });
  return { user, board, save };
}

describe('statements compiled once (db/prepared.ts)', () => {
  it('runs a reused statement with each call’s own arguments, in each of its shapes', async () => {
    const t = await testApp();
    const { user, board, save } = await saver(t);
    const first = await save('https://publisher.example/a');
    await save('https://publisher.example/b');
    const pins = pinsStore(t.db);
    // Link only, image only, both: three shapes of the duplicate check, each its own statement.
    expect(await pins.findDuplicate(user.id, board, null, 'https://publisher.example/a')).toEqual({ id: first.id });
    expect(await pins.findDuplicate(user.id, board, null, 'https://publisher.example/c')).toBeUndefined();
    expect(await pins.findDuplicate(user.id, board, 'https://publisher.example/a', null)).toBeUndefined();
    expect(await pins.findDuplicate(user.id, board, 'https://publisher.example/a', 'https://publisher.example/a')).toBeUndefined();
    await expect(save('https://publisher.example/a')).rejects.toThrow(ApiError);
    await t.settleCounts();
    expect(await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirstOrThrow()).toEqual({ pin_count: 2 });
    expect(await t.db.selectFrom('users').select('pin_count').where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({ pin_count: 2 });
  });

  it('on SQLite, a read made while a transaction holds the connection waits for its commit and never sees its rows before', async () => {
    const db = connectSqlite(':memory:');
    await sql`create table t (id integer primary key)`.execute(db);
    const count = prepared('t.count', (_: { none?: never }) => db.selectFrom('t' as never).select(sql<number>`count(*)`.as('n')), db);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction().execute(async (trx) => {
      await sql`insert into t (id) values (1)`.execute(trx);
      await held;
    });
    // The insert has run inside the open transaction: the read must not answer with it, nor before the commit.
    await new Promise((resolve) => setImmediate(resolve));
    let answered: unknown;
    const reading = count.takeFirst({}).then((row) => (answered = row));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBeUndefined();
    release();
    await writing;
    await reading;
    expect(answered).toEqual({ n: 1 });
    await db.destroy();
  });

  it('refuses a statement that looks at an argument instead of binding it', async () => {
    const t = await testApp();
    const inlines = prepared('inlines', (a: { id: string }) => t.db.selectFrom('users').select(sql.lit(a.id).as('id')), t.db);
    await expect(inlines.execute({ id: 'x' })).rejects.toThrow('prepared inlines: id is not a bound parameter');
    const drops = prepared(
      'drops',
      (a: { id: string; unused: string }) =>
        t.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', a.id === a.unused ? 'x' : a.id),
      t.db,
    );
    await expect(drops.execute({ id: 'x', unused: 'y' })).rejects.toThrow('prepared drops: unused is not a bound parameter');
  });

  it('names only its own statements for Postgres', async () => {
    const t = await testApp();
    const { save } = await saver(t);
    await save('https://publisher.example/named');
    const build = (id: string) => t.db.selectFrom('users').select('id').where('id', '=', id).where('state', '=', 'named');
    await prepared('named', (a: { id: string }) => build(a.id), t.db).execute({ id: 'x' });
    expect(preparedStatementName(build('y').compile().sql)).toMatch(/^cb_named_[0-9a-f]{12}$/);
    // The same statement written without prepared(): Postgres is not asked to keep it.
    expect(preparedStatementName(t.db.selectFrom('users').select('id').where('state', '=', 'unnamed').compile().sql)).toBeUndefined();
  });
});

const postgres = await privatePostgres('cb_prepared', 'the prepared-statement test on Postgres');

describe('on Postgres', () => {
  it('saves through named prepared statements, parsed once on the connection that runs them', async (ctx) => {
    if (!postgres) return ctx.skip();
    const db = postgres.connect();
    const t = await testApp({ db });
    // One connection for the whole save: pg_prepared_statements lists what this session has prepared.
    await db.connection().execute(async (connection) => {
      const { board, save } = await saver(t, connection);
      const saved = await save('https://publisher.example/on-postgres');
      await save('https://publisher.example/on-postgres-2');
      await expect(save('https://publisher.example/on-postgres')).rejects.toThrow('You already saved this Pin');
      expect(await db.selectFrom('pins').select('link').where('id', '=', saved.id).executeTakeFirst()).toEqual({
        link: 'https://publisher.example/on-postgres',
      });
      await settleAllCounts(db);
      expect(await db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirstOrThrow()).toEqual({ pin_count: 2 });

      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection);
      const names = rows.map((row) => row.name);
      for (const label of [
        'sessions_findSessionUser',
        'boards_findBoardForMember',
        'pins_findDuplicate',
        'pins_insert',
        'boards_touchOnSave',
        'counts_pinDeltas',
      ]) {
        expect(names.filter((name) => name.startsWith(`cb_${label}_`))).toHaveLength(1);
      }
      const insert = rows.find((row) => row.name.startsWith('cb_pins_insert_'))!;
      expect(insert.statement).toMatch(/^insert into "pins"/);
      expect(preparedStatementName(insert.statement)).toBe(insert.name);
    });
  });
});
