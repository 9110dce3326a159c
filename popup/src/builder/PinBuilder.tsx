import { useEffect, useState } from 'react';
import { creationDisabled, type ExperimentGroup, type GateName, type GateViewer, type Scenario } from '../../../api/src/pins/rules/gates';
import { maxBytesFor, NOT_MEDIA_MESSAGE, NOT_MEDIA_WITH_VIDEO_MESSAGE, tooLargeMessage } from '../../../api/src/media/rules';
import { formatDate, formatNumber, fromEnglish, t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from './messages';
import { ALT_TEXT_MAX, DESCRIPTION_MAX, PIN_TITLE_MAX } from '../../../api/src/pins/rules/limits';
import { getResource, postResource, ResourceError } from '../api';
import { AuthModal } from '../auth/AuthModal';
import { LinkCheck } from './LinkCheck';
import { ProductTags, type ProductTagDraft } from './ProductTags';
import { Carousel } from './Carousel';
import { Education } from './Education';
import { EditImage } from './EditImage';
import { BoardPicker, type SaveTarget } from '../save/picker/BoardPicker';
import type { PinData, ViewerData } from '../types';
import { useViewer } from '../useViewer';
import { renditionSet } from '../renditions';
import { useMobile } from '../useMobile';
import { BUSY_STATUSES, STATUS_TEXT, type BuilderStatus } from './steps';
import { uploadFile, whenProcessed, type UploadData } from './upload';
import { PublishLater, SCHEDULED_PATH, scheduledTime } from './PublishLater';

/** PinBuilderResource get: the viewer as the gates see it, the scenario, the groups and every gate. */
interface BuilderInfo {
  viewer: GateViewer;
  scenario: Scenario;
  groups: ExperimentGroup[];
  gates: Record<GateName, boolean>;
  education_dismissed: boolean;
}

const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';
const VIDEO_TYPES = 'video/mp4,video/webm';

/** What the device's file looks like before a byte is sent: its kind by type, and whether it fits. */
function precheck(file: File, video: boolean): string | null {
  const kind = file.type.startsWith('video/') ? 'video' : file.type.startsWith('image/') || file.type === '' ? 'image' : null;
  if (!kind || (kind === 'video' && !video)) return refusal(video ? NOT_MEDIA_WITH_VIDEO_MESSAGE : NOT_MEDIA_MESSAGE);
  if (file.size > maxBytesFor(kind)) return refusal(tooLargeMessage(kind));
  return null;
}

/** A megabyte count in the reader's digits, as media/rules.ts writes it in English. */
const megabytes = (kind: 'image' | 'video') => `${formatNumber(Math.round(maxBytesFor(kind) / (1024 * 1024)))} MB`;
/** media/rules.ts's refusals (the server sends the same) in the reader's language; other text as fromEnglish has it. */
export function refusal(text: string): string {
  const known: Record<string, () => string> = {
    [NOT_MEDIA_MESSAGE]: () => t('notMedia'),
    [NOT_MEDIA_WITH_VIDEO_MESSAGE]: () => t('notMediaWithVideo'),
    [tooLargeMessage('image')]: () => t('imageTooLarge', { size: megabytes('image') }),
    [tooLargeMessage('video')]: () => t('videoTooLarge', { size: megabytes('video') }),
  };
  return known[text]?.() ?? fromEnglish(text);
}

export const messageOf = (error: unknown) => (error instanceof ResourceError ? refusal(error.message) : main('server.generic'));

/**
 * /pin-builder/: a pin from a file of the user's own. Choose an image (or a video where
 * video_upload_allowed), see it, give it a title, description, link and alt text, pick a board and
 * section with the save popup's picker, publish; the saved pin then shows in its renditions. The steps
 * are the builder statuses; the controls are those the gates (pins/rules/gates.ts) open.
 */
export default function PinBuilder({ search }: { search: string }) {
  const viewer = useViewer();
  const [authed, setAuthed] = useState<ViewerData | null>(null);
  const current = authed ?? viewer;
  if (!current)
    return (
      <p class="loading" role="status">
        {main('common.loading')}
      </p>
    );
  if (current.type !== 'AUTH') {
    return (
      <main class="page">
        <h1>{main('pages.createPin')}</h1>
        <p>{t('logInToCreate')}</p>
        <AuthModal
          container="save"
          initialView="login"
          next={location.pathname + location.search}
          recognised={current.type === 'LIMITED_LOGIN' ? current.info : undefined}
          onAuthed={() => void getResource('ViewerResource').then(setAuthed)}
        />
      </main>
    );
  }
  return <Builder search={search} />;
}

function Builder({ search }: { search: string }) {
  const mobile = useMobile();
  const [info, setInfo] = useState<BuilderInfo | null>(null);
  const [status, setStatus] = useState<BuilderStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<{ name: string; preview: string | null } | null>(null);
  const [upload, setUpload] = useState<UploadData | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [link, setLink] = useState('');
  const [altText, setAltText] = useState('');
  const [productTags, setProductTags] = useState<ProductTagDraft[]>([]);
  // The carousel's images after the pin's own (Carousel.tsx), in their order.
  const [carousel, setCarousel] = useState<UploadData[]>([]);
  const [target, setTarget] = useState<SaveTarget | null>(null);
  const [saved, setSaved] = useState<PinData | null>(null);
  // "Publish later" (the scheduling gate): the chosen local date and time, as the datetime field writes it.
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState('');
  const [scheduledAt, setScheduledAt] = useState<number | null>(null);

  useEffect(() => {
    const adCreate = new URLSearchParams(search).get('adCreate');
    getResource('PinBuilderResource', adCreate === null ? {} : { adCreate })
      .then(setInfo)
      .catch((e: unknown) => setError(messageOf(e)));
  }, [search]);
  // An image shared into the installed app (api/src/webapp/: the share target staged it as an upload): shown as if chosen here.
  useEffect(() => {
    const shared = new URLSearchParams(search).get('upload');
    if (!shared || !/^\d{1,20}$/.test(shared)) return;
    setStatus('processing');
    getResource('MediaUploadResource', { id: shared })
      .then((found) => whenProcessed(found))
      .then((done) => {
        setUpload(done);
        setStatus('edited');
      })
      .catch((e: unknown) => {
        setStatus('attempted');
        setError(messageOf(e));
      });
  }, [search]);
  // The chosen file's preview lives as long as it is shown.
  useEffect(() => () => void (file?.preview && URL.revokeObjectURL(file.preview)), [file]);

  if (!info)
    return error ? (
      <p class="error" role="alert">
        {error}
      </p>
    ) : (
      <p class="loading" role="status">
        {main('common.loading')}
      </p>
    );
  const groups = new Set(info.groups);
  const video = info.gates.video && !creationDisabled(groups, { builder: true, video: true });
  const busy = BUSY_STATUSES.has(status);
  // The pin's own image is the carousel's first: offered once there is one (a video starts none).
  const carouselOffered = info.gates.carousel && !!upload?.image;

  if (creationDisabled(groups, { builder: true, video: false })) {
    return (
      <main class="page pin-builder">
        <h1>{main('pages.createPin')}</h1>
        <p class="error" role="alert">
          {t('turnedOff')}
        </p>
      </main>
    );
  }

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    setUpload(null);
    const refusal = precheck(chosen, video);
    if (refusal) {
      setFile(null);
      setStatus('attempted');
      return setError(refusal);
    }
    setFile({ name: chosen.name, preview: chosen.type.startsWith('image/') ? URL.createObjectURL(chosen) : null });
    setStatus('uploading');
    try {
      const sent = await uploadFile(chosen, () => setStatus('processing'));
      setStatus('processing');
      const done = await whenProcessed(sent);
      setUpload(done);
      setStatus('edited');
    } catch (e) {
      setFile(null);
      setStatus('attempted');
      setError(messageOf(e));
    }
  };

  const scheduling = info.gates.scheduling && later;
  const publishAt = scheduling ? scheduledTime(when) : null;

  const publish = async () => {
    if (!upload || !target || busy) return;
    if (scheduling && publishAt === null) return;
    setError(null);
    setStatus('publishing');
    const options = {
      board_id: target.board.id,
      section: target.section?.id,
      media_upload_id: upload.id,
      title,
      description,
      link: link.trim() || null,
      ...(info.gates.alt_text ? { alt_text: altText } : {}),
      // Read by the server in the scenario its gate was opened in.
      ...(info.gates.shop_the_pin && productTags.length ? { product_tags: productTags, scenario: info.scenario } : {}),
      ...(carouselOffered && carousel.length ? { carousel_upload_ids: carousel.map((image) => image.id), scenario: info.scenario } : {}),
      method: 'pinbuilder' as const,
    };
    try {
      if (scheduling && publishAt !== null) {
        const kept = await postResource('ScheduledPinResource', 'create', { ...options, publish_at: publishAt, scenario: info.scenario });
        setScheduledAt(kept.publish_at);
        setStatus('saved');
        return;
      }
      const pin = await postResource('PinResource', 'create', options);
      setSaved(await getResource('PinResource', { id: pin.id }));
      setStatus('saved');
    } catch (e) {
      setStatus('edited');
      setError(messageOf(e));
    }
  };

  if (saved) return <BuilderSaved pin={saved} />;
  if (scheduledAt !== null) return <BuilderScheduled at={scheduledAt} />;

  const step = STATUS_TEXT[status as keyof typeof STATUS_TEXT];
  const statusText = step && t(step);
  const previewUrl = upload?.image?.images['474x'].url ?? file?.preview;
  return (
    <main class={`pin-builder${mobile ? ' mobile' : ''}`}>
      <h1>{main('pages.createPin')}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {statusText && (
        <p class="builder-status" role="status">
          {statusText}
        </p>
      )}
      {info.gates.education && !info.education_dismissed && <Education />}
      <div class="builder-panes">
        <section class="builder-media" aria-label={t('image')}>
          {upload?.video ? (
            <video class="builder-preview" src={upload.video.url} controls muted aria-label={t('videoPreview')} />
          ) : previewUrl ? (
            <img class="builder-preview" src={previewUrl} alt={altText || t('imagePreview')} />
          ) : (
            <p class="hint">{video ? t('chooseImageOrVideo') : t('chooseImageHint')}</p>
          )}
          <label class="secondary file-choice">
            {file ? t('chooseAnother') : video ? t('chooseFile') : t('chooseImage')}
            <input
              class="visually-hidden"
              type="file"
              accept={video ? `${IMAGE_TYPES},${VIDEO_TYPES}` : IMAGE_TYPES}
              disabled={busy}
              onChange={(e) => void choose(e.currentTarget.files?.[0])}
            />
          </label>
          {file && <p class="meta">{file.name}</p>}
          {info.gates.editing && upload?.image && !busy && <EditImage key={upload.id} upload={upload} onEdited={setUpload} />}
          {carouselOffered && <Carousel images={carousel} onChange={setCarousel} disabled={busy} messageOf={messageOf} />}
        </section>
        {/* Not a form: the board picker inside has forms of its own (create board, create section). */}
        <div class="builder-fields">
          <label>
            {t('title')}
            <input type="text" value={title} maxLength={PIN_TITLE_MAX} placeholder={t('titlePlaceholder')} onInput={(e) => setTitle(e.currentTarget.value)} />
          </label>
          <label>
            {t('description')}
            <textarea
              value={description}
              maxLength={DESCRIPTION_MAX}
              placeholder={t('descriptionPlaceholder')}
              onInput={(e) => setDescription(e.currentTarget.value)}
            />
          </label>
          <label>
            {t('link')}
            <input type="url" value={link} placeholder={t('linkPlaceholder')} onInput={(e) => setLink(e.currentTarget.value)} />
          </label>
          {info.gates.link_status_validation && <LinkCheck link={link} />}
          {info.gates.alt_text && (
            <label>
              {t('altText')}
              <textarea value={altText} maxLength={ALT_TEXT_MAX} placeholder={t('altTextPlaceholder')} onInput={(e) => setAltText(e.currentTarget.value)} />
            </label>
          )}
          {info.gates.shop_the_pin && <ProductTags tags={productTags} onChange={setProductTags} disabled={busy} />}
          <div class="builder-board">
            {target ? (
              <p>
                {linked((slots) => t('board', slots), { board: <strong>{target.board.name}</strong> })}
                {target.section && <> › {target.section.title}</>}{' '}
                <button type="button" class="link" onClick={() => setTarget(null)} disabled={busy}>
                  {t('change')}
                </button>
              </p>
            ) : (
              <BoardPicker
                media={previewUrl ?? ''}
                description={description || title}
                busy={busy}
                onSave={setTarget}
                onClose={() => history.back()}
                mobile={false}
              />
            )}
          </div>
          {info.gates.scheduling && <PublishLater later={later} onLater={setLater} when={when} onWhen={setWhen} disabled={busy} />}
          <button type="button" class="primary" disabled={!upload || !target || busy || (scheduling && publishAt === null)} onClick={() => void publish()}>
            {scheduling ? t('schedule') : t('publish')}
          </button>
          {info.gates.scheduling && (
            <p class="meta">
              <a href={SCHEDULED_PATH}>{t('scheduledPins')}</a>
            </p>
          )}
        </div>
      </div>
    </main>
  );
}

/** A pin kept for later: when it will be published, in the reader's words and time zone, and the way to the list. */
function BuilderScheduled({ at }: { at: number }) {
  return (
    <main class="pin-builder">
      <h1>{main('pages.createPin')}</h1>
      <p class="builder-status" role="status">
        {t('scheduledFor', { when: formatDate(at, { dateStyle: 'full', timeStyle: 'short' }) })}
      </p>
      <p class="actions">
        <a class="primary" href={SCHEDULED_PATH}>
          {t('seeScheduled')}
        </a>
        <a class="secondary" href="/pin-builder/">
          {t('createAnother')}
        </a>
      </p>
    </main>
  );
}

/** The saved pin, in its renditions (236x, 474x, 736x and the original), with the way to its page. */
function BuilderSaved({ pin }: { pin: PinData }) {
  return (
    <main class="pin-builder">
      <h1>{main('pages.createPin')}</h1>
      <p class="builder-status" role="status">
        {main('success.savedTo', { board: pin.board.name })}
      </p>
      {pin.video ? (
        <video class="builder-preview" src={pin.video.url} controls muted aria-label={pin.title || t('yourVideo')} />
      ) : pin.images ? (
        <img
          class="builder-preview"
          src={pin.images['474x'].url}
          srcSet={renditionSet(pin.images)}
          sizes="(max-width: 600px) 100vw, 474px"
          alt={pin.alt_text || pin.title || t('yourPin')}
        />
      ) : null}
      <p class="actions">
        <a class="primary" href={`/pin/${pin.id}/`}>
          {main('success.seeIt')}
        </a>
        <a class="secondary" href="/pin-builder/">
          {t('createAnother')}
        </a>
      </p>
    </main>
  );
}
