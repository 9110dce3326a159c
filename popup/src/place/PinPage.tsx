import { ColourTile, hostOf } from '../save/Preview';
import { t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from '../pages/messages';
import { useState } from 'react';
import { PinManage } from './PinManage';
import type { PinData, ViewerData } from '../types';
import { usePin } from './usePin';
import { Notice } from '../advertiser/Notice';
import { renditionSet } from '../renditions';
import { ShareSheet } from './ShareSheet';
import { PinAdLabels } from '../advertiser/PinAdLabels';
import { ReportMenu } from '../report/ReportMenu';
import { ModerationMark } from '../report/ModerationMark';
import { t as reportWord } from '../report/messages';
import { SaveDialog, SavedNotice } from './SaveDialog';
import { ShopList } from './ShopList';
import { PinCarousel } from './PinCarousel';
import type { SaveTarget } from '../save/picker/BoardPicker';

const SHARE_PARAM = 'share';
/** A visitor's Save goes through log-in and comes back with this, which opens the save dialog. */
const SAVE_PARAM = 'save';

/**
 * /pin/{id}/: the saved pin with its image, description and source, linked to its board and its
 * pinner, with Save (a repin, in the save popup) and Visit (the source).
 */
export function PinPage({ id, viewer }: { id: string; viewer?: ViewerData | null }) {
  const loaded = usePin(id);
  const [edited, setEdited] = useState<PinData | null>(null);
  // "Hide it from my view" after reporting: gone from this page at once.
  const [hiddenForMe, setHiddenForMe] = useState(false);
  // 'Send' is /pin/{id}/?share=true; the sheet opens and closes in place, the URL following.
  const [sharing, setSharing] = useState(() => new URLSearchParams(location.search).get(SHARE_PARAM) === 'true');
  const share = (open: boolean) => {
    const url = new URL(location.href);
    if (open) url.searchParams.set(SHARE_PARAM, 'true');
    else url.searchParams.delete(SHARE_PARAM);
    history.replaceState(null, '', url);
    setSharing(open);
  };
  const [saving, setSaving] = useState(() => new URLSearchParams(location.search).get(SAVE_PARAM) === '1');
  const [saved, setSaved] = useState<SaveTarget | null>(null);
  const closeSave = () => {
    const url = new URL(location.href);
    url.searchParams.delete(SAVE_PARAM);
    history.replaceState(null, '', url);
    setSaving(false);
  };
  const pin = edited ?? loaded.pin;
  const error = loaded.error;

  if (error)
    return (
      <main class="pin-page">
        <p class="error" role="alert">
          {error}
        </p>
      </main>
    );
  if (!pin)
    return (
      <main class="pin-page">
        <p class="loading" role="status">
          {main('common.loading')}
        </p>
      </main>
    );
  if (hiddenForMe)
    return (
      <main class="pin-page">
        <p role="status">{reportWord('hiddenForYou')}</p>
      </main>
    );

  const source = hostOf(pin.link);
  const pinner = pin.pinner.full_name || pin.pinner.username;
  const signedIn = viewer?.type === 'AUTH';
  const back = `/pin/${pin.id}/?${SAVE_PARAM}=1`;
  return (
    <main class="pin-page closeup">
      <div class="closeup-pane closeup-image">
        {pin.video ? (
          // A video pin from the pin builder plays its uploaded file, with its image as the cover when it has one.
          // biome-ignore lint/a11y/useMediaCaption: an uploaded video comes with no caption file to offer (a pin has none to give); its alt text names it
          <video
            class="pin-image"
            src={pin.video.url}
            poster={pin.images?.['736x'].url}
            controls
            preload="metadata"
            aria-label={pin.alt_text || pin.title || t('pinVideo')}
          />
        ) : pin.images && pin.carousel?.length ? (
          // A business's carousel: its own image first, then the rest, one at a time.
          <PinCarousel images={[pin.images, ...pin.carousel]} alt={pin.alt_text || pin.description || pin.title || t('pinImage')} />
        ) : pin.image_url ? (
          <img
            class="pin-image"
            src={pin.images?.['736x'].url ?? pin.image_url}
            srcSet={pin.images ? renditionSet(pin.images) : undefined}
            sizes={pin.images ? '(max-width: 600px) 100vw, 736px' : undefined}
            alt={pin.alt_text || pin.description || pin.title || t('pinImage')}
          />
        ) : (
          // A pin that is only a link shows as a colour tile with the link's host.
          <ColourTile class="pin-image" link={pin.link} color={pin.dominant_color} />
        )}
      </div>
      <div class="closeup-pane pin-details">
        <Notice pinId={pin.id} />
        {pin.moderation && <ModerationMark kind="pin" id={pin.id} moderation={pin.moderation} />}
        {pin.title ? <h1>{pin.title}</h1> : <h1 class="visually-hidden">{main('pages.pin')}</h1>}
        <p class="pin-actions">
          {signedIn ? (
            <button type="button" class="primary" aria-haspopup="dialog" onClick={() => setSaving(true)}>
              {t('save')}
            </button>
          ) : (
            <a class="primary" href={`/login?next=${encodeURIComponent(back)}`}>
              {t('save')}
            </a>
          )}
          <button type="button" class="secondary" aria-expanded={sharing} aria-controls="share-sheet" onClick={() => share(!sharing)}>
            {main('success.send')}
          </button>
          {pin.link && source && (
            // The link check (/offsite/) decides whether the link is followed.
            <a
              class="secondary source"
              href={`/offsite/?url=${encodeURIComponent(pin.link)}&pin_id=${pin.id}`}
              rel="noopener noreferrer nofollow"
              target="_blank"
            >
              {t('visit', { site: source })}
            </a>
          )}
          {!(viewer?.type === 'AUTH' && viewer.user.id === pin.pinner.id) && (
            <ReportMenu kind="pin" id={pin.id} signedIn={viewer?.type === 'AUTH'} onHidden={() => setHiddenForMe(true)} />
          )}
        </p>
        {saved && <SavedNotice target={saved} />}
        {saving && signedIn && (
          <SaveDialog
            pinId={pin.id}
            media={pin.images?.['736x'].url ?? pin.image_url ?? ''}
            description={pin.description}
            onClose={closeSave}
            onSaved={(target) => {
              closeSave();
              setSaved(target);
            }}
          />
        )}
        <div id="share-sheet">{sharing && <ShareSheet pin={pin} signedIn={viewer?.type === 'AUTH'} onClose={() => share(false)} />}</div>
        {pin.description && <p class="description">{pin.description}</p>}
        <ShopList tags={pin.product_tags} />
        <PinAdLabels pin={pin} viewerIsAuth={viewer?.type === 'AUTH'} isPinner={viewer?.type === 'AUTH' && viewer.user.id === pin.pinner.id} />
        <p class="board-line">
          {linked((slots) => (pin.section ? t('savedInBy', slots) : t('savedBy', slots)), {
            board: (
              <a class="board-name" href={pin.board.url}>
                {pin.board.name}
              </a>
            ),
            section: pin.section && <a href={`${pin.board.url}${pin.section.slug}/`}>{pin.section.title}</a>,
            pinner: <a href={`/${pin.pinner.username}/`}>{pinner}</a>,
          })}
        </p>
        {viewer?.type === 'AUTH' && viewer.user.id === pin.pinner.id && <PinManage pin={pin} onSaved={setEdited} />}
      </div>
    </main>
  );
}
