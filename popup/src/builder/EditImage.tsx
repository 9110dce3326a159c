import { useEffect, useRef, useState } from 'react';
import {
  cropForAspect,
  cropPixels,
  EDIT_ASPECTS,
  EDIT_MIN_FRACTION,
  rotatedSize,
  type EditAspect,
  type EditCrop,
  type EditRotation,
} from '../../../api/src/media/rules';
import { postResource, ResourceError } from '../api';
import { formatNumber, fromEnglish, t as main } from '../i18n';
import { t } from './messages';
import type { UploadData } from './upload';

const ASPECT_WORDS = { original: 'aspectOriginal', square: 'aspectSquare', portrait: 'aspectPortrait', tall: 'aspectTall', free: 'aspectFree' } as const;
const FREE_FIELDS = [
  ['x', 'cropLeft'],
  ['y', 'cropTop'],
  ['width', 'cropWidth'],
  ['height', 'cropHeight'],
] as const;

/** A free rectangle's percentages as the server's fractions: kept inside the image and no thinner than its minimum. */
function freeCrop(percent: EditCrop): EditCrop {
  const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, Number.isFinite(n) ? n : low));
  const width = clamp(percent.width / 100, EDIT_MIN_FRACTION, 1);
  const height = clamp(percent.height / 100, EDIT_MIN_FRACTION, 1);
  return { x: clamp(percent.x / 100, 0, 1 - width), y: clamp(percent.y / 100, 0, 1 - height), width, height };
}

/**
 * A business account's rotate and crop of its processed image (gates.editing), before publishing. The
 * preview draws the edit on the image as uploaded; Apply sends it (MediaUploadResource update), and the
 * server makes the renditions again from the original, so every edit starts from the upload as sent.
 */
export function EditImage({ upload, onEdited }: { upload: UploadData; onEdited: (edited: UploadData) => void }) {
  // The image as uploaded: the first one this upload showed (later ones are edits of it).
  const [source] = useState(() => upload.image);
  const [rotate, setRotate] = useState<EditRotation>(0);
  const [aspect, setAspect] = useState<EditAspect>('original');
  const [free, setFree] = useState<EditCrop>({ x: 0, y: 0, width: 100, height: 100 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = source?.width ?? 0;
  const height = source?.height ?? 0;
  const turned = rotatedSize(width, height, rotate);
  const crop = aspect === 'free' ? freeCrop(free) : cropForAspect(turned.width, turned.height, EDIT_ASPECTS[aspect]);
  const result = cropPixels(turned.width, turned.height, crop);

  useEffect(() => {
    const target = canvas.current;
    if (!source || !target) return;
    const image = new Image();
    image.onload = () => {
      const context = target.getContext('2d');
      if (!context) return;
      // Drawn at the preview's scale: the turned image, then only the crop of it.
      const scale = Math.min(1, 236 / Math.max(result.width, result.height));
      target.width = Math.max(1, Math.round(result.width * scale));
      target.height = Math.max(1, Math.round(result.height * scale));
      context.setTransform(scale, 0, 0, scale, -result.left * scale, -result.top * scale);
      context.translate(turned.width / 2, turned.height / 2);
      context.rotate((rotate * Math.PI) / 180);
      context.drawImage(image, -width / 2, -height / 2, width, height);
    };
    image.src = source.images['474x'].url;
  }, [source, rotate, result.left, result.top, result.width, result.height, turned.width, turned.height, width, height]);

  if (!source) return null;
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      onEdited(await postResource('MediaUploadResource', 'update', { id: upload.id, rotate, crop }));
    } catch (e) {
      setError(e instanceof ResourceError ? fromEnglish(e.message) : main('server.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="builder-edit" aria-labelledby="builder-edit-title">
      <h2 id="builder-edit-title">{t('editTitle')}</h2>
      <canvas ref={canvas} class="builder-edit-preview" role="img" aria-label={t('editPreview')} />
      <p class="meta">{t('editSize', { width: formatNumber(result.width), height: formatNumber(result.height) })}</p>
      <button type="button" class="secondary" disabled={busy} onClick={() => setRotate(((rotate + 90) % 360) as EditRotation)}>
        {t('rotate')}
      </button>
      <label>
        {t('crop')}
        <select value={aspect} disabled={busy} onChange={(e) => setAspect(e.currentTarget.value as EditAspect)}>
          {(Object.keys(ASPECT_WORDS) as EditAspect[]).map((key) => (
            <option key={key} value={key}>
              {t(ASPECT_WORDS[key])}
            </option>
          ))}
        </select>
      </label>
      {aspect === 'free' && (
        <div class="builder-edit-free">
          {FREE_FIELDS.map(([field, word]) => (
            <label key={field}>
              {t(word)}
              <input
                type="number"
                min={0}
                max={100}
                step={1}
                value={free[field]}
                disabled={busy}
                onInput={(e) => setFree({ ...free, [field]: Number(e.currentTarget.value) })}
              />
            </label>
          ))}
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" class="primary" disabled={busy} onClick={() => void apply()}>
        {t('applyEdit')}
      </button>
    </section>
  );
}
