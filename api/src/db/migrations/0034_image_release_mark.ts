import type { Kysely } from 'kysely';

/**
 * An image whose bytes are being deleted (media/release.ts): `released_at` is set, in one transaction with
 * the look that found nothing naming it, before its directory is emptied, and the row goes after. While it is
 * set, a save does not link to the image and an ingest of its address waits, so no one writes the directory
 * the release is emptying (the known gap: a save of the same address during a release lost its files).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').addColumn('released_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('released_at').execute();
}
