import { sql, type Kysely } from 'kysely';

/**
 * Uploads re-encoded as jobs and swept when unused. An image upload is answered
 * once its bytes are on disk: its row says `processing` until the job has made its renditions (`ready`),
 * or `failed` with the reason a user reads. `used_at` is set when a pin is saved with the upload: only
 * uploads no save ever claimed are swept after the grace period. A pin saved while its upload is still
 * processing waits in media_upload_waiters for the job to link it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('media_uploads')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ready'))
    .execute();
  await db.schema.alterTable('media_uploads').addColumn('error', 'text').execute();
  await db.schema.alterTable('media_uploads').addColumn('used_at', 'bigint').execute();
  // Uploads made before this change are never swept: whether a pin uses them was not recorded.
  await sql`update media_uploads set used_at = created_at`.execute(db);
  // The sweeper reads the oldest unclaimed uploads.
  await sql`create index media_uploads_unused on media_uploads (created_at) where used_at is null`.execute(db);
  await db.schema
    .createTable('media_upload_waiters')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('media_uploads.id').onDelete('cascade'))
    .addColumn('pin_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_upload_waiters_pk', ['upload_id', 'pin_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_upload_waiters').execute();
  await db.schema.dropIndex('media_uploads_unused').execute();
  await db.schema.alterTable('media_uploads').dropColumn('used_at').execute();
  await db.schema.alterTable('media_uploads').dropColumn('error').execute();
  await db.schema.alterTable('media_uploads').dropColumn('status').execute();
}
