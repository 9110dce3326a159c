import { useEffect, useState } from 'react';
import { getResource, postResource } from '../api';
import type { PinData } from '../types';
import { CreatorCard } from './CreatorCard';
import { FollowButton } from '../place/FollowButton';
import { t } from './messages';
import { problem as failure, sponsorshipWords } from './words';

interface SponsorshipData {
  pin_id: string;
  state: 'requested' | 'approved' | 'rejected' | 'removed';
  sponsorshipStatus: number;
  sponsorName: string;
  sponsorUsername: string;
}
interface LabelsData {
  promoted_by: { name: string } | null;
  sponsorship: SponsorshipData | null;
  is_verified_merchant: boolean;
}
interface Profile {
  id: string;
  follower_count: number;
  image_medium_url: string | null;
  followedByMe: boolean;
  official_domain: string | null;
}

/**
 * The pin page's advertiser labels: 'Promoted by' a running campaign (seeing it counts as an
 * impression), and the creator card with the paid-partnership label and the verified merchant badge.
 */
export function PinAdLabels({ pin, viewerIsAuth, isPinner }: { pin: PinData; viewerIsAuth: boolean; isPinner: boolean }) {
  const [labels, setLabels] = useState<LabelsData | null>(null);
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => {
    void getResource('PinAdLabelsResource', { pin_id: pin.id }).then(setLabels, () => setLabels(null));
    void getResource('UserResource', { username: pin.pinner.username }).then(setProfile, () => setProfile(null));
  }, [pin.id]);
  if (!labels) return null;
  const s = labels.sponsorship;
  return (
    <>
      {labels.promoted_by && <p class="promoted">{t('promotedBy', { name: labels.promoted_by.name })}</p>}
      <CreatorCard
        viewerIsAuth={viewerIsAuth}
        words={{ verifiedMerchant: t('verifiedMerchant'), officialAccount: t('officialAccount', { domain: '{{domain}}' }), sponsorship: sponsorshipWords }}
        creator={{
          fullName: pin.pinner.full_name || pin.pinner.username,
          imageUrl: profile?.image_medium_url ?? null,
          followerCount: profile?.follower_count ?? 0,
          // Verified identities are the official accounts of domains: a pinner who proved their website is one.
          isVerifiedIdentity: Boolean(profile?.official_domain),
          officialDomain: profile?.official_domain ?? null,
          isVerifiedMerchant: labels.is_verified_merchant,
          isPromoted: Boolean(labels.promoted_by),
          sponsorName: s?.sponsorName ?? null,
          sponsorUsername: s?.sponsorUsername ?? null,
          sponsorshipStatus: s?.sponsorshipStatus ?? null,
          profileUrl: `/${pin.pinner.username}/`,
        }}
      >
        {/* Follow the creator from the card; its count moves with the button (and back if the server refuses). */}
        {profile && !isPinner && (
          <FollowButton
            user={{ id: profile.id, username: pin.pinner.username, full_name: pin.pinner.full_name }}
            followed={profile.followedByMe}
            signedIn={viewerIsAuth}
            onChange={(now) =>
              setProfile((p) => p && { ...p, followedByMe: now, follower_count: p.follower_count + (now === p.followedByMe ? 0 : now ? 1 : -1) })
            }
          />
        )}
      </CreatorCard>
      {isPinner && <Sponsorship pinId={pin.id} current={s} onChange={(next) => setLabels({ ...labels, sponsorship: next })} />}
    </>
  );
}

/** The pinner's paid-partnership label: name the sponsor (by its username), or take the label off. */
function Sponsorship({
  pinId,
  current,
  onChange: setCurrent,
}: {
  pinId: string;
  current: SponsorshipData | null;
  onChange: (s: SponsorshipData | null) => void;
}) {
  const [error, setError] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    setError('');
    try {
      setCurrent(
        await postResource('PinSponsorshipResource', 'create', {
          pin_id: pinId,
          sponsor_username: String(new FormData(event.currentTarget as HTMLFormElement).get('sponsor_username') ?? ''),
        }),
      );
    } catch (e) {
      setError(failure(e));
    }
  };
  const remove = async () => {
    setError('');
    try {
      setCurrent(await postResource('PinSponsorshipResource', 'delete', { pin_id: pinId }));
    } catch (e) {
      setError(failure(e));
    }
  };
  const active = current && current.state !== 'removed';
  return (
    <section class="sponsorship-edit" aria-label={t('paidPartnership')}>
      <h2>{t('paidPartnership')}</h2>
      {active ? (
        <p>
          {t(current.state === 'approved' ? 'labelledApproved' : current.state === 'rejected' ? 'labelledRejected' : 'labelledWaiting', {
            username: current.sponsorUsername,
          })}{' '}
          <button type="button" class="secondary" onClick={() => void remove()}>
            {t('removeLabel')}
          </button>
        </p>
      ) : (
        <form onSubmit={submit}>
          <label class="field">
            {t('sponsorUsername')}
            <input name="sponsor_username" required maxLength={31} placeholder="@business" />
          </label>
          <button type="submit" class="secondary">
            {t('addLabel')}
          </button>
        </form>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
