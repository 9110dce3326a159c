import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { shownAccount } from '../policy/sql.js';

/** Advertisers, who acts for them (access profiles), and their business and billing profiles. */
export function advertisersStore(db: Kysely<Database>) {
  return {
    /** An advertiser, with its owner's account state (the policy hides a suspended owner's business). */
    find(advertiserId: string) {
      return db
        .selectFrom('advertisers as a')
        .innerJoin('users as o', 'o.id', 'a.owner_user_id')
        .selectAll('a')
        .select('o.state as owner_state')
        .where('a.id', '=', advertiserId)
        .executeTakeFirst();
    },
    async isMember(advertiserId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('advertiser_members')
        .select('user_id')
        .where('advertiser_id', '=', advertiserId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
    membership(advertiserId: string, userId: string) {
      return db
        .selectFrom('advertiser_members')
        .select('permissions')
        .where('advertiser_id', '=', advertiserId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /** The first business a user owns (a converted account owns one). */
    ownedBy(userId: string) {
      return db.selectFrom('advertisers').selectAll().where('owner_user_id', '=', userId).orderBy('created_at').orderBy('id').executeTakeFirst();
    },
    /** Every business a user owns or is a member of, with the owner's public fields (a page of 100). */
    profilesOf(userId: string) {
      return (
        db
          .selectFrom('advertisers as a')
          .innerJoin('users as u', 'u.id', 'a.owner_user_id')
          .leftJoin('advertiser_members as m', (j) => j.onRef('m.advertiser_id', '=', 'a.id').on('m.user_id', '=', userId))
          .select(['a.id', 'a.name', 'a.owner_user_id', 'a.country', 'a.merchant_id', 'u.username', 'u.image_medium_url', 'm.permissions'])
          .where((eb) => eb.or([eb('a.owner_user_id', '=', userId), eb('m.user_id', '=', userId)]))
          // A suspended or deactivated owner's business is not offered to its members (policy/rules.ts campaignRule).
          .where((eb) => eb.or([eb('a.owner_user_id', '=', userId), shownAccount(eb, 'u.state')]))
          .orderBy('a.created_at')
          .limit(100)
          .execute()
      );
    },
    insert(row: { id: string; owner_user_id: string; name: string; country: string; website_url: string | null; created_at: number }) {
      return db.insertInto('advertisers').values(row).execute();
    },
    addMember(advertiserId: string, userId: string, permissions: string[]) {
      return db
        .insertInto('advertiser_members')
        .values({ advertiser_id: advertiserId, user_id: userId, permissions: JSON.stringify(permissions) })
        .onConflict((oc) => oc.columns(['advertiser_id', 'user_id']).doUpdateSet({ permissions: JSON.stringify(permissions) }))
        .execute();
    },
    markPartner(userId: string) {
      return db.updateTable('users').set({ is_partner: 1 }).where('id', '=', userId).execute();
    },
    userFlags(userId: string) {
      return db.selectFrom('users').select(['is_partner', 'mfa_method', 'username', 'image_medium_url']).where('id', '=', userId).executeTakeFirst();
    },
    businessProfile(advertiserId: string) {
      return db.selectFrom('business_profiles').selectAll().where('advertiser_id', '=', advertiserId).executeTakeFirst();
    },
    billingProfile(advertiserId: string) {
      return db.selectFrom('billing_profiles').selectAll().where('advertiser_id', '=', advertiserId).executeTakeFirst();
    },
    saveBusinessProfile(row: Database['business_profiles']) {
      const { advertiser_id, ...rest } = row;
      return db
        .insertInto('business_profiles')
        .values(row)
        .onConflict((oc) => oc.column('advertiser_id').doUpdateSet(rest))
        .execute();
    },
    saveBillingProfile(row: Database['billing_profiles']) {
      const { advertiser_id, ...rest } = row;
      return db
        .insertInto('billing_profiles')
        .values(row)
        .onConflict((oc) => oc.column('advertiser_id').doUpdateSet(rest))
        .execute();
    },
    setClaimToken: (advertiserId: string, token: string) =>
      db.updateTable('advertisers').set({ merchant_claim_token: token }).where('id', '=', advertiserId).execute(),
    setMerchant: (advertiserId: string, merchantId: string, now: number) =>
      db
        .updateTable('advertisers')
        .set({ merchant_id: merchantId, merchant_verified_at: now, merchant_claim_token: null })
        .where('id', '=', advertiserId)
        .execute(),
    setWebsite: (advertiserId: string, website: string) =>
      db
        .updateTable('advertisers')
        .set({ website_url: website, merchant_id: null, merchant_verified_at: null, merchant_claim_token: null })
        .where('id', '=', advertiserId)
        .execute(),
    setQuickPromoteSteps: (advertiserId: string, steps: string | null) =>
      db.updateTable('advertisers').set({ quick_promote_steps: steps }).where('id', '=', advertiserId).execute(),
    /** The verified merchant a user owns, if any (the creator card's isVerifiedMerchant). */
    verifiedMerchantOf: (userId: string) =>
      db.selectFrom('advertisers').select('merchant_id').where('owner_user_id', '=', userId).where('merchant_id', 'is not', null).limit(1).executeTakeFirst(),
    scheduledPinCount(advertiserId: string) {
      return db
        .selectFrom('pins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('advertiser_id', '=', advertiserId)
        .executeTakeFirstOrThrow();
    },
  };
}
