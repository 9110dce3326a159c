import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The hashtags of pins' descriptions (/v3/search/autocomplete/), one row a tag a pin, so the
 * autocomplete reads an index range instead of every description. Existing pins are read a page at a
 * time by id and their tags written. Deleting a pin deletes its rows (the foreign key cascades, on
 * SQLite too: connect() turns foreign keys on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Tags are compared as bytes (a prefix range), as board_words are (0009): Postgres needs COLLATE "C".
  const bytes = db.getExecutor().adapter instanceof SqliteAdapter ? sql`` : sql`collate "C"`;
  await db.schema
    .createTable('pin_hashtags')
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull().modifyFront(bytes))
    .addPrimaryKeyConstraint('pin_hashtags_pk', ['pin_id', 'tag'])
    .execute();
  await db.schema.createIndex('pin_hashtags_tag').on('pin_hashtags').columns(['tag', 'pin_id']).execute();
  let after = '';
  for (;;) {
    const rows: { id: string; description: string }[] = await db
      .selectFrom('pins')
      .select(['id', 'description'])
      .where('id', '>', after)
      .where('description', 'like', '%#%')
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    const values = rows.flatMap((row) => hashtagsOf(row.description).map((tag) => ({ pin_id: row.id, tag })));
    if (values.length) await db.insertInto('pin_hashtags').values(values).execute();
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pin_hashtags').execute();
}

/*
 * The hashtag rule as it was when this migration was written, frozen here: a migration must write the
 * same data on every install, whatever today's rule in pins/rules/hashtags.ts says.
 */
function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(/#([^\s\p{P}\p{S}]+)/gu)) {
    const tag = (match[1] ?? '').normalize('NFC').toLowerCase();
    if (tag && tag.length <= 100) tags.add(tag);
    if (tags.size >= 20) break;
  }
  return [...tags];
}
