import { ColourTile, hostOf } from './Preview';
import { useState } from 'react';
import { PinManage } from './PinManage';
import type { PinData, ViewerData } from './types';
import { usePin } from './usePin';
import { Notice } from './advertiser/Notice';
import { PinAdLabels } from './advertiser/PinAdLabels';

/**
 * /pin/{id}/: the saved pin with its image, description and source, linked to its board and its
 * pinner, with Save (a repin, in the save popup) and Visit (the source).
 */
export function PinPage({ id, viewer }: { id: string; viewer?: ViewerData | null }) {
  const loaded = usePin(id);
  const [edited, setEdited] = useState<PinData | null>(null);
  const pin = edited ?? loaded.pin;
  const error = loaded.error;

  if (error) return <main class="pin-page"><p class="error" role="alert">{error}</p></main>;
  if (!pin) return <main class="pin-page"><p class="loading" role="status">Loading…</p></main>;

  const source = hostOf(pin.link);
  const pinner = pin.pinner.full_name || pin.pinner.username;
  // A visitor's Save goes through log-in and comes back to the repin.
  const repin = `/pin/${pin.id}/repin/x/`;
  const save = viewer?.type === 'AUTH' ? repin : `/login?next=${encodeURIComponent(repin)}`;
  return (
    <main class="pin-page">
      {pin.image_url ? (
        <img class="pin-image" src={pin.images?.['736x'].url ?? pin.image_url} alt={pin.description || pin.title || 'Pin image'} />
      ) : (
        // saving.md 2.1: a pin that is only a link shows as a colour tile with the link's host.
        <ColourTile class="pin-image" link={pin.link} color={pin.dominant_color} />
      )}
      <div class="pin-details">
        <Notice pinId={pin.id} />
        {pin.title ? <h1>{pin.title}</h1> : <h1 class="visually-hidden">Pin</h1>}
        <p class="pin-actions">
          <a class="primary" href={save}>
            Save
          </a>
          {pin.link && source && (
            // advertiser.md section 4: the link check (/offsite/) decides whether the link is followed.
            <a class="secondary source" href={`/offsite/?url=${encodeURIComponent(pin.link)}&pin_id=${pin.id}`} rel="noopener noreferrer nofollow" target="_blank">
              Visit {source}
            </a>
          )}
        </p>
        {pin.description && <p class="description">{pin.description}</p>}
        <PinAdLabels pin={pin} viewerIsAuth={viewer?.type === 'AUTH'} isPinner={viewer?.type === 'AUTH' && viewer.user.id === pin.pinner.id} />
        <p class="board-line">
          Saved to{' '}
          <a class="board-name" href={pin.board.url}>
            {pin.board.name}
          </a>
          {pin.section && (
            <>
              {' '}in <a href={`${pin.board.url}${pin.section.slug}/`}>{pin.section.title}</a>
            </>
          )}{' '}
          by <a href={`/${pin.pinner.username}/`}>{pinner}</a>
        </p>
        {viewer?.type === 'AUTH' && viewer.user.id === pin.pinner.id && <PinManage pin={pin} onSaved={setEdited} />}
      </div>
    </main>
  );
}
