import type { Kysely } from 'kysely';

/**
 * pin_product_tags: a business's product tags on a pin (the pin builder's shop-the-pin), in the order they
 * were given. The primary key (pin, position) is also the index a pin's page reads them by. Deleting a pin
 * deletes its tags (the foreign key cascades, on SQLite too: connect() turns foreign keys on), so the pin,
 * board and account deletions, which delete pins in batches, take the tags with them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pin_product_tags')
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price', 'text')
    .addPrimaryKeyConstraint('pin_product_tags_pk', ['pin_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pin_product_tags').execute();
}
