import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function noticesStore(db: Kysely<Database>) {
  return {
    find: (targetType: 'search' | 'pin', target: string) =>
      db.selectFrom('advisories').selectAll().where('target_type', '=', targetType).where('target', '=', target).executeTakeFirst(),
    save: (row: Database['advisories']) => {
      const { id, target_type, target, ...rest } = row;
      return db
        .insertInto('advisories')
        .values(row)
        .onConflict((oc) => oc.columns(['target_type', 'target']).doUpdateSet(rest))
        .execute();
    },
    remove: (targetType: string, target: string) =>
      db.deleteFrom('advisories').where('target_type', '=', targetType).where('target', '=', target).executeTakeFirst(),
  };
}
