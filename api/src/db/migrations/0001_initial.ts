import { sql, type Kysely } from 'kysely';

// Portable types only (text, integer, bigint) so one migration serves SQLite and Postgres.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('birthday', 'bigint')
    .addColumn('country', 'text')
    .addColumn('image_medium_url', 'text')
    .addColumn('pin_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('boards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('privacy', 'text', (c) => c.notNull().check(sqlIn('privacy', ['public', 'secret', 'protected'])))
    .addColumn('advertiser_id', 'text')
    .addColumn('image_cover_url', 'text')
    .addColumn('pin_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('section_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_at', 'bigint')
    .addColumn('last_pinned_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('boards_owner').on('boards').column('owner_id').execute();

  await db.schema
    .createTable('board_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('pin_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('board_sections_board').on('board_sections').column('board_id').execute();

  await db.schema
    .createTable('board_collaborators')
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', ['invited', 'accepted'])))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_collaborators_pk', ['board_id', 'user_id'])
    .execute();
  await db.schema.createIndex('board_collaborators_user').on('board_collaborators').column('user_id').execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_url', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('dominant_color', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', ['pending', 'ready', 'failed'])))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('section_id', 'text', (c) => c.references('board_sections.id').onDelete('set null'))
    .addColumn('pinner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_id', 'text', (c) => c.references('images.id'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('guid', 'text')
    .addColumn('color', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pins_board').on('pins').columns(['board_id', 'created_at']).execute();
  await db.schema.createIndex('pins_pinner').on('pins').column('pinner_id').execute();
}

function sqlIn(column: string, values: string[]) {
  // Values are constants of this file, never user input.
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
