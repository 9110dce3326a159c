import { FollowButton } from '../place/FollowButton';
import { t } from '../i18n';
import { useEffect, useRef, useState } from 'react';
import { getResource } from '../api';
import { Confetti } from './Confetti';
import { CreatorCard } from '../advertiser/CreatorCard';
import { showInstagramUpsell } from './instagram';
import { InstagramUpsell } from './InstagramUpsell';
import { ColourTile } from './Preview';
import { track } from './track';
import type { CreatedPin, SuccessData } from '../types';

/** The popup's success screen closes itself after 10 seconds. */
export const AUTO_CLOSE_MS = 10_000;
/** The board-created animation dismisses 2.6 s after it starts. */
export const BOARD_SAVED_ANIMATION_MS = 2_600;

export function savedHeading(pin: CreatedPin, created: boolean, firstPin: boolean): string {
  const board = pin.board.name;
  if (created) return firstPin ? t('success.savedFirst', { board }) : t('success.savedThis', { board });
  return pin.section ? t('success.savedToSection', { section: pin.section.title, board }) : t('success.savedTo', { board });
}

/**
 * After the save: 'Saved to …' (or, for a board made here, 'Board created' with confetti), then
 * the success screen's buttons: 'See it now' (grey when promotion is offered or the viewer
 * is a partner), 'Send' when promotion is not offered, 'Promote your Pin' when it is; the creator
 * card of the link's official user; and the Instagram upsell by its rules.
 */
export function SaveSuccess({
  pin,
  media,
  link = '',
  color = '',
  created = false,
  firstPin = false,
}: {
  pin: CreatedPin;
  media: string;
  link?: string;
  color?: string;
  created?: boolean;
  firstPin?: boolean;
}) {
  const [animating, setAnimating] = useState(created);
  const [extras, setExtras] = useState<SuccessData | null>(null);
  const [upsell, setUpsell] = useState(false);
  const seeIt = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // The pressed board row is gone (focus would fall to the page): focus goes to the first thing to do here.
    seeIt.current?.focus();
    // On display the dialog logs a promote-or-send success metric.
    track('promote_or_send_success', { pin_id: pin.id });
    const close = setTimeout(() => window.close(), AUTO_CLOSE_MS);
    const settle = setTimeout(() => setAnimating(false), BOARD_SAVED_ANIMATION_MS);
    getResource('PinCreateSuccessResource', { pin_id: pin.id })
      .then((data) => {
        setExtras(data);
        setUpsell(showInstagramUpsell(link, data, localStorage));
      })
      .catch(() => undefined);
    return () => {
      clearTimeout(close);
      clearTimeout(settle);
    };
  }, []);
  const promote = extras?.promotion_offered ?? false;
  const quiet = promote || (extras?.is_partner ?? false);
  const creator = extras?.official_user;
  return (
    <section class="success" aria-labelledby="success-heading">
      {created && <Confetti />}
      {created && <p class="success-title">{t('success.boardCreated')}</p>}
      {media ? (
        <img class={animating ? 'success-thumb to-board' : 'success-thumb'} src={media} alt="" />
      ) : (
        link && <ColourTile class={animating ? 'success-thumb to-board' : 'success-thumb'} link={link} color={color} />
      )}
      <div role="status">
        <h2 id="success-heading">{savedHeading(pin, created, firstPin)}</h2>
      </div>
      <div class="actions">
        <a ref={seeIt} class={quiet ? 'secondary' : 'primary'} href={`/pin/${pin.id}/`} target="_blank" rel="noopener">
          {t('success.seeIt')}
        </a>
        {promote ? (
          <a class="primary" href={`/business/convert/?next=${encodeURIComponent(`/advertiser/quick_promote?pinId=${pin.id}`)}`} target="_blank" rel="noopener">
            {t('success.promote')}
          </a>
        ) : (
          <a class="secondary" href={`/pin/${pin.id}/?share=true`} target="_blank" rel="noopener">
            {t('success.send')}
          </a>
        )}
      </div>
      {creator && (
        <CreatorCard
          viewerIsAuth
          creator={{
            fullName: creator.full_name || creator.username,
            imageUrl: creator.image_medium_url,
            followerCount: creator.follower_count,
            isVerifiedIdentity: creator.is_verified_identity,
            officialDomain: creator.domain,
            profileUrl: `/${creator.username}/`,
          }}
        >
          <FollowButton user={creator} followed={false} signedIn />
        </CreatorCard>
      )}
      <p class="hint">{t('success.closes')}</p>
      {upsell && <InstagramUpsell onClose={() => setUpsell(false)} />}
    </section>
  );
}
