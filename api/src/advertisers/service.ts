import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { COUNTRIES, countryRules } from './rules/countries.js';
import { OWNER, type AccessProfile } from './rules/profiles.js';
import { campaignRule, type BusinessFacts } from '../policy/rules.js';
import { enforce } from '../policy/store.js';
import { advertisersStore } from './store.js';
import { newToken } from '../lib/ids.js';
import type { Resolver } from '../lib/safe-fetch.js';
import { readSiteHomeOr, siteMetaTag, verificationTagFound } from '../lib/site-proof.js';

/** The advertiser a viewer acts for, and whether they own it. */
export interface AdvertiserContext {
  id: string;
  isOwner: boolean;
}

export interface Access {
  advertiser: {
    id: string;
    name: string;
    country: string;
    currency: string;
    website_url: string | null;
    owner_user_id: string;
    merchant_id: string | null;
    merchant_claim_token: string | null;
    quick_promote_steps: 'short' | 'full' | null;
  };
  permissions: string[];
  isOwner: boolean;
  /** The facts the object policy decided the access from (policy/rules.ts campaignRule). */
  business: BusinessFacts;
}

function parsePermissions(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Who acts, as the OWNER-or-MFA rule reads them: the account, and whether this SESSION passed
 * two-factor since it was turned on (auth/security-rules.ts sessionPassedMfa). Two-factor being on for
 * the account is not enough: a session older than it must pass it first.
 */
export type Actor = Pick<Viewer, 'id' | 'mfaPassed'>;

export function advertisersService({ db, clock, config }: Deps, resolve?: Resolver) {
  const store = advertisersStore(db);

  /**
   * Checked on the server for every call made while acting as a profile: the owner
   * may; a member may only with OWNER permission or the MFA requirement met (403 otherwise); anyone
   * else gets the advertiser as missing (404), so a stranger cannot tell it exists. The rule is the
   * object policy's (policy/rules.ts campaignRule); this reads its facts.
   */
  const access = async (actor: Actor, advertiserId: string): Promise<Access> => {
    const viewerId = actor.id;
    const advertiser = await store.find(advertiserId);
    if (!advertiser) throw new ApiError('advertiser_not_found');
    const shaped = {
      id: advertiser.id,
      name: advertiser.name,
      country: advertiser.country,
      currency: countryRules(advertiser.country).currency,
      website_url: advertiser.website_url,
      owner_user_id: advertiser.owner_user_id,
      merchant_id: advertiser.merchant_id,
      merchant_claim_token: advertiser.merchant_claim_token,
      quick_promote_steps:
        advertiser.quick_promote_steps === 'full' ? ('full' as const) : advertiser.quick_promote_steps === 'short' ? ('short' as const) : null,
    };
    if (advertiser.owner_user_id === viewerId)
      return {
        advertiser: shaped,
        permissions: [OWNER],
        isOwner: true,
        business: { role: { owner: true }, mfa: actor.mfaPassed, ownerState: advertiser.owner_state },
      };
    const member = await store.membership(advertiser.id, viewerId);
    const permissions = member ? parsePermissions(member.permissions) : [];
    const business: BusinessFacts = {
      role: member ? { owner: false, permissions } : null,
      mfa: member ? actor.mfaPassed : false,
      ownerState: advertiser.owner_state,
    };
    enforce(campaignRule('view', business), 'advertiser_not_found');
    return { advertiser: shaped, permissions, isOwner: permissions.includes(OWNER), business };
  };

  return {
    access,

    /** No id, no context. An advertiser the viewer may not act for is refused (the access rule above). */
    async context(actor: Actor, advertiserId: string | undefined): Promise<AdvertiserContext | null> {
      const viewerId = actor.id;
      if (!advertiserId) return null;
      let granted: Access;
      try {
        granted = await access(actor, advertiserId);
      } catch (error) {
        if (error instanceof ApiError && error.errorName === 'profile_needs_mfa') throw error;
        throw new ApiError('forbidden', 'You do not act for that advertiser.');
      }
      return { id: granted.advertiser.id, isOwner: granted.advertiser.owner_user_id === viewerId };
    },

    /**
     * /business/convert: a personal account becomes a business one (is_partner) owning an advertiser
     * with the form's name, website and country. Converting twice keeps the first business.
     */
    async convert(viewerId: string, input: { business_name: string; website_url: string | null; country: string }) {
      const existing = await store.ownedBy(viewerId);
      if (existing) return { advertiser_id: existing.id, created: false };
      if (!Object.hasOwn(COUNTRIES, input.country)) throw new ApiError('invalid_input', 'country: Choose a country from the list.');
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const tx = advertisersStore(trx);
        await tx.insert({
          id,
          owner_user_id: viewerId,
          name: input.business_name,
          country: input.country,
          website_url: input.website_url,
          created_at: clock.now(),
        });
        await tx.markPartner(viewerId);
      });
      return { advertiser_id: id, created: true };
    },

    /** Section 3's viewer as the advertiser pages read it: id, partner flag, and whether MFA is met. */
    async viewer(actor: Actor) {
      const flags = await store.userFlags(actor.id);
      return { id: actor.id, isAuth: true, isPartner: flags?.is_partner === 1, meetsMfa: actor.mfaPassed };
    },

    /** The access profiles: every business the viewer owns or belongs to. */
    async profiles(actor: Actor): Promise<AccessProfile[]> {
      const viewerId = actor.id;
      const rows = await store.profilesOf(viewerId);
      const mfa = actor.mfaPassed;
      return Promise.all(
        rows.map(async (row) => {
          const permissions = row.owner_user_id === viewerId ? [OWNER] : parsePermissions(row.permissions);
          return {
            id: row.id,
            permissions,
            user: {
              username: row.username,
              businessName: row.name,
              imgUrl: row.image_medium_url,
              merchantId: row.merchant_id,
              scheduledPinCount: Number((await store.scheduledPinCount(row.id)).n),
              // Shop-tool eligibility: a verified merchant (its website claimed and checked) may tag products.
              eligibleForStlTool: row.merchant_id !== null,
            },
            viewerMeetsMfaRequirement: mfa,
          };
        }),
      );
    },

    /** The business form (address) and the billing form; the card number is checked and only its last four kept. */
    async saveBusinessProfile(
      advertiserId: string,
      input: { business_name: string; address_line: string; city: string; postal_code: string; country: string },
    ) {
      await store.saveBusinessProfile({ advertiser_id: advertiserId, ...input, updated_at: clock.now() });
      return this.setup(advertiserId);
    },
    async saveBillingProfile(advertiserId: string, country: string, input: { card_holder: string; card_number: string; expiry: string }) {
      if (!(await store.businessProfile(advertiserId))) throw new ApiError('business_info_missing');
      const digits = input.card_number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits) || !futureExpiry(input.expiry, clock.now())) throw new ApiError('card_invalid');
      await db.transaction().execute(async (trx) => {
        await advertisersStore(trx).saveBillingProfile({
          advertiser_id: advertiserId,
          card_holder: input.card_holder,
          card_brand: cardBrand(digits),
          card_last4: digits.slice(-4),
          currency: countryRules(country).currency,
          updated_at: clock.now(),
        });
        // Campaigns that waited for billing start now.
        await trx
          .updateTable('campaigns')
          .set({ status: 'ACTIVE' })
          .where('advertiser_id', '=', advertiserId)
          .where('status', '=', 'PENDING_BILLING')
          .execute();
      });
      return this.setup(advertiserId);
    },
    /**
     * The merchant id (the access profile's merchantId, the creator card's isVerifiedMerchant): the
     * business claims its website and gets a token; the site shows it in a meta tag; verifying fetches
     * the site with the outbound rules, and a found tag earns the merchant id. A new website drops it.
     */
    async claimWebsite(advertiserId: string, website?: string) {
      const found = await store.find(advertiserId);
      if (!found) throw new ApiError('advertiser_not_found');
      if (website && website !== found.website_url) await store.setWebsite(advertiserId, website);
      const url = website ?? found.website_url;
      if (!url) throw new ApiError('website_missing');
      const token = newToken();
      await store.setClaimToken(advertiserId, token);
      return { website_url: url, token, meta_tag: siteMetaTag(token), merchant_id: null };
    },
    async verifyWebsite(advertiserId: string) {
      const found = await store.find(advertiserId);
      if (!found) throw new ApiError('advertiser_not_found');
      if (found.merchant_id) return { website_url: found.website_url, merchant_id: found.merchant_id, verified: true };
      if (!found.website_url) throw new ApiError('website_missing');
      if (!found.merchant_claim_token) throw new ApiError('merchant_claim_missing');
      const html = await readSiteHomeOr('merchant_verify_failed', found.website_url, { allow: config.outboundAllow, resolve });
      if (!verificationTagFound(html, found.merchant_claim_token)) throw new ApiError('merchant_verify_failed');
      const merchantId = newId();
      await store.setMerchant(advertiserId, merchantId, clock.now());
      return { website_url: found.website_url, merchant_id: merchantId, verified: true };
    },
    /** An operator's verification (npm run admin): the merchant id without the website check. */
    async verifyMerchantByOperator(advertiserId: string) {
      const found = await store.find(advertiserId);
      if (!found) throw new ApiError('advertiser_not_found');
      const merchantId = found.merchant_id ?? newId();
      if (!found.merchant_id) await store.setMerchant(advertiserId, merchantId, clock.now());
      return merchantId;
    },
    isVerifiedMerchant: async (userId: string) => Boolean(await store.verifiedMerchantOf(userId)),
    setQuickPromoteSteps: (advertiserId: string, steps: 'short' | 'full' | null) => store.setQuickPromoteSteps(advertiserId, steps),

    /** What quick promote's step machine reads: is there business info, is there billing. */
    async setup(advertiserId: string) {
      const [business, billing] = await Promise.all([store.businessProfile(advertiserId), store.billingProfile(advertiserId)]);
      return {
        has_business_info: Boolean(business),
        has_billing: Boolean(billing),
        business: business ?? null,
        billing: billing
          ? { card_holder: billing.card_holder, card_brand: billing.card_brand, card_last4: billing.card_last4, currency: billing.currency }
          : null,
      };
    },
  };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY, not in the past (the card works through the end of its month). */
function futureExpiry(expiry: string, nowMs: number): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return false;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return false;
  return Date.UTC(2000 + Number(m[2]), month, 1) > nowMs;
}

function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]|^2[2-7]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

export type AdvertisersService = ReturnType<typeof advertisersService>;
