import { useState } from 'react';
import { CAROUSEL_EXTRA_MAX, CAROUSEL_MAX_IMAGES, moved } from '../../../api/src/pins/rules/carousel';
import { formatNumber } from '../i18n';
import { t } from './messages';
import { uploadFile, whenProcessed, type UploadData } from './upload';

/**
 * The pin builder's "Add images" control (the carousel gate, business accounts): the pin's own image is the
 * carousel's first, and up to CAROUSEL_EXTRA_MAX more follow it, each sent through the builder's upload path and
 * shown once processed. Each can move one place earlier or later and be removed, with buttons (keyboard reachable,
 * named with the image's place). Not a form: the builder around it is not one.
 */
export function Carousel({
  images,
  onChange,
  disabled,
  messageOf,
}: {
  images: UploadData[];
  onChange: (images: UploadData[]) => void;
  disabled: boolean;
  /** The builder's words for a refused upload (its own file checks, then the server's). */
  messageOf: (error: unknown) => string;
}) {
  const [sending, setSending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const room = CAROUSEL_EXTRA_MAX - images.length - sending;
  const max = formatNumber(CAROUSEL_MAX_IMAGES);

  const add = async (files: File[]) => {
    setError(null);
    if (files.length > room) setError(t('carouselFull', { max }));
    const chosen = files.slice(0, Math.max(0, room));
    if (!chosen.length) return;
    setSending((n) => n + chosen.length);
    let added = images;
    for (const file of chosen) {
      try {
        const done = await whenProcessed(await uploadFile(file, () => undefined));
        added = [...added, done];
        onChange(added);
      } catch (e) {
        setError(messageOf(e));
      } finally {
        setSending((n) => n - 1);
      }
    }
  };

  // Place 1 is the pin's own image: the carousel's images are numbered from 2.
  const place = (index: number) => formatNumber(index + 2);
  return (
    <fieldset class="carousel-builder" disabled={disabled}>
      <legend>{t('carousel')}</legend>
      <p class="hint">{t('carouselHint', { max })}</p>
      {images.length > 0 && (
        <ol class="carousel-slots" start={2} aria-label={t('carousel')}>
          {images.map((image, index) => (
            <li key={image.id}>
              <img class="carousel-thumb" src={image.image?.images['236x'].url} alt={t('carouselImage', { n: place(index) })} />
              <span class="carousel-actions">
                <button type="button" class="secondary" disabled={index === 0} onClick={() => onChange(moved(images, index, -1))}>
                  {t('moveEarlier', { n: place(index) })}
                </button>
                <button type="button" class="secondary" disabled={index === images.length - 1} onClick={() => onChange(moved(images, index, 1))}>
                  {t('moveLater', { n: place(index) })}
                </button>
                <button type="button" class="link" onClick={() => onChange(images.filter((other) => other !== image))}>
                  {t('removeImage', { n: place(index) })}
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {sending > 0 && (
        <p class="builder-status" role="status">
          {t('carouselUploading')}
        </p>
      )}
      {room > 0 ? (
        <label class="secondary file-choice">
          {t('addImages')}
          <input
            class="visually-hidden"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/gif,image/webp"
            onChange={(e) => void add([...(e.currentTarget.files ?? [])])}
          />
        </label>
      ) : (
        sending === 0 && <p class="hint">{t('carouselFull', { max })}</p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
