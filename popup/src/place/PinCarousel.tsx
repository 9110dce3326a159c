import { useState } from 'react';
import { formatNumber } from '../i18n';
import { t } from '../pages/messages';
import { renditionSet } from '../renditions';
import type { PinData } from '../types';

type Renditions = NonNullable<PinData['images']>;

/**
 * A carousel pin's image area: one image at a time, the pin's own first, with Previous and Next (buttons, so
 * the keyboard reaches them; the arrow keys work too while focus is inside) and "n of m" read out as it changes.
 * Next after the last goes back to the first, as a swipe would not strand the reader at an end.
 */
export function PinCarousel({ images, alt }: { images: readonly Renditions[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (step: -1 | 1) => setIndex((current) => (current + step + count) % count);
  const image = images[index] as Renditions;
  const position = t('carouselPosition', { n: formatNumber(index + 1), m: formatNumber(count) });
  return (
    <section
      class="pin-carousel"
      aria-roledescription="carousel"
      aria-label={t('carouselLabel')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        if (e.key === 'ArrowRight') go(1);
      }}
    >
      <img class="pin-image" src={image['736x'].url} srcSet={renditionSet(image)} sizes="(max-width: 600px) 100vw, 736px" alt={`${alt} (${position})`} />
      <div class="pin-carousel-controls">
        <button type="button" class="secondary" onClick={() => go(-1)}>
          {t('previousImage')}
        </button>
        <p class="meta" aria-live="polite">
          {position}
        </p>
        <button type="button" class="secondary" onClick={() => go(1)}>
          {t('nextImage')}
        </button>
      </div>
    </section>
  );
}
