import type { ReactNode } from 'react';
import { locale, t, tn } from '../i18n';
import { shortCount, showFollowerCount, sponsorshipLabel } from '../../../api/src/advertisers/rules/creator';
import { cutCreatorName } from '../../../api/src/advertisers/rules/text';

/** The creator card fields. */
export interface CreatorCardData {
  followerCount: number;
  fullName: string;
  imageUrl?: string | null;
  isVerifiedIdentity: boolean;
  /** The domain the creator is the official account of (proved by its tag on the site), if any. */
  officialDomain?: string | null;
  isVerifiedMerchant?: boolean;
  isPromoted?: boolean;
  sponsorName?: string | null;
  sponsorUsername?: string | null;
  sponsorshipStatus?: number | null;
  profileUrl: string;
}

/**
 * The card's advertiser words, which only the pin page shows: the advertiser area's catalogue passes them
 * translated (PinAdLabels), so the save popup's bundle (SaveSuccess shows the card) carries none of the
 * area's words. Without them, the rules' English.
 */
export interface CreatorCardWords {
  verifiedMerchant: string;
  /** With `{{domain}}`. */
  officialAccount: string;
  sponsorship: typeof sponsorshipLabel;
}
const ENGLISH: CreatorCardWords = { verifiedMerchant: 'Verified merchant', officialAccount: 'Official account of {{domain}}', sponsorship: sponsorshipLabel };

/** The creator card: name cut at 70, the sponsorship label by status, the follower count short and hidden from visitors for unverified creators. */
/** `children`: the card's action (the Follow button). */
export function CreatorCard({
  creator,
  viewerIsAuth,
  words = ENGLISH,
  children,
}: {
  creator: CreatorCardData;
  viewerIsAuth: boolean;
  words?: CreatorCardWords;
  children?: ReactNode;
}) {
  const label = words.sponsorship(creator.sponsorshipStatus, creator.sponsorName);
  return (
    <aside class="creator-card" aria-label={t('success.creator')}>
      {creator.imageUrl ? <img src={creator.imageUrl} alt="" /> : <span class="avatar">{creator.fullName.charAt(0)}</span>}
      <span>
        <a href={creator.profileUrl} target="_blank" rel="noopener">
          {cutCreatorName(creator.fullName)}
        </a>
        {creator.officialDomain && <span class="badge official"> · {words.officialAccount.replace('{{domain}}', creator.officialDomain)}</span>}
        {creator.isVerifiedMerchant && <span class="badge"> · {words.verifiedMerchant}</span>}
        {showFollowerCount(creator.isVerifiedIdentity, viewerIsAuth) && (
          <small class="followers"> {tn('success.followers', creator.followerCount, { count: shortCount(creator.followerCount, locale()) })}</small>
        )}
        {/* Its own line, and a space for what reads the text: "Ada LovelacePaid partnership" ran together. */}
        {label && (
          <>
            {' '}
            <small class="sponsorship">{label}</small>
          </>
        )}
      </span>
      {children}
    </aside>
  );
}
