import { createElement, useEffect, useRef, type ReactElement } from 'react';
import { save } from '../popup';
import { createWidgets, type Widgets } from './widgets';

/**
 * <BoardEmbed>, <ProfileEmbed> and <PinEmbed> for apps (the ESM build): the same widgets pinit.js
 * draws, from the same markup, drawn by the same engine; widgets mounted in the same task share one request.
 */
export interface EmbedProps {
  /** The product's origin, e.g. "https://corkboard.example". */
  origin: string;
  /** The board's, profile's or pin's URL (`/{username}/{slug}/`, `/{username}/`, `/pin/{id}/`). */
  href: string;
  lang?: string;
  terse?: boolean;
}
export interface FeedEmbedProps extends EmbedProps {
  /** data-pin-board-width: pixels, or 'auto' for the container's width. */
  boardWidth?: number | 'auto';
  scaleWidth?: number;
  scaleHeight?: number;
}
export interface PinEmbedProps extends EmbedProps {
  width?: 'small' | 'medium' | 'large';
}

const engines = new Map<string, Widgets>();
const engine = (origin: string, lang: string) => {
  const key = `${new URL(origin).origin} ${lang}`;
  let made = engines.get(key);
  if (!made) {
    const productOrigin = new URL(origin).origin;
    made = createWidgets({ origin: productOrigin, lang, save: (_, request) => void save(productOrigin, 'button', request) });
    engines.set(key, made);
  }
  return made;
};

function Embed(kind: string, attrs: Record<string, string | number | boolean | undefined>, props: EmbedProps): ReactElement {
  const ref = useRef<HTMLSpanElement>(null);
  const lang = props.lang ?? document.documentElement.lang;
  const deps = JSON.stringify([kind, props.origin, props.href, lang, props.terse, attrs]);
  useEffect(() => {
    const span = ref.current;
    if (!span) return;
    // The markup a publisher would write; until the data comes (or if the board may not be shown) it is a plain link.
    const link = document.createElement('a');
    link.href = new URL(props.href, props.origin).href;
    link.textContent = link.href;
    link.setAttribute('data-pin-do', kind);
    for (const [name, value] of Object.entries({ ...attrs, terse: props.terse || undefined, lang }))
      if (value !== undefined && value !== '') link.setAttribute(`data-pin-${name}`, String(value));
    span.append(link);
    engine(props.origin, lang).add(span);
    return () => span.replaceChildren();
  }, [deps]);
  return createElement('span', { ref, 'data-corkboard-embed': '' }) as ReactElement;
}

export function BoardEmbed(props: FeedEmbedProps): ReactElement {
  return Embed('embedBoard', { 'board-width': props.boardWidth, 'scale-width': props.scaleWidth, 'scale-height': props.scaleHeight }, props);
}
export function ProfileEmbed(props: FeedEmbedProps): ReactElement {
  return Embed('embedUser', { 'board-width': props.boardWidth, 'scale-width': props.scaleWidth, 'scale-height': props.scaleHeight }, props);
}
export function PinEmbed(props: PinEmbedProps): ReactElement {
  return Embed('embedPin', { width: props.width }, props);
}
