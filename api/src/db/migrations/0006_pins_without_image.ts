import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * A pin may be only a link (shown as a colour tile when only colour and link are given):
 * pins.image_url becomes nullable (image_id already is). Numbered 0006: 0005 is another branch's.
 *
 * Postgres drops the constraint in place. SQLite cannot, so the table is rebuilt as SQLite's documented
 * procedure says (foreign keys off, new table, copy, drop, rename, indexes back, check, foreign keys on).
 * The new table is made from the table's own stored CREATE statement, so columns other migrations
 * added to pins (in any order) come along.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await db.schema
      .alterTable('pins')
      .alterColumn('image_url', (c) => c.dropNotNull())
      .execute();
    return;
  }
  const { rows: tables } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'pins'`.execute(db);
  const create = tables[0]?.sql ?? '';
  const rebuilt = create.replace(/^create table ["`]?pins["`]?/i, 'create table "pins_0006"').replace(/(["`]?image_url["`]?\s+text)\s+not null/i, '$1');
  if (!/^create table "pins_0006"/.test(rebuilt) || rebuilt.includes('image_url" text not null')) {
    throw new Error(`0006: unexpected pins table: ${create}`);
  }
  const { rows: extras } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where tbl_name = 'pins' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  // Triggers on other tables that name pins (the search index's, migration 0027) would be checked by the
  // rename while pins is gone, and fail it: the rename leaves them be, as SQLite's procedure allows.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into pins_0006 select * from pins`.execute(trx);
      await sql`drop table pins`.execute(trx);
      await sql`alter table pins_0006 rename to pins`.execute(trx);
      for (const extra of extras) await sql.raw(extra.sql).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length) throw new Error(`0006: foreign key check failed: ${JSON.stringify(broken)}`);
    });
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    if (fk[0]?.foreign_keys) await sql`pragma foreign_keys = on`.execute(db);
  }
}
