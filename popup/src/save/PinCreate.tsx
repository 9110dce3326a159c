import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromEnglish, t } from '../i18n';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { safeNext } from '../../../api/src/lib/rules/next';
import { postResource, ResourceError } from '../api';
import { loadExperiments } from '../auth/client';
import { askOpenerForImage, tellOpener } from './opener';
import { BoardPicker, type SaveTarget } from './picker/BoardPicker';
import { fetchViewer, type FirstReads, startFirstReads } from './firstReads';
import type { PopupQuery } from '../query';
import { leave } from '../pageBack';
import { track } from './track';
import { useMobile } from '../useMobile';
import type { CreatedPin, ViewerData } from '../types';
import { ColourTile, MediaGrid, MediaImage, VideoPreview } from './Preview';
import { findPinImages, useResolvedMedia, type Resolved } from './useResolvedMedia';
import { BRAND } from '../brand';
import { type CreatedTarget, takeCreated } from './picker/created';
import { AuthModal, MobileSaved, NoImageFound, prefetch, SaveSuccess } from './parts';

/** api_error_code of 'Psst! You already saved this Pin to {board}' (the catalogue's already_saved). */
const ALREADY_SAVED = 51;
/** api_error_code of 'Please log in to continue.' (the catalogue's unauthorized): the session is gone. */
const UNAUTHORIZED = 7;
/** The catalogue's outbound_refused and outbound_failed: the server may not, or could not, reach the image. */
const UNREACHABLE = new Set([60, 61]);

/** What a save needs of its target: a picker's pick, or a board made on the mobile create page. */
type SaveRequest = { board: Pick<SaveTarget['board'], 'id' | 'url'>; section?: { id: string } | undefined; created?: boolean };

interface Saved {
  pin: CreatedPin;
  created: boolean;
  firstPin: boolean;
}

/** The catalogue's pin_creation_disabled message (errors.contract.ts), translated as the server's words are. */
const CREATION_DISABLED = 'Creating Pins is turned off for your account right now.';

/** The pin-create popup: the image resolved first, then the rest. */
export function PinCreate({ query, first }: { query: PopupQuery; first?: FirstReads }) {
  const resolved = useResolvedMedia(query);
  return resolved ? (
    <PinCreateReady {...resolved} first={first} />
  ) : (
    <p class="loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/** Preview, log-in when needed, picker, save, success. */
function PinCreateReady({ query: given, found, nopin, noImage, first: started }: Resolved & { first?: FirstReads | undefined }) {
  // With several images found on the page the user may choose another than the first.
  const [chosen, setChosen] = useState(given.media);
  // Given media that plays as a video: its cover (undefined while looked for, null when the page has none).
  const [probed, setProbed] = useState<{ src: string; cover: string | null | undefined } | null>(null);
  const query = useMemo(() => {
    // The cover is the pin's image; with no cover the pin is the link (the page's, else the video's).
    if (probed) return { ...given, media: probed.cover ?? '', url: given.url || probed.src };
    return chosen === given.media ? given : { ...given, media: chosen };
  }, [given, chosen, probed]);
  const item = found.find((i) => i.url === chosen);
  const video = probed ? { src: probed.src, cover: probed.cover ?? '' } : item?.video ? { src: item.video, cover: item.url } : null;
  const foundVideo = () => {
    const src = given.media;
    setProbed({ src, cover: given.url ? undefined : null });
    if (!given.url) return;
    // The cover of a video is what its page names: a <video> poster or the og:image beside og:video.
    findPinImages(given.url, given.method)
      .then((page) => page.items.find((i) => i.video === src)?.url ?? null)
      .catch(() => null)
      .then((cover) => setProbed({ src, cover }));
  };
  // Told that no image came, the user chose to save the link alone.
  const [linkOnly, setLinkOnly] = useState(false);
  // Both asked for side by side, before the first render where the bundle could (save-main.tsx), else during it.
  const [first] = useState(() => started ?? startFirstReads(query));
  const [viewer, setViewer] = useState<ViewerData | null>(() => first.viewer.value ?? null);
  // With pin creation turned off the popup says so before a board is picked, not after; a repin is no new pin.
  const [creationOff, setCreationOff] = useState(false);
  useEffect(() => {
    if (query.action !== 'repin') void loadExperiments().then((flags) => setCreationOff(!!flags.pin_creation_disable_all));
  }, []);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const mobile = useMobile();
  // Once the picker can be drawn, the screen a save ends on comes in idle time (the picker fetches its forms).
  const picking = viewer?.type === 'AUTH';
  useEffect(() => {
    if (picking) prefetch(mobile ? MobileSaved : SaveSuccess);
  }, [picking]);

  /** A save cut short by a lost session, and whose it was: resumed after that user logs in again. */
  const interrupted = useRef<{ target: SaveRequest; userId: string } | null>(null);

  const authed = async () => {
    const next = await fetchViewer();
    setViewer(next);
    const pending = interrupted.current;
    interrupted.current = null;
    // Another account's log-in starts from its own board list: the board picked was the other user's.
    if (pending && next.type === 'AUTH' && next.user.id === pending.userId) await save(pending.target, next);
  };
  useEffect(() => void first.viewer.promise.then(setViewer), []);
  // A visitor on the mobile variant logs in or signs up here, as on a desktop, and keeps the pin
  // (the redirect to / lost it). A board or section just made on the mobile create page
  // takes the pin at once (picker/created.ts). It is taken after the first drawing, by the first effect (undefined
  // until then): a page's first sessionStorage read waits on the browser process, which the picker need not.
  const created = useRef<CreatedTarget | null | undefined>(undefined);
  const savedToCreated = useRef(false);
  useEffect(() => {
    if (created.current === undefined) created.current = takeCreated(location.href);
    const made = created.current;
    if (!made || savedToCreated.current || viewer?.type !== 'AUTH') return;
    savedToCreated.current = true;
    void save({ board: { id: made.boardId, url: '' }, section: made.sectionId ? { id: made.sectionId } : undefined, created: !made.sectionId }, viewer);
  }, [viewer]);

  const createPin = (boardId: string, sectionId: string | undefined, image: { image_url?: string | undefined; image_base64?: string }) =>
    postResource('PinResource', 'create', {
      board_id: boardId,
      section: sectionId,
      ...image,
      link: query.url || null,
      description: query.description,
      method: query.method,
      guid: query.guid || undefined,
      color: query.color || undefined,
      // The server keeps it only for a non-owner of the advertiser.
      advertiser_id: query.advertiserId,
    });

  const save = async (target: SaveRequest, saver: ViewerData | null = viewer) => {
    const { board, section, created = false } = target;
    setSaving(true);
    setToast(null);
    try {
      const pin =
        query.action === 'repin' && query.pinId
          ? await postResource('RepinResource', 'create', { pin_id: query.pinId, board_id: board.id, section: section?.id, advertiser_id: query.advertiserId })
          : await createPin(board.id, section?.id, { image_url: query.media || undefined }).catch(async (e: unknown) => {
              // A page the server cannot reach (an intranet, a loopback host): the extension that
              // opened us read the image in the page, with the user's view of it, and sends its bytes.
              if (!(e instanceof ResourceError) || !UNREACHABLE.has(e.code) || query.method !== 'extension' || !query.media) throw e;
              const image_base64 = await askOpenerForImage(query.hostOrigin, query.guid);
              if (!image_base64) throw e;
              return createPin(board.id, section?.id, { image_base64 });
            });
      // A section pick from a repin that started on an original board goes to that board's page.
      const toBoardPage = query.action === 'repin' && !!section && board.id === query.originalBoardId;
      if (!toBoardPage) setSaved({ pin, created, firstPin: saver?.type === 'AUTH' && saver.user.pin_count === 0 });
      // The success event only when the save came with a guid.
      if (query.guid) track('pin_create_success', { pin_id: pin.id });
      tellOpener(query.hostOrigin, {
        guid: query.guid,
        status: 'success',
        pin: { id: pin.id, url: `${location.origin}/pin/${pin.id}/` },
        // A secret board's name stays in the popup.
        board: pin.board.privacy === 'secret' ? { id: pin.board.id } : { id: pin.board.id, name: pin.board.name },
      });
      if (toBoardPage) location.assign(safeNext(board.url));
    } catch (e) {
      // A save failure shows message_detail or message; the picker stays as it was.
      const body = e instanceof ResourceError ? e.body : null;
      // The session ended (expired, logged out elsewhere): the log-in form in place, then the same save.
      if (body?.api_error_code === UNAUTHORIZED && saver?.type === 'AUTH') {
        interrupted.current = { target, userId: saver.user.id };
        setViewer({ type: 'UNAUTH' });
        return;
      }
      // Every failed save logs a fail event (on desktop nothing else is shown for it).
      track('pin_create_fail', { error_code: body?.api_error_code });
      // On mobile every failure but 'Psst!' is the spec's one toast.
      const generic = !body || (mobile && body.api_error_code !== ALREADY_SAVED);
      setToast(generic ? t('server.generic') : fromEnglish(body.message_detail ?? body.message));
      if (body) tellOpener(query.hostOrigin, { guid: query.guid, status: 'error', error: { code: body.api_error_code, message: body.message } });
    } finally {
      setSaving(false);
    }
  };

  // The grid stays until the pin is saved; the success screen shows the one image saved.
  const grid = found.length > 1 && !saved;
  let preview: ComponentChildren;
  if (grid) preview = <MediaGrid items={found} chosen={query.media} onChoose={setChosen} disabled={saving} />;
  // A video with its cover image and duration; the cover is what the pin saves.
  else if (video) preview = <VideoPreview src={video.src} cover={video.cover} label={query.description || t('save.videoLabel')} />;
  else if (query.media) preview = <MediaImage src={query.media} alt={query.description || t('save.imageAlt')} onVideo={foundVideo} />;
  // A page that asks not to be saved from (nopin) is not saved as a link either.
  else if (nopin !== undefined) preview = null;
  // No image but a link is a colour tile, and the link can be saved as a pin.
  else if (query.url) preview = <ColourTile link={query.url} color={query.color} />;
  else preview = <p>{t('save.noImage')}</p>;
  const looking = probed !== null && probed.cover === undefined;
  const savable = !!(query.media || query.url) && nopin === undefined && !looking;

  let panel: ComponentChildren;
  if (saved && mobile) panel = <MobileSaved pin={saved.pin} steps={created.current ? 2 : 1} />;
  else if (saved)
    panel = <SaveSuccess pin={saved.pin} media={query.media} link={query.url} color={query.color} created={saved.created} firstPin={saved.firstPin} />;
  else if (nopin !== undefined)
    panel = (
      <div role="alert">
        <h2>{t('save.noPinTitle')}</h2>
        <p>{nopin}</p>
      </div>
    );
  else if (noImage && !linkOnly) panel = <NoImageFound reason={noImage} onLinkOnly={() => setLinkOnly(true)} />;
  else if (!viewer || looking)
    panel = (
      <p class="loading" role="status">
        {t('common.loading')}
      </p>
    );
  else if (viewer.type !== 'AUTH')
    panel = (
      <AuthModal
        container={query.method === 'bookmarklet' ? 'pinBookmarklet' : 'save'}
        next={location.pathname + location.search}
        pinImage={query.media}
        recognised={viewer.type === 'LIMITED_LOGIN' ? viewer.info : undefined}
        initialView={interrupted.current ? 'login' : undefined}
        onAuthed={() => void authed()}
      />
    );
  else if (creationOff)
    panel = (
      <div role="alert" class="creation-off">
        <p>{fromEnglish(CREATION_DISABLED)}</p>
      </div>
    );
  else if (savable)
    panel = (
      <BoardPicker
        media={query.media}
        description={query.description}
        busy={saving}
        onSave={save}
        onClose={leave}
        prefetched={first.boards}
        mobile={mobile}
        advertiserId={query.advertiserId}
        failure={mobile ? toast : null}
      />
    );

  return (
    <main class={`pin-create${mobile ? ' mobile' : ''}${grid ? ' with-grid' : ''}`}>
      <h1 class="visually-hidden">{t('save.title', { brand: BRAND })}</h1>
      <figure class="preview">{preview}</figure>
      <div class="panel">
        {/* The mobile picker shows a failure in place, in the page the user is looking at. */}
        {toast && !(mobile && savable && viewer?.type === 'AUTH' && !saved) && (
          <p class="toast" role="alert">
            {toast}
          </p>
        )}
        {panel}
        <LanguageSelect />
      </div>
    </main>
  );
}
