import type { ReactNode } from 'react';
import { shortCount, showFollowerCount, sponsorshipLabel } from '../../../api/src/advertisers/rules/creator';
import { cutCreatorName } from '../../../api/src/advertisers/rules/text';

/** advertiser.md section 3's creator card fields. */
export interface CreatorCardData {
  followerCount: number;
  fullName: string;
  imageUrl?: string | null;
  isVerifiedIdentity: boolean;
  isVerifiedMerchant?: boolean;
  isPromoted?: boolean;
  sponsorName?: string | null;
  sponsorUsername?: string | null;
  sponsorshipStatus?: number | null;
  profileUrl: string;
}

/** The creator card: name cut at 70, the sponsorship label by status, the follower count short and hidden from visitors for unverified creators. */
/** `children`: the card's action (the Follow button, issue 19). */
export function CreatorCard({ creator, viewerIsAuth, children }: { creator: CreatorCardData; viewerIsAuth: boolean; children?: ReactNode }) {
  const label = sponsorshipLabel(creator.sponsorshipStatus, creator.sponsorName);
  return (
    <aside class="creator-card" aria-label="Creator">
      {creator.imageUrl ? <img src={creator.imageUrl} alt="" /> : <span class="avatar">{creator.fullName.charAt(0)}</span>}
      <span>
        <a href={creator.profileUrl} target="_blank" rel="noopener">
          {cutCreatorName(creator.fullName)}
        </a>
        {creator.isVerifiedMerchant && <span class="badge"> · Verified merchant</span>}
        {showFollowerCount(creator.isVerifiedIdentity, viewerIsAuth) && <small class="followers"> {shortCount(creator.followerCount)} followers</small>}
        {label && <small class="sponsorship">{label}</small>}
      </span>
      {children}
    </aside>
  );
}
