import type { Kysely } from 'kysely';

/**
 * pin_carousel_slots: a business's carousel (the pin builder's carousel control): the images after the pin's
 * own, which is always the first. Each slot names the image of an upload its pinner claimed for it; the image
 * stays while the slot or the upload names it (media/release.ts). Deleting a pin deletes its slots (the
 * foreign key cascades, on SQLite too), so the pin, board and account deletions take them with the pin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pin_carousel_slots')
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id'))
    .addPrimaryKeyConstraint('pin_carousel_slots_pk', ['pin_id', 'position'])
    .execute();
  // The release job asks whether any slot still names an image before it deletes the image.
  await db.schema.createIndex('pin_carousel_slots_image').on('pin_carousel_slots').column('image_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pin_carousel_slots').execute();
}
