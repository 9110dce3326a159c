import { attr } from '../markup';

/**
 * Reading widget markup as pinit.js reads it (docs/decisions.md, "Embeds"): which widget a link asks
 * for, what it names, and its sizes. Pure functions over the DOM, unit-tested.
 */
export type WidgetKind = 'embedPin' | 'embedBoard' | 'embedUser';

export interface WidgetSpec {
  kind: WidgetKind;
  /** How the data answer keys it: a pin id, `username/slug`, or a username. */
  key: string;
  /** The path of its page on our origin (for Follow). */
  path: string;
  /** embedPin: the card's width; embedBoard/embedUser: the widget's width (null: `auto`, the container's). */
  width: number | null;
  scaleWidth: number;
  scaleHeight: number;
  terse: boolean;
  lang: string;
}

/** data-pin-width of embedPin, as pinit.js sizes it. */
export const PIN_WIDTHS: Record<string, number> = { small: 236, medium: 345, large: 600 };
/** pinit.js's defaults and bounds for boards and profiles. */
export const BOARD_WIDTH = { initial: 400, min: 130, max: 1200 };
export const SCALE_WIDTH = { initial: 80, min: 60, max: 236 };
export const SCALE_HEIGHT = { initial: 240, min: 60, max: 1200 };
/** A board or profile widget: its header above the scrolling pins (total height: scale-height + this). */
export const HEADER_HEIGHT = 56;
/** A pin widget below its image: the description (3 lines, unless terse) and the attribution line. */
export const PIN_TEXT_HEIGHT = 62;
export const PIN_BYLINE_HEIGHT = 44;

const sized = (value: string | null, bounds: { initial: number; min: number; max: number }) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(bounds.max, Math.max(bounds.min, n)) : bounds.initial;
};

/** The widget a link asks for, or null when it asks for none we make (or names nothing we could have). */
export function readWidget(link: Element, lang: string): WidgetSpec | null {
  const kind = attr(link, 'do');
  if (kind !== 'embedPin' && kind !== 'embedBoard' && kind !== 'embedUser') return null;
  let path: string;
  try {
    path = new URL(link.getAttribute('href') ?? '', location.href).pathname;
  } catch {
    return null;
  }
  const parts = /^\/(?:pin\/(\d{1,20})|([\w.-]{1,64})(?:\/([\w.-]{1,100}))?)\/?$/.exec(path);
  if (!parts) return null;
  const [, pin, user, board] = parts;
  const key = kind === 'embedPin' ? pin : kind === 'embedBoard' ? board && user && `${user}/${board}` : !board && user;
  if (!key) return null;
  const boardWidth = attr(link, 'board-width');
  return {
    kind,
    key,
    path: path.endsWith('/') ? path : `${path}/`,
    width: kind === 'embedPin' ? (PIN_WIDTHS[attr(link, 'width') ?? ''] ?? PIN_WIDTHS.small!) : boardWidth === 'auto' ? null : sized(boardWidth, BOARD_WIDTH),
    scaleWidth: sized(attr(link, 'scale-width'), SCALE_WIDTH),
    scaleHeight: sized(attr(link, 'scale-height'), SCALE_HEIGHT),
    terse: (attr(link, 'terse') ?? 'false') !== 'false',
    lang: attr(link, 'lang') || lang,
  };
}

/** An `auto` width: the container's, within pinit.js's bounds. */
export const autoWidth = (container: Element | null) => sized(String(Math.floor(container?.clientWidth ?? 0)), BOARD_WIDTH);
