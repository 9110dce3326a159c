import { useEffect, useState } from 'react';
import { getResource, postResource, ResourceError } from './api';
import { AuthModal } from './auth/AuthModal';
import { BoardList } from './BoardList';
import { tellOpener } from './opener';
import type { PopupQuery } from './query';
import { SaveSuccess } from './SaveSuccess';
import type { CreatedPin, PickerBoard, ViewerData } from './types';

/** The pin-create popup (saving.md section 2.3): preview, log-in when needed, board list, save, success. */
export function PinCreate({ query }: { query: PopupQuery }) {
  const [viewer, setViewer] = useState<ViewerData | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<CreatedPin | null>(null);
  const [error, setError] = useState<string | null>(null);

  const loadViewer = () =>
    getResource<ViewerData>('ViewerResource')
      .then(setViewer)
      .catch(() => setViewer({ type: 'UNAUTH' }));
  useEffect(() => void loadViewer(), []);

  const save = async (board: PickerBoard) => {
    setSaving(true);
    setError(null);
    try {
      const pin = await postResource<CreatedPin>('PinResource', 'create', {
        board_id: board.id,
        image_url: query.media,
        link: query.url || null,
        description: query.description,
        method: query.method,
        guid: query.guid || undefined,
        color: query.color || undefined,
      });
      setSaved(pin);
      tellOpener(query.hostOrigin, {
        guid: query.guid,
        status: 'success',
        pin: { id: pin.id, url: `${location.origin}/pin/${pin.id}/` },
        board: pin.board.privacy === 'secret' ? { id: pin.board.id } : { id: pin.board.id, name: pin.board.name },
      });
    } catch (e) {
      const body = e instanceof ResourceError ? e.body : null;
      setError(body ? (body.message_detail ?? body.message) : 'Sorry! Something went wrong on our end.');
      if (body) tellOpener(query.hostOrigin, { guid: query.guid, status: 'error', error: { code: body.api_error_code, message: body.message } });
    } finally {
      setSaving(false);
    }
  };

  return (
    <main class="pin-create">
      <figure class="preview">
        {query.media ? <img src={query.media} alt={query.description || 'The image to save'} /> : <p>This page has no image to save.</p>}
      </figure>
      <div class="panel">
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {saved ? (
          <SaveSuccess pin={saved} />
        ) : !viewer ? (
          <p class="loading" role="status">Loading…</p>
        ) : viewer.type !== 'AUTH' ? (
          <AuthModal container={query.method === 'bookmarklet' ? 'pinBookmarklet' : 'save'} next={location.pathname + location.search} pinImage={query.media} onAuthed={() => void loadViewer()} />
        ) : query.media ? (
          <BoardList onPick={save} disabled={saving} />
        ) : null}
      </div>
    </main>
  );
}
