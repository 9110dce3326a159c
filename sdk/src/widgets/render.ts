import { adopt, shadowHost } from '../button';
import { FOLLOW, label } from '../labels';
import { HEADER_HEIGHT, PIN_BYLINE_HEIGHT, PIN_TEXT_HEIGHT, type WidgetSpec } from './markup';

/** A pin as EmbedsResource answers it (api/src/embeds/service.ts). */
export interface EmbedPin {
  id: string;
  url: string;
  title: string;
  description: string;
  color: string | null;
  images: Record<'236x' | '474x', { url: string; width: number | null; height: number | null }> | null;
  pinner: { username: string; full_name: string; url: string };
  board: { name: string; url: string };
}
export interface EmbedFeed {
  name?: string;
  full_name?: string;
  url: string;
  owner?: { full_name: string; username: string; url: string; image_medium_url: string | null };
  image_medium_url?: string | null;
  pins: EmbedPin[];
}

/**
 * Everything inside the widgets' shadow roots: sizes are set from the data before anything is shown
 * (images carry their width and height), so a widget never moves what is around it nor itself.
 */
const CSS = `:host{all:initial!important;display:inline-block!important;vertical-align:top!important;max-width:100%!important}
.w{box-sizing:border-box;border:1px solid #ddd;border-radius:16px;background:#fff;overflow:hidden;font:14px/18px system-ui,sans-serif;color:#111}
a{color:inherit;text-decoration:none}a:focus-visible,button:focus-visible{outline:3px solid #0074e8;outline-offset:-3px}
.h{display:flex;align-items:center;gap:8px;height:${HEADER_HEIGHT}px;padding:0 10px;box-sizing:border-box;border-bottom:1px solid #eee}
.av{width:32px;height:32px;border-radius:50%;flex:none;object-fit:cover}
.t{flex:1;min-width:0}.t>*{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.n{font-weight:700}.o{font-size:12px;color:#555}
.f{all:initial;cursor:pointer;font:700 12px/28px system-ui,sans-serif;color:#fff;background:#b5001b;border-radius:14px;padding:0 12px;flex:none}
.s{position:relative;overflow-x:hidden;overflow-y:auto}
.p{position:absolute;display:block;border-radius:8px;overflow:hidden}
.p img,.pi img{display:block;width:100%;height:100%;object-fit:cover}
.x{padding:6px;font-size:12px;color:#fff;overflow:hidden}
.d{margin:0;padding:8px 12px 0;height:${PIN_TEXT_HEIGHT}px;box-sizing:border-box;overflow:hidden;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical}
.b{height:${PIN_BYLINE_HEIGHT}px;padding:4px 12px;box-sizing:border-box;font-size:12px;line-height:18px;color:#555}.b a{color:#111;font-weight:700}
.b>*{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`;

const GAP = 6;
const PAD = 8;

type Attrs = Record<string, string | number | null | undefined>;
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** Opens on our origin, in a new tab: the publisher's page stays where it was. */
const out = (href: string, attrs: Attrs = {}, ...children: Array<Node | string>) => el('a', { href, target: '_blank', rel: 'noopener', ...attrs }, ...children);

/**
 * A pin's image, `width` wide: both renditions in srcset, lazy, its height reserved; it carries what
 * the hover Save reads (data-pin-id: a save from a widget is a repin of that pin).
 */
function pinImage(pin: EmbedPin, width: number, height: number): HTMLElement {
  const small = pin.images?.['236x'];
  if (!small || !pin.images)
    return el('div', { class: 'x', style: `background:${pin.color ?? '#767676'};height:${height}px` }, pin.title || pin.description || pin.board.name);
  return el('img', {
    src: small.url,
    srcset: `${small.url} 236w, ${pin.images['474x'].url} 474w`,
    sizes: `${width}px`,
    width,
    height,
    loading: 'lazy',
    decoding: 'async',
    alt: pin.description || pin.title || pin.board.name,
    'data-pin-id': pin.id,
    'data-pin-media': pin.images['474x'].url,
    'data-pin-description': pin.description,
  });
}

/** A pin's height at a width, from its rendition's shape (a square for an image-less pin). */
const heightAt = (pin: EmbedPin, width: number) => {
  const r = pin.images?.['236x'];
  return r?.width && r.height ? Math.round((width * r.height) / r.width) : width;
};

export interface Drawn {
  host: HTMLElement;
  shadow: ShadowRoot;
}

/** embedPin: its image, description (unless terse), pinner and board. */
export function drawPin(spec: WidgetSpec, pin: EmbedPin): Drawn {
  const [host, shadow] = shadowHost(CSS);
  const width = spec.width ?? 236;
  const height = heightAt(pin, width - 2);
  shadow.append(
    el(
      'div',
      { class: 'w', style: `width:${width}px` },
      out(
        pin.url,
        { class: 'pi', style: `display:block;height:${height}px`, 'aria-label': pin.description || pin.title || 'Pin' },
        pinImage(pin, width - 2, height),
      ),
      ...(spec.terse ? [] : [el('p', { class: 'd' }, pin.description || pin.title)]),
      el('div', { class: 'b' }, out(pin.pinner.url, {}, pin.pinner.full_name || pin.pinner.username), out(pin.board.url, {}, pin.board.name)),
    ),
  );
  return { host, shadow };
}

/**
 * embedBoard and embedUser: the header (name, owner, Follow) above a scrolling masonry of the latest
 * pins, columns of data-pin-scale-width placed by shortest column from their known heights.
 */
export function drawFeed(spec: WidgetSpec, feed: EmbedFeed, width: number, onFollow: () => void): Drawn {
  const [host, shadow] = shadowHost(CSS);
  const column = spec.scaleWidth;
  const count = Math.max(1, Math.floor((width - 2 - 2 * PAD + GAP) / (column + GAP)));
  const left = Math.floor((width - 2 - count * column - (count - 1) * GAP) / 2);
  const tops = new Array<number>(count).fill(PAD);
  const tiles = feed.pins.map((pin) => {
    const i = tops.indexOf(Math.min(...tops));
    const height = heightAt(pin, column);
    const top = tops[i]!;
    tops[i] = top + height + GAP;
    return out(
      pin.url,
      { class: 'p', style: `left:${left + i * (column + GAP)}px;top:${top}px;width:${column}px;height:${height}px` },
      pinImage(pin, column, height),
    );
  });
  const follow = el('button', { class: 'f', type: 'button' }, label(spec.lang, FOLLOW));
  follow.addEventListener('click', onFollow);
  const owner = feed.owner;
  const avatar = owner ? owner.image_medium_url : feed.image_medium_url;
  const scroller = el('div', { class: 's', style: `height:${spec.scaleHeight}px` }, el('div', { style: `height:${Math.max(...tops)}px` }), ...tiles);
  shadow.append(
    el(
      'div',
      { class: 'w', style: `width:${width}px` },
      el(
        'div',
        { class: 'h' },
        ...(avatar ? [el('img', { class: 'av', src: avatar, alt: '', width: 32, height: 32 })] : []),
        el(
          'div',
          { class: 't' },
          out(feed.url, { class: 'n' }, feed.name ?? feed.full_name ?? ''),
          ...(owner && !spec.terse ? [out(owner.url, { class: 'o' }, owner.full_name || owner.username)] : []),
        ),
        follow,
      ),
      scroller,
    ),
  );
  // The hover Save hides while the page scrolls: a scroll inside the widget says so too (capture listeners above see it).
  scroller.addEventListener('scroll', () => host.dispatchEvent(new Event('scroll')), { passive: true });
  return { host, shadow };
}

const BUBBLE = `.cnt{position:absolute;box-sizing:border-box;min-width:40px;height:20px;padding:0 6px;font:700 11px/18px system-ui,sans-serif;color:#333;background:#fff;border:1px solid #bbb;border-radius:3px;text-align:center}
:host([data-count=beside]) .cnt{right:0;top:0}:host([data-count=above]) .cnt{left:0;top:4px}`;

/** A count bubble in a Save button's own shadow root, in the room pinit.js left for it (data-count on the host). */
export function drawCount(host: HTMLElement, count: number, lang: string) {
  const shadow = host.shadowRoot;
  if (!shadow || shadow.querySelector('.cnt')) return;
  adopt(shadow, BUBBLE);
  let text = String(count);
  try {
    text = new Intl.NumberFormat(lang || undefined, { notation: 'compact' }).format(count);
  } catch {
    // A lang the browser does not know: the plain number.
  }
  shadow.append(el('span', { class: 'cnt' }, text));
}
