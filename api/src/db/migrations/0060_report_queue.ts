import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The reports queue kept as it is written, so the operators' queue is one walk down one index however
 * many reports are open (a brigade's 100,000 must not make every queue read aggregate them all).
 * - report_queue: one row per object with open reports or appeals: the counts, their sum (the queue's
 *   order, most first) and the newest report's time (the tie-break, newest first).
 * - Filled by triggers on reports, so every way a report is written or closed (a report, an appeal, an
 *   operator's decision, a deletion) keeps it alike; an object's row goes once nothing about it is open.
 *   A decision closes every open report of its object at once, so the newest time left is never stale.
 * - Filled here from the reports already open.
 * - reports_open_reasons: an entry's reasons (the distinct reasons of its open reports) from the index alone.
 */
const UPSERT = (max: string) => `insert into report_queue (object_kind, object_id, open_reports, appeals, total, newest_at)
  values (new.object_kind, new.object_id, case when new.kind = 'appeal' then 0 else 1 end, case when new.kind = 'appeal' then 1 else 0 end, 1, new.created_at)
  on conflict (object_kind, object_id) do update set
    open_reports = report_queue.open_reports + excluded.open_reports,
    appeals = report_queue.appeals + excluded.appeals,
    total = report_queue.total + 1,
    newest_at = ${max}(report_queue.newest_at, excluded.newest_at)`;
const RELEASE = `update report_queue set
    open_reports = open_reports - case when old.kind = 'appeal' then 0 else 1 end,
    appeals = appeals - case when old.kind = 'appeal' then 1 else 0 end,
    total = total - 1
  where object_kind = old.object_kind and object_id = old.object_id;
  delete from report_queue where object_kind = old.object_kind and object_id = old.object_id and total <= 0`;

const TRIGGERS = ['report_queue_added', 'report_queue_closed', 'report_queue_deleted'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_queue')
    .addColumn('object_kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('open_reports', 'integer', (c) => c.notNull())
    .addColumn('appeals', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('newest_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_queue_pk', ['object_kind', 'object_id'])
    .execute();
  await sql.raw('create index report_queue_order on report_queue (total desc, newest_at desc)').execute(db);
  // Each queue entry shows its object's reasons: read from the index alone, not from every report's row.
  await db.schema.createIndex('reports_open_reasons').on('reports').columns(['state', 'object_kind', 'object_id', 'reason']).execute();
  if (isSqlite(db)) {
    const trigger = (name: string, on: string, when: string, body: string) =>
      sql.raw(`create trigger ${name} after ${on} for each row when ${when} begin ${body}; end`).execute(db);
    await trigger('report_queue_added', 'insert on reports', "new.state = 'open'", UPSERT('max'));
    await trigger('report_queue_closed', 'update of state on reports', "old.state = 'open' and new.state <> 'open'", RELEASE);
    await trigger('report_queue_deleted', 'delete on reports', "old.state = 'open'", RELEASE);
  } else {
    const trigger = async (name: string, on: string, when: string, body: string) => {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${on} for each row when (${when}) execute function ${name}()`).execute(db);
    };
    await trigger('report_queue_added', 'insert on reports', "new.state = 'open'", UPSERT('greatest'));
    await trigger('report_queue_closed', 'update of state on reports', "old.state = 'open' and new.state <> 'open'", RELEASE);
    await trigger('report_queue_deleted', 'delete on reports', "old.state = 'open'", RELEASE);
  }
  await sql
    .raw(`insert into report_queue (object_kind, object_id, open_reports, appeals, total, newest_at)
      select object_kind, object_id, sum(case when kind = 'appeal' then 0 else 1 end), sum(case when kind = 'appeal' then 1 else 0 end), count(*), max(created_at)
      from reports where state = 'open' group by object_kind, object_id`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of TRIGGERS) {
    if (isSqlite(db)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    else await sql.raw(`drop function if exists ${name}() cascade`).execute(db);
  }
  await db.schema.dropIndex('reports_open_reasons').execute();
  await db.schema.dropTable('report_queue').execute();
}

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;
