import { createElement, useEffect, useRef, type ReactElement } from 'react';
import { renderButton } from './button';
import { label, SAVE } from './labels';
import type { PinRequest } from './markup';
import { save, type SaveOutcome } from './popup';
import { safe } from './sdk';

/**
 * The ESM build (dist/esm/index.js) for apps that render their own markup: a React component
 * (Preact through preact/compat) and the save call it makes. Same button, same popup, same message
 * contract as pinit.js.
 */
export type { SaveOutcome, PinRequest };
export type { SaveResultPayload } from './messages';

export interface SaveButtonProps {
  /** The product's origin, e.g. "https://corkboard.example": where the popup opens. */
  origin: string;
  /** The image to save. */
  media: string;
  /** The page to link the pin to; defaults to the current page. */
  url?: string;
  description?: string;
  lang?: string;
  tall?: boolean;
  round?: boolean;
  color?: 'red' | 'white' | 'gray';
  /** false gives the old 'Pin it' look. */
  save?: boolean;
  /** Called with every outcome: success, error, or unknown (popup closed or cut off). */
  onSave?: (outcome: SaveOutcome) => void;
}

/** Opens the save popup (call it inside a click handler) and resolves with the outcome; never rejects. */
export function saveImage(origin: string, request: { media: string; url?: string; description?: string; lang?: string }): Promise<SaveOutcome> {
  return save(new URL(origin).origin, 'button', {
    url: request.url || location.href,
    media: request.media,
    description: (request.description || document.title).slice(0, 500),
    lang: request.lang || document.documentElement.lang,
  });
}

/** A Save button in its own shadow root, rendered into a span the component owns. */
export function SaveButton(props: SaveButtonProps): ReactElement {
  const ref = useRef<HTMLSpanElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const { lang = document.documentElement.lang, tall, round, color = 'red', save: saveLook = true } = props;
  useEffect(() => {
    const [host] = renderButton(
      saveLook ? label(lang, SAVE) : 'Pin it',
      { tall, round, color },
      safe(() => {
        const { origin, media, url, description, onSave } = latest.current;
        void saveImage(origin, { media, url, description, lang }).then((outcome) => onSave?.(outcome));
      }),
    );
    ref.current?.append(host);
    return () => host.remove();
  }, [lang, tall, round, color, saveLook]);
  return createElement('span', { ref, 'data-corkboard-save': '' }) as ReactElement;
}

/** The widgets: embedded boards, profiles and pins, as pinit.js draws them. */
export { BoardEmbed, PinEmbed, ProfileEmbed, type EmbedProps, type FeedEmbedProps, type PinEmbedProps } from './widgets/components';
