import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The operator role and its audit log.
 * - users.is_operator: 1 for the accounts that run this instance (the console at /admin/). Made only by
 *   the command line (`npm run admin -- operator <email>`) or by another operator.
 * - operator_actions: every operator action, who (null: the command line), how, what, on what and why.
 *   Append-only: triggers refuse an update or a delete on both databases, so a record cannot be rewritten
 *   by a later action of the same operator, only added to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('operator_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text')
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_actions_newest').on('operator_actions').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('operator_actions_subject').on('operator_actions').columns(['subject_kind', 'subject_id']).execute();

  if (!isSqlite(db)) {
    await sql`create function operator_actions_append_only() returns trigger language plpgsql as $$
      begin raise exception 'operator_actions is append-only'; end $$`.execute(db);
    await sql`create trigger operator_actions_no_change before update or delete on operator_actions
      for each row execute function operator_actions_append_only()`.execute(db);
  } else {
    await sql`create trigger operator_actions_no_update before update on operator_actions
      begin select raise(abort, 'operator_actions is append-only'); end`.execute(db);
    await sql`create trigger operator_actions_no_delete before delete on operator_actions
      begin select raise(abort, 'operator_actions is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) await sql`drop function if exists operator_actions_append_only() cascade`.execute(db);
  await db.schema.dropTable('operator_actions').execute();
  await db.schema.alterTable('users').dropColumn('is_operator').execute();
}

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;
