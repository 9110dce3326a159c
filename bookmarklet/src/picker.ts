import type { Found } from './find';

/** The grid shows the best this many; a page of thousands still opens at once. */
export const MAX_TILES = 100;

/** The picker's words; the extension gives them in the browser's language (extension/src/content.ts). */
export type PickerText = Record<'title' | 'close' | 'none' | 'saveLink' | 'nopinTitle', string>;

export const TEXT: PickerText = {
  title: 'Choose an image to save',
  close: 'Close',
  none: "Sorry, we couldn't find any images to save on this page.",
  saveLink: 'Save the page link',
  nopinTitle: "This page can't be saved from",
};

/** Styles live in the shadow root; the host is pinned with !important inline CSSOM, which no page rule beats. */
const CSS = `
*{box-sizing:border-box;margin:0;font:inherit;color:inherit}
.o{position:fixed;inset:0;overflow:auto;background:rgba(250,250,250,.97);font:15px/1.4 system-ui,sans-serif;color:#111;padding:64px 24px 24px;text-align:left}
header{position:fixed;top:0;left:0;right:0;height:56px;display:flex;align-items:center;justify-content:space-between;padding:0 24px;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h2{font-size:18px;font-weight:600}
button{cursor:pointer;border:0;background:none;padding:0}
.x{font-size:28px;line-height:1;width:40px;height:40px;border-radius:50%}
.x:hover,.x:focus-visible{background:#eee}
.g{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px;max-width:1200px;margin:0 auto}
.t{position:relative;border-radius:12px;overflow:hidden;background:#ddd;aspect-ratio:3/4}
.t img{width:100%;height:100%;object-fit:cover;display:block}
.t span{position:absolute;left:8px;bottom:8px;background:rgba(0,0,0,.65);color:#fff;font-size:12px;padding:2px 8px;border-radius:10px}
.t:focus-visible,.t:hover{outline:4px solid #e60023;outline-offset:-4px}
.m{max-width:480px;margin:80px auto;text-align:center}
.m p{margin-bottom:24px}
.s{background:#e60023;color:#fff;font-weight:600;padding:12px 20px;border-radius:24px}
`;

type Child = Node | string;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

export interface PickerOptions {
  /** Ranked images, or the page's nopin reason. */
  items?: Found[];
  nopin?: string;
  onChoose(found: Found): void;
  onSaveLink(): void;
  /** English unless given. */
  text?: PickerText;
}

/** Opens the overlay; returns a function that closes it. */
export function openPicker(options: PickerOptions): () => void {
  const text = options.text ?? TEXT;
  const previous = document.activeElement as HTMLElement | null;
  const host = document.createElement('corkboard-picker');
  host.style.cssText = 'all:initial!important;position:fixed!important;inset:0!important;z-index:2147483647!important;display:block!important';
  const root = host.attachShadow({ mode: 'open' });
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    root.append(h('style', {}, CSS));
  }

  let lazy: IntersectionObserver | undefined;
  const close = () => {
    lazy?.disconnect();
    host.remove();
    removeEventListener('keydown', onKey, true);
    previous?.focus?.();
  };
  const closeButton = h('button', { class: 'x', 'aria-label': text.close, type: 'button' }, '×');
  closeButton.onclick = close;
  const tiles: HTMLButtonElement[] = [];
  let body: HTMLElement;
  let title = text.title;
  if (options.nopin !== undefined) {
    title = text.nopinTitle;
    body = h('div', { class: 'm' }, h('p', {}, options.nopin));
  } else if (!options.items?.length) {
    const save = h('button', { class: 's', type: 'button' }, text.saveLink);
    save.onclick = () => {
      close();
      options.onSaveLink();
    };
    body = h('div', { class: 'm' }, h('p', {}, text.none), save);
  } else {
    body = h('div', { class: 'g', role: 'list' });
    // Every tile is a clone of one: cloning copies the fixed attributes natively, cheaper than setting each.
    const proto = h('button', { class: 't', type: 'button', role: 'listitem' }, h('img', { alt: '' }), h('span'));
    // The first screenful (generously counted: columns are at least 180 + 16 px wide, rows 240 + 16 px
    // tall) shows its images at once; the other tiles get theirs as they scroll near. Setting src costs
    // even for an image the page has already loaded, and for 100 tiles it was a fifth of click-to-grid.
    const eager = Math.ceil(innerWidth / 196) * Math.ceil(innerHeight / 256);
    lazy = new IntersectionObserver(
      (entries) => {
        for (const { target, isIntersecting } of entries) {
          if (!isIntersecting) continue;
          const img = target.firstChild as HTMLImageElement;
          img.src = img.dataset.src ?? '';
          lazy?.unobserve(target);
        }
      },
      { rootMargin: '100%' },
    );
    for (const found of options.items.slice(0, MAX_TILES)) {
      const size = `${found.width} × ${found.height}`;
      const tile = proto.cloneNode(true) as HTMLButtonElement;
      const img = tile.firstChild as HTMLImageElement;
      tile.setAttribute('aria-label', `${found.description || found.alt || 'Image'}, ${size}`);
      (tile.lastChild as HTMLElement).textContent = size;
      if (tiles.length < eager) img.src = found.url;
      else {
        img.dataset.src = found.url;
        lazy.observe(tile);
      }
      tile.onclick = () => {
        close();
        options.onChoose(found);
      };
      tiles.push(tile);
      body.append(tile);
    }
  }
  const overlay = h('div', { class: 'o', role: 'dialog', 'aria-modal': 'true', 'aria-label': title }, h('header', {}, h('h2', {}, title), closeButton), body);
  overlay.onclick = (event) => event.target === overlay && close();
  root.append(overlay);

  const focusables = () => Array.from(root.querySelectorAll('button'));
  /** Arrow keys move through the grid by the number of columns it actually has. */
  const columns = () => tiles.filter((tile) => tile.offsetTop === tiles[0]?.offsetTop).length || 1;
  function onKey(event: KeyboardEvent) {
    const active = root.activeElement as HTMLElement | null;
    const all = focusables();
    let next: HTMLElement | undefined;
    if (event.key === 'Escape') {
      close();
    } else if (event.key === 'Tab') {
      // Focus stays inside: wrap at both ends, and come back in from the page.
      const at = active ? all.indexOf(active as HTMLButtonElement) : -1;
      next = all[(at + (event.shiftKey ? -1 : 1) + all.length) % all.length];
      if (at < 0) next = all[0];
    } else if (event.key.startsWith('Arrow') && tiles.length) {
      const at = tiles.indexOf(active as HTMLButtonElement);
      const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns(), ArrowDown: columns() }[event.key] ?? 0;
      next = tiles[at < 0 ? 0 : Math.min(tiles.length - 1, Math.max(0, at + step))];
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    next?.focus();
  }
  addEventListener('keydown', onKey, true);
  document.documentElement.append(host);
  (tiles[0] ?? focusables().pop() ?? closeButton).focus();
  return close;
}
