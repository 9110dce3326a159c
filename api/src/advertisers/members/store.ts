import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A business's members and its pending invites (migration 0026): the only SQL of members. */
export function membersStore(db: Kysely<Database>) {
  return {
    /** The owner first, then members by username; a business has few (the list is capped at 200). */
    list(advertiserId: string) {
      return db
        .selectFrom('advertiser_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.image_medium_url', 'u.email', 'm.permissions'])
        .where('m.advertiser_id', '=', advertiserId)
        .orderBy('u.username')
        .limit(200)
        .execute();
    },
    user(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'image_medium_url', 'email'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
    invites(advertiserId: string, now: number) {
      return db
        .selectFrom('advertiser_member_invites')
        .select(['email', 'permissions', 'expires_at'])
        .where('advertiser_id', '=', advertiserId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
    },
    /** One pending invite per address: a new one replaces the older (its link stops working). */
    async invite(row: Database['advertiser_member_invites']) {
      await db.deleteFrom('advertiser_member_invites').where('advertiser_id', '=', row.advertiser_id).where('email', '=', row.email).execute();
      await db.insertInto('advertiser_member_invites').values(row).execute();
    },
    cancelInvite(advertiserId: string, email: string) {
      return db.deleteFrom('advertiser_member_invites').where('advertiser_id', '=', advertiserId).where('email', '=', email).execute();
    },
    findInvite(tokenHash: string) {
      return db.selectFrom('advertiser_member_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    dropInvite(tokenHash: string) {
      return db.deleteFrom('advertiser_member_invites').where('token_hash', '=', tokenHash).execute();
    },
    setPermissions(advertiserId: string, userId: string, permissions: string[]) {
      return db
        .updateTable('advertiser_members')
        .set({ permissions: JSON.stringify(permissions) })
        .where('advertiser_id', '=', advertiserId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    remove(advertiserId: string, userId: string) {
      return db.deleteFrom('advertiser_members').where('advertiser_id', '=', advertiserId).where('user_id', '=', userId).executeTakeFirst();
    },
    /** The invites a person sent for the business: they die with the sender's place in it. */
    dropInvitesBy(advertiserId: string, userId: string) {
      return db.deleteFrom('advertiser_member_invites').where('advertiser_id', '=', advertiserId).where('invited_by', '=', userId).execute();
    },
    /** An invite's sender as they stand now: their account state and their membership's permissions (none: not a member). */
    inviter(advertiserId: string, userId: string) {
      return db
        .selectFrom('users as u')
        .leftJoin('advertiser_members as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.advertiser_id', '=', advertiserId))
        .select(['u.state', 'm.permissions'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },
    setOwner(advertiserId: string, userId: string) {
      return db.updateTable('advertisers').set({ owner_user_id: userId }).where('id', '=', advertiserId).execute();
    },
  };
}
