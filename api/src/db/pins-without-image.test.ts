import { Migrator, sql, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectSqlite } from './connect.js';
import { migrate } from './migrate.js';
import * as m0001 from './migrations/0001_initial.js';
import * as m0002 from './migrations/0002_signup_consents.js';
import * as m0003 from './migrations/0003_account_safety.js';
import * as m0004 from './migrations/0004_collaboration_and_context.js';
import * as m0005 from './migrations/0005_pin_advertiser_and_client_events.js';
import * as m0006 from './migrations/0006_pins_without_image.js';

const before0006: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_signup_consents': m0002,
  '0003_account_safety': m0003,
  '0004_collaboration_and_context': m0004,
  '0005_pin_advertiser_and_client_events': m0005,
};

/** Migration 0006 on SQLite, which has to rebuild the pins table to drop a NOT NULL. */
describe('migration 0006 (pins without an image) on SQLite', () => {
  it('keeps every pin, column added by other migrations, index and foreign key', async () => {
    const db = connectSqlite(':memory:');
    const old = new Migrator({ db, provider: { getMigrations: async () => before0006 } });
    expect((await old.migrateToLatest()).error).toBeUndefined();
    // 0005 added advertiser_id (with its foreign key); another branch may add more, with an index.
    await db.schema.alterTable('pins').addColumn('extra_note', 'text').execute();
    await db.schema.createIndex('pins_extra_note').on('pins').column('extra_note').execute();
    await sql`insert into users (id, email, username, first_name, last_name, created_at) values ('1', 'a@example.com', 'a', 'A', 'B', 0)`.execute(db);
    await sql`insert into boards (id, owner_id, name, slug, privacy, created_at) values ('2', '1', 'Board', 'board', 'public', 0)`.execute(db);
    await sql`insert into advertisers (id, owner_user_id, name, created_at) values ('77', '1', 'Brand', 0)`.execute(db);
    await sql`insert into pins (id, board_id, pinner_id, image_url, link, method, created_at, advertiser_id, extra_note) values ('3', '2', '1', 'https://img.example/a.png', 'https://example.com/', 'button', 5, '77', 'kept')`.execute(
      db,
    );
    await expect(
      sql`insert into pins (id, board_id, pinner_id, image_url, method, created_at) values ('4', '2', '1', null, 'button', 6)`.execute(db),
    ).rejects.toThrow(/NOT NULL/);

    await migrate(db);

    expect((await sql`select id, image_url, link, advertiser_id, extra_note, created_at from pins`.execute(db)).rows).toEqual([
      { id: '3', image_url: 'https://img.example/a.png', link: 'https://example.com/', advertiser_id: '77', extra_note: 'kept', created_at: 5 },
    ]);
    await sql`insert into pins (id, board_id, pinner_id, image_url, link, method, created_at) values ('4', '2', '1', null, 'https://example.com/x', 'button', 6)`.execute(
      db,
    );
    const indexes = (
      await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'pins' and sql is not null order by name`.execute(db)
    ).rows.map((r) => r.name);
    // 0006 kept every index; 0009, run by the same migrate(), then replaced pins_pinner with pins_duplicate
    // (later migrations add their own indexes beside these).
    expect(indexes).toEqual(expect.arrayContaining(['pins_board', 'pins_duplicate', 'pins_extra_note']));
    expect(indexes).not.toContain('pins_pinner');
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
    await expect(sql`insert into pins (id, board_id, pinner_id, method, created_at) values ('5', '999', '1', 'button', 7)`.execute(db)).rejects.toThrow(
      /FOREIGN KEY/,
    );
    await expect(
      sql`insert into pins (id, board_id, pinner_id, method, created_at, advertiser_id) values ('6', '2', '1', 'button', 7, '999')`.execute(db),
    ).rejects.toThrow(/FOREIGN KEY/);
    // The foreign keys' actions too: an advertiser's deletion clears it, a board's takes its pins along.
    await sql`delete from advertisers where id = '77'`.execute(db);
    expect((await sql`select advertiser_id from pins where id = '3'`.execute(db)).rows).toEqual([{ advertiser_id: null }]);
    await sql`delete from boards where id = '2'`.execute(db);
    expect((await sql`select id from pins`.execute(db)).rows).toEqual([]);
    await db.destroy();
  });

  it('is harmless when run again', async () => {
    const db = connectSqlite(':memory:');
    await migrate(db);
    await m0006.up(db);
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'pins'`.execute(db);
    expect(rows[0]?.sql).toMatch(/^CREATE TABLE "pins" \(.*"image_url" text, /);
    await db.destroy();
  });
});
