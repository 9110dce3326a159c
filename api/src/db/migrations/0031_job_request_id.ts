import type { Kysely } from 'kysely';

/**
 * A job remembers the request that queued it: the worker's log line for the job carries the
 * same request id as the request's line, so one save can be followed from its answer to its image.
 * Null for jobs queued outside a request (a script) and for those queued before this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('request_id').execute();
}
