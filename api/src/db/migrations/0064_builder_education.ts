import type { Kysely } from 'kysely';

/**
 * - users.builder_education_dismissed_at: when a business account closed the pin builder's tips panel. A
 *   column on the account, not the browser's storage, so the panel stays closed on every device.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('builder_education_dismissed_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('builder_education_dismissed_at').execute();
}
