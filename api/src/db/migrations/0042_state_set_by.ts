import { sql, type Kysely } from 'kysely';

/**
 * Who set an account's state: 'subject' (its owner deactivated it in the settings) or 'operator' (the
 * admin command, or any other path that is not the owner's own). A log-in lifts only a state its
 * subject set, so an operator's decision is never undone by the person it was about.
 *
 * Rows from before this column cannot tell: a deactivation stored as user-requested keeps the promise
 * its owner was mailed ("log in again to reactivate") and is read as the subject's; every other state
 * is the operator's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('state_set_by', 'text', (c) => c.notNull().defaultTo('operator'))
    .execute();
  await sql`update users set state_set_by = 'subject' where state = 'deactivated' and state_reason = 'user_requested'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('state_set_by').execute();
}
