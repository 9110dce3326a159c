import { renderButton } from './button';
import { startHover } from './hover';
import { CLOSE, FOLLOW, label, SAVE } from './labels';
import {
  attr,
  followUrl,
  kindOf,
  pageSays,
  pickDescription,
  readImage,
  readLook,
  readPinLink,
  selectedText,
  type Kind,
  type PinRequest,
  type Settings,
} from './markup';
import { findImages, showPicker } from './picker';
import { POPUP_FEATURES, save, type SaveOutcome } from './popup';

/** The programmatic API, on window.PinUtils (or the name in data-pin-util). */
export interface PinUtils {
  pinOne(request: Partial<PinRequest> & { id?: string }): void;
  pinAny(): void;
  build(root?: Element | Document): void;
  destroy(): void;
}

const LINKS = 'a[data-pin-do],a[href*="/pin/create/button/"]';
/** Markup only the widget script (pinit-widgets.js) draws: embedded pins, boards and profiles, count bubbles. */
const WIDGETS = 'a[data-pin-do^=embed],a[data-pin-count]';

/**
 * What pinit.js hands the widget script (docs/decisions.md, "Embeds"): its origin and settings, its own
 * save (so a save from a widget is announced as any other), and the queue of roots and counted buttons
 * it found; the widget script takes the queue over and sets `destroy`.
 */
export interface WidgetHandoff {
  origin: string;
  settings: Settings;
  save(target: Element, request: PinRequest & { id?: string }): void;
  queue: Array<Element | Document | [HTMLElement, Element]>;
  destroy?: () => void;
}
export const HANDOFF = '__corkboard_widgets';

/** Nothing we do may throw into the host page: every entry point and listener goes through this. */
export function safe<T extends unknown[]>(fn: (...args: T) => void): (...args: T) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch (error) {
      console.warn('[corkboard]', error);
    }
  };
}

export function createSdk(productOrigin: string, settings: Settings, doc: Document): PinUtils {
  const undo: Array<() => void> = [];
  let seen = new WeakSet<Element>();
  const globals = window as unknown as Record<string, unknown>;
  // Selected text is read on pointerdown: by the click, pressing a button may have cleared it.
  let selection = '';
  const onPointerDown = () => (selection = selectedText());
  doc.addEventListener('pointerdown', onPointerDown, true);
  undo.push(() => doc.removeEventListener('pointerdown', onPointerDown, true));
  const selected = () => selectedText() || selection;

  /** Tells the page: a `corkboard:save` event, and the data-pin-error callback on failures. */
  const announce = (target: Element, outcome: SaveOutcome) => {
    (target.isConnected ? target : doc).dispatchEvent(new CustomEvent('corkboard:save', { bubbles: true, composed: true, detail: outcome }));
    const onError = globals[settings.error];
    if (outcome.status === 'error' && typeof onError === 'function') safe(onError as (o: SaveOutcome) => void)(outcome);
  };
  const saveFrom = (target: Element, method: string, request: PinRequest & { id?: string }, lang = settings.lang) =>
    void save(productOrigin, method, { ...request, lang }).then(safe((outcome: SaveOutcome) => announce(target, outcome)));

  // The widget script comes in the first time the page has widget markup: buttons pay nothing for it.
  let handoff: WidgetHandoff | undefined;
  const widgets = (item: WidgetHandoff['queue'][number]) => {
    if (!handoff) {
      globals[HANDOFF] = handoff = { origin: productOrigin, settings, save: (target, request) => saveFrom(target, 'button', request), queue: [] };
      const script = doc.createElement('script');
      script.src = `${productOrigin}/js/pinit-widgets.js`;
      doc.head.append(script);
      undo.push(() => handoff?.destroy?.());
    }
    handoff.queue.push(item);
  };

  /** buttonBookmark and pinAny(): the user picks an image; with none to pick, the popup finds one. */
  const pinAny = (target: Element, source = target) => {
    const request = readPinLink(source, doc, selected());
    const found = pageSays(doc, 'nopin') ? [] : findImages(doc);
    const lang = readLook(source, settings).lang;
    if (!found.length) return saveFrom(target, 'button', { ...request, media: '' }, lang);
    showPicker(doc, found, { save: label(lang, SAVE), close: label(lang, CLOSE) }, (chosen) => {
      const image = readImage(chosen.img, doc, selected());
      saveFrom(target, 'button', { ...image, url: chosen.img.getAttribute('data-pin-url') || request.url }, lang);
    });
  };

  /** A click on a button (target) made from a link (source: detached, its attributes still readable). */
  const act = (target: Element, source: Element, kind: Kind) => {
    if (kind === 'pin') saveFrom(target, 'button', readPinLink(source, doc, selected()), readLook(source, settings).lang);
    else if (kind === 'bookmark') pinAny(target, source);
    else {
      const url = followUrl(productOrigin, source.getAttribute('href') ?? '');
      if (url) window.open(url, 'corkboard_follow', POPUP_FEATURES);
    }
  };

  const decorate = (link: Element) => {
    const kind = kindOf(link);
    if (!kind || seen.has(link)) return;
    seen.add(link);
    const look = readLook(link, settings);
    if (look.custom) {
      // data-pin-custom: the publisher draws the button; we only handle its clicks.
      const onClick = safe((event: Event) => {
        event.preventDefault();
        act(link, link, kind);
      });
      link.addEventListener('click', onClick);
      undo.push(() => link.removeEventListener('click', onClick));
      return;
    }
    const text = kind === 'follow' ? link.textContent?.trim() || label(look.lang, FOLLOW) : look.save ? label(look.lang, SAVE) : 'Pin it';
    const [host, button] = renderButton(
      text,
      { ...look, color: look.save || look.color !== 'red' ? look.color : 'gray' },
      safe(() => act(host, link, kind)),
    );
    // A link that had the focus (Tab scrolled it near) hands it to its button.
    const focused = doc.activeElement === link;
    link.replaceWith(host);
    if (focused) button.focus();
    // data-pin-count above/beside: room for the bubble now (nothing shifts later), its number from the widget script.
    const count = attr(link, 'count');
    if (count) {
      host.setAttribute('data-count', count);
      widgets([host, link]);
    }
    undo.push(() => host.replaceWith(link));
  };

  // Links become buttons as they come within a screen of the view: a long page pays at load only for
  // what is near the view, and the rest costs a few buttons per scroll.
  // The links that came near are swapped for buttons together, just before the next frame's style and
  // layout: the host page lays out once for the lot, never between our writes.
  const due: Element[] = [];
  const flush = safe(() => due.splice(0).forEach(decorate));
  const near = new IntersectionObserver(
    safe((entries: IntersectionObserverEntry[]) => {
      for (const entry of entries)
        if (entry.isIntersecting) {
          near.unobserve(entry.target);
          if (due.push(entry.target) === 1) requestAnimationFrame(flush);
        }
    }),
    { rootMargin: '100%' },
  );
  const build = safe((root: Element | Document = doc) => {
    if (root instanceof Element && root.matches(LINKS)) near.observe(root);
    for (const link of root.querySelectorAll(LINKS)) near.observe(link);
    if ((root instanceof Element && root.matches(WIDGETS)) || root.querySelector(WIDGETS)) widgets(root);
  });

  if (settings.hover) {
    const lang = settings.lang;
    undo.push(startHover(doc, settings.save ? label(lang, SAVE) : 'Pin it', settings, (img) => saveFrom(img, 'button', readImage(img, doc, selected())), safe));
  }

  // Single-page apps: new Save links are decorated as they arrive, one batch per mutation delivery.
  const observer = new MutationObserver(
    safe((records: MutationRecord[]) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes)) if (node instanceof Element && !node.hasAttribute('data-corkboard')) build(node);
    }),
  );

  const api: PinUtils = {
    pinOne: safe((request) => {
      const page = readPinLink(doc.documentElement, doc, selected());
      saveFrom(doc.documentElement, 'button', {
        url: request.url || page.url,
        media: request.media ?? '',
        description: pickDescription(request.description, page.description),
        id: request.id ?? '',
      });
    }),
    pinAny: safe(() => pinAny(doc.documentElement)),
    build,
    destroy: safe(() => {
      observer.disconnect();
      near.disconnect();
      due.length = 0;
      for (const step of undo.splice(0).reverse()) step();
      seen = new WeakSet();
    }),
  };
  build();
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return api;
}
