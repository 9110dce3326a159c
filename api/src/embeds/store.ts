import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The embeds' own statements (the rest are the pins' and the policy's stores). */
export function embedsStore(db: Kysely<Database>) {
  return {
    /** A profile's card: the account by its unique username, one indexed row; whether it is shown is the policy's. */
    profileByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'about', 'state', 'created_at'])
        .where('username', '=', username)
        .executeTakeFirst();
    },
  };
}
