import type { Deps, Viewer } from '../deps.js';
import type { NotificationsService } from '../notifications/service.js';
import { ApiError } from '../lib/errors.js';
import { newToken } from '../lib/ids.js';
import type { Resolver } from '../lib/safe-fetch.js';
import { readSiteHomeOr, siteMetaTag, verificationTagFound } from '../lib/site-proof.js';
import { domainProofOutcome, siteDomain } from './rules.js';

/**
 * A person's official domain: the website on their profile, proved theirs by a tag on its home page (the
 * merchant claim's proof), makes them that domain's official account (users.verified_domain): the creator
 * card of a link to the site names them, and their own cards say so. One domain, one official account
 * (users/rules.ts domainProofOutcome); un-claiming, or a website on another domain, lets it go. An account
 * whose domain another account's proof takes is told so in its notifications, in the same transaction.
 */
export function domainClaimService({ db, config }: Deps, notifications: Pick<NotificationsService, 'fromService'>, resolve?: Resolver) {
  const row = async (userId: string) => {
    const found = await db
      .selectFrom('users')
      .select(['listed_website_url', 'verified_domain', 'domain_claim_token', 'domain_proof_token'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!found) throw new ApiError('unauthorized');
    return found;
  };
  const status = async (userId: string) => {
    const r = await row(userId);
    const domain = siteDomain(r.listed_website_url);
    return {
      website_url: r.listed_website_url,
      domain,
      verified_domain: r.verified_domain,
      // The tag to add while a claim of the website's domain waits for its proof.
      meta_tag: r.domain_claim_token && domain !== r.verified_domain ? siteMetaTag(r.domain_claim_token) : null,
    };
  };

  return {
    /** UserDomainClaimResource get. */
    get: (viewer: Viewer) => status(viewer.id),

    /** UserDomainClaimResource create: a token for the profile's website (a new one each time: an old tag stops counting). */
    async claim(viewer: Viewer) {
      const r = await row(viewer.id);
      const domain = siteDomain(r.listed_website_url);
      if (!domain) throw new ApiError('profile_website_missing');
      if (domain === r.verified_domain) return status(viewer.id);
      await db.updateTable('users').set({ domain_claim_token: newToken() }).where('id', '=', viewer.id).execute();
      return status(viewer.id);
    },

    /** UserDomainClaimResource update: read the site's home page for the tag; proved, the domain is this account's. */
    async verify(viewer: Viewer) {
      const r = await row(viewer.id);
      const domain = siteDomain(r.listed_website_url);
      if (!r.listed_website_url || !domain) throw new ApiError('profile_website_missing');
      if (domain === r.verified_domain) return status(viewer.id);
      if (!r.domain_claim_token) throw new ApiError('domain_claim_missing');
      const html = await readSiteHomeOr('domain_verify_failed', r.listed_website_url, { allow: config.outboundAllow, resolve });
      const holder = await db.selectFrom('users').select(['id', 'domain_proof_token']).where('verified_domain', '=', domain).executeTakeFirst();
      const outcome = domainProofOutcome({
        claimantTagFound: verificationTagFound(html, r.domain_claim_token),
        holder: holder
          ? { isClaimant: holder.id === viewer.id, holderTagFound: Boolean(holder.domain_proof_token && verificationTagFound(html, holder.domain_proof_token)) }
          : null,
      });
      if (outcome === 'not_proved') throw new ApiError('domain_verify_failed');
      if (outcome === 'held_elsewhere') throw new ApiError('domain_claimed');
      const token = r.domain_claim_token;
      await db
        .transaction()
        .execute(async (trx) => {
          if (outcome === 'taken_over' && holder) {
            const { numUpdatedRows } = await trx
              .updateTable('users')
              .set({ verified_domain: null, domain_proof_token: null })
              .where('id', '=', holder.id)
              .where('verified_domain', '=', domain)
              .executeTakeFirst();
            if (numUpdatedRows > 0n) await notifications.fromService(trx, [{ kind: 'domain_taken', recipientId: holder.id, note: domain }]);
          }
          await trx
            .updateTable('users')
            .set({ verified_domain: domain, domain_proof_token: token, domain_claim_token: null })
            .where('id', '=', viewer.id)
            .execute();
        })
        .catch((error: unknown) => {
          // Two accounts proving one free domain at once: the unique index decides, the other is told it is held.
          if (/unique|duplicate/i.test(String(error))) throw new ApiError('domain_claimed');
          throw error;
        });
      return status(viewer.id);
    },

    /** UserDomainClaimResource delete: no longer the domain's official account (a waiting claim is dropped too). */
    async unclaim(viewer: Viewer) {
      await db.updateTable('users').set({ verified_domain: null, domain_proof_token: null, domain_claim_token: null }).where('id', '=', viewer.id).execute();
      return status(viewer.id);
    },
  };
}

export type DomainClaimService = ReturnType<typeof domainClaimService>;
