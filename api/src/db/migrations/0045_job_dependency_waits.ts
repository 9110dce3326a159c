import type { Kysely } from 'kysely';

/**
 * A job that met a dependency away (the database, Redis, the bucket, a full disk) waits for it instead of
 * spending its tries: `waiting_on` names what it waits for (null when it failed on its own input or code),
 * `pauses` counts the waits so each is longer than the last. A job failed for good while waiting on a
 * dependency keeps the name, so it can be taken up again once that dependency answers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('waiting_on', 'text').execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('pauses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('pauses').execute();
  await db.schema.alterTable('jobs').dropColumn('waiting_on').execute();
}
