import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SponsorshipState } from '../rules/creator.js';
import { shownAccount } from '../../policy/sql.js';

/** Paid partnerships on pins: the pinner names the sponsor, the sponsor decides. */
export function sponsorshipsStore(db: Kysely<Database>) {
  return {
    /** The business a sponsor username names: the first one its account owns. */
    advertiserOfUsername: (username: string) =>
      db
        .selectFrom('advertisers as a')
        .innerJoin('users as u', 'u.id', 'a.owner_user_id')
        .select(['a.id', 'a.name'])
        .where('u.username', '=', username)
        .orderBy('a.created_at')
        .orderBy('a.id')
        .executeTakeFirst(),
    forPin: (pinId: string) =>
      db
        .selectFrom('pin_sponsorships as s')
        .innerJoin('advertisers as a', 'a.id', 's.advertiser_id')
        .innerJoin('users as u', 'u.id', 'a.owner_user_id')
        .select(['s.pin_id', 's.advertiser_id', 's.state', 's.updated_at', 'a.name as sponsor_name', 'u.username as sponsor_username'])
        .where('s.pin_id', '=', pinId)
        .executeTakeFirst(),
    upsert(row: { pin_id: string; advertiser_id: string; state: SponsorshipState; now: number }) {
      return db
        .insertInto('pin_sponsorships')
        .values({ pin_id: row.pin_id, advertiser_id: row.advertiser_id, state: row.state, created_at: row.now, updated_at: row.now })
        .onConflict((oc) => oc.column('pin_id').doUpdateSet({ advertiser_id: row.advertiser_id, state: row.state, updated_at: row.now }))
        .execute();
    },
    setState: (pinId: string, state: SponsorshipState, now: number) =>
      db.updateTable('pin_sponsorships').set({ state, updated_at: now }).where('pin_id', '=', pinId).execute(),
    /** A sponsor's list, newest change first (a page of 100): only pins anyone may see (public, unarchived boards). */
    ofAdvertiser: (advertiserId: string) =>
      db
        .selectFrom('pin_sponsorships as s')
        .innerJoin('pins as p', 'p.id', 's.pin_id')
        .innerJoin('boards as b', 'b.id', 'p.board_id')
        .innerJoin('users as u', 'u.id', 'p.pinner_id')
        .innerJoin('users as owner', 'owner.id', 'b.owner_id')
        .select(['s.pin_id', 's.state', 's.updated_at', 'p.title', 'p.description', 'p.image_url', 'u.username as pinner_username'])
        .where('s.advertiser_id', '=', advertiserId)
        .where('s.state', '!=', 'removed')
        .where('b.privacy', '=', 'public')
        .where('b.archived_at', 'is', null)
        // Nor a suspended or deactivated pinner's or board owner's (policy/rules.ts pinRule).
        .where((eb) => shownAccount(eb, 'u.state'))
        .where((eb) => shownAccount(eb, 'owner.state'))
        .orderBy('s.updated_at', 'desc')
        .limit(100)
        .execute(),
  };
}
