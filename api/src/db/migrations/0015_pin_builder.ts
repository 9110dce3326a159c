import type { Kysely } from 'kysely';

/**
 * The pin builder: files a signed-in user uploads from their device (each a
 * media_upload_id), the alt text a builder pin carries, and the video a video pin plays. An image upload
 * points at its re-encoded `images` row; a video upload names its stored file's format.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.references('images.id'))
    .addColumn('video_format', 'text')
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_uploads_owner').on('media_uploads').columns(['owner_id', 'created_at']).execute();
  await db.schema
    .alterTable('pins')
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('pins').addColumn('video_upload_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pins').dropColumn('video_upload_id').execute();
  await db.schema.alterTable('pins').dropColumn('alt_text').execute();
  await db.schema.dropTable('media_uploads').execute();
}
