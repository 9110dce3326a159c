import { useState } from 'react';
import { formatNumber, t } from '../i18n';
import type { PinnableItem } from '../../../api/src/scrape/contract';

/** The tile of a pin without an image when no colour (or no valid one) is given. */
export const NEUTRAL_TILE = '#e9e9e9';
const HEX = /^#[0-9a-f]{6}$/i;

export function tileColour(color: string | null | undefined): string {
  return color && HEX.test(color) ? color : NEUTRAL_TILE;
}

/** Dark text on light colours, white on dark ones (WCAG relative luminance, 0.179 is the even split). */
export function inkOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(background.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#111' : '#fff';
}

export function hostOf(link: string | null | undefined): string | null {
  try {
    return link ? new URL(link).host : null;
  } catch {
    return null;
  }
}

/**
 * "A colour tile with a link when only colour and link are given". The pin's
 * colour (or a neutral grey) with the host of its link.
 */
export function ColourTile({ link, color, class: extra = '' }: { link: string | null | undefined; color?: string | null | undefined; class?: string }) {
  const background = tileColour(color);
  const host = hostOf(link);
  return (
    <div
      class={`colour-tile ${extra}`}
      role="img"
      aria-label={host ? t('save.linkTo', { host }) : t('save.noImagePin')}
      style={{ background, color: inkOn(background) }}
    >
      {host && <span class="tile-host">{host}</span>}
    </div>
  );
}

/**
 * "A scrollable grid of website media when there is more than one image (max
 * height 540, at least 3 columns, column width 160)". One toggle button per image, the chosen one
 * pressed; arrow keys move between them as they sit in the grid.
 */
export function MediaGrid({ items, chosen, onChoose, disabled }: { items: PinnableItem[]; chosen: string; onChoose(url: string): void; disabled: boolean }) {
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = Array.from((event.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('button'));
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const columns = Math.max(1, buttons.filter((b) => b.offsetTop === buttons[0]!.offsetTop).length);
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns, Home: -at, End: buttons.length - 1 - at };
    const next = buttons[at + (step[event.key] ?? Number.NaN)];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  return (
    <>
      <h2 id="media-grid-title" class="grid-title">
        {t('save.chooseImage')}
      </h2>
      <ul class="media-grid" aria-labelledby="media-grid-title" onKeyDown={onKeyDown}>
        {items.map((item, i) => (
          <li key={item.url}>
            <button type="button" class="media-tile" aria-pressed={item.url === chosen} disabled={disabled} onClick={() => onChoose(item.url)}>
              <img src={item.url} alt="" loading="lazy" />
              {item.video && (
                <span class="play" aria-hidden="true">
                  ▶
                </span>
              )}
              <span class="visually-hidden">
                {videoCover(
                  item.video,
                  t(item.description ? 'save.describedImageOf' : 'save.imageOf', {
                    description: item.description ?? '',
                    n: formatNumber(i + 1),
                    total: formatNumber(items.length),
                  }),
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A tile's words: a video's cover says so. */
const videoCover = (video: unknown, image: string) => (video ? t('save.videoCover', { image }) : image);

/** A video's length as players show it: 0:42, 12:05, 1:02:03. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * "A video with cover image and duration". The publisher's file plays here (media-src
 * allows it); the duration comes from its metadata. The cover is the image the pin saves.
 */
export function VideoPreview({ src, cover, label }: { src: string; cover: string; label: string }) {
  const [duration, setDuration] = useState<number | null>(null);
  return (
    <div class="video-preview">
      <video
        src={src}
        poster={cover || undefined}
        preload="metadata"
        controls
        muted
        playsInline
        aria-label={label}
        onLoadedMetadata={(event) => {
          const value = (event.currentTarget as HTMLVideoElement).duration;
          if (Number.isFinite(value)) setDuration(value);
        }}
      />
      {duration !== null && (
        <span class="duration">
          <span class="visually-hidden">{t('save.duration')} </span>
          {formatDuration(duration)}
        </span>
      )}
    </div>
  );
}

/**
 * The given media as an image; when it will not load as one, the browser is asked whether it plays
 * as a video (a probe that loads its metadata only), and onVideo is told if it does.
 */
export function MediaImage({ src, alt, onVideo }: { src: string; alt: string; onVideo(): void }) {
  const [probe, setProbe] = useState(false);
  return (
    <>
      <img src={src} alt={alt} onError={() => setProbe(true)} />
      {probe && <video class="probe" src={src} preload="metadata" muted hidden onLoadedMetadata={onVideo} />}
    </>
  );
}
