import { startHover } from '../hover';
import { label, SAVE } from '../labels';
import { followUrl, readImage, readPinLink, type PinRequest } from '../markup';
import { POPUP_FEATURES } from '../popup';
import { safe } from '../sdk';
import { autoWidth, readWidget, type WidgetSpec } from './markup';
import { drawCount, drawFeed, drawPin, type EmbedFeed, type EmbedPin } from './render';

/**
 * The widgets' engine (docs/decisions.md, "Embeds"), shared by pinit-widgets.js and the ESM build:
 * it finds widget and count markup, asks for all of it in one request per batch (everything found in
 * the same task), draws what the answer has and leaves every other link as the publisher wrote it.
 */
export interface WidgetContext {
  origin: string;
  lang: string;
  save(target: Element, request: PinRequest & { id?: string }): void;
}

/** api/src/embeds/routes.ts: MAX_EMBEDS widgets and MAX_COUNTS counts a request, count URLs up to COUNT_URL_MAX. */
const MAX_EMBEDS = 20;
const MAX_COUNTS = 20;
const COUNT_URL_MAX = 500;

const EMBEDS = 'a[data-pin-do^=embed]';
/** The bubbles pinit.js draws room for; any other data-pin-count (pinit.js's `none`) shows none. */
const COUNTED = 'a[data-pin-count=above],a[data-pin-count=beside]';
const LISTS = { embedPin: 'pins', embedBoard: 'boards', embedUser: 'users' } as const;

interface Answer {
  pins: Record<string, EmbedPin | null>;
  boards: Record<string, EmbedFeed | null>;
  users: Record<string, EmbedFeed | null>;
  counts: Record<string, number>;
}

export type Item = Element | Document | [HTMLElement, Element];

export function createWidgets(ctx: WidgetContext, doc: Document = document) {
  const roots = new WeakSet<Node>();
  const drawn: Array<[HTMLElement, Element]> = [];
  let seen = new WeakSet<Element>();
  const counts = new Map<string, number>();
  /** Count bubbles waiting for their number, by URL. */
  const waiting = new Map<string, HTMLElement[]>();
  /** Count URLs already asked for (answered or on their way): each is asked once. */
  const asked = new Set<string>();
  const askCount = (url: string) => {
    if (!asked.has(url)) asked.add(url), pending().counts.add(url);
  };
  let batch: { widgets: Array<[Element, WidgetSpec]>; counts: Set<string> } | null = null;
  let stopHover: (() => void) | undefined;

  const inWidget = (node: unknown): node is Element => node instanceof Element && roots.has(node.getRootNode());
  const hover = () =>
    (stopHover ??= startHover(doc, label(ctx.lang, SAVE), {}, (img) => ctx.save(img, readImage(img, doc)), safe, {
      target: (event) => {
        const real = event.composedPath()[0];
        return inWidget(real) ? real : event.target;
      },
      accept: inWidget,
    }));

  const pending = () => {
    if (!batch) {
      batch = { widgets: [], counts: new Set() };
      queueMicrotask(() => void flush());
    }
    return batch;
  };

  const ask = async (widgets: Array<[Element, WidgetSpec]>, urls: string[]): Promise<Answer | null> => {
    const options = { pins: [] as string[], boards: [] as string[], users: [] as string[], counts: urls };
    for (const [, spec] of widgets) {
      const list = options[LISTS[spec.kind]];
      if (!list.includes(spec.key)) list.push(spec.key);
    }
    const query = encodeURIComponent(JSON.stringify({ options }));
    const res = await fetch(`${ctx.origin}/resource/EmbedsResource/get/?data=${query}`, { credentials: 'omit' });
    return res.ok ? ((await res.json()) as { resource_response: { data: Answer } }).resource_response.data : null;
  };

  const draw = (link: Element, spec: WidgetSpec, answer: Answer) => {
    if (!link.isConnected) return;
    const found = answer[LISTS[spec.kind]][spec.key];
    // Secret, protected, archived or missing: the publisher's link stays as it was.
    if (!found) return;
    const made =
      spec.kind === 'embedPin'
        ? drawPin(spec, found as EmbedPin)
        : drawFeed(spec, found as EmbedFeed, spec.width ?? autoWidth(link.parentElement), () => {
            // Follows are of people: a board's Follow follows its owner, through the same flow as buttonFollow.
            const url = followUrl(ctx.origin, spec.kind === 'embedBoard' ? `/${spec.key.split('/')[0]}/` : spec.path);
            if (url) window.open(url, 'corkboard_follow', POPUP_FEATURES);
          });
    roots.add(made.shadow);
    link.replaceWith(made.host);
    drawn.push([made.host, link]);
    hover();
  };

  const flush = safe(async () => {
    const current = batch;
    batch = null;
    if (!current) return;
    const urls = [...current.counts];
    // One request for a page's widgets; only a page past the bounds of one request makes more.
    for (let w = 0, c = 0; w < current.widgets.length || c < urls.length; w += MAX_EMBEDS, c += MAX_COUNTS) {
      const widgets = current.widgets.slice(w, w + MAX_EMBEDS);
      const some = urls.slice(c, c + MAX_COUNTS);
      const answer = await ask(widgets, some).catch(() => null);
      for (const url of some) {
        counts.set(url, answer?.counts[url] ?? 0);
        for (const host of waiting.get(url) ?? []) showCount(host, url);
        waiting.delete(url);
      }
      if (answer) for (const [link, spec] of widgets) safe(draw)(link, spec, answer);
    }
  });

  const showCount = (host: HTMLElement, url: string) => {
    const count = counts.get(url);
    if (count !== undefined) return drawCount(host, count, ctx.lang);
    waiting.set(url, [...(waiting.get(url) ?? []), host]);
    askCount(url);
  };

  const countUrl = (link: Element) => {
    const url = readPinLink(link, doc).url;
    return url.length <= COUNT_URL_MAX ? url : null;
  };

  const add = safe((item: Item) => {
    if (Array.isArray(item)) {
      const [host, link] = item;
      if (!link.matches(COUNTED)) return;
      const url = countUrl(link);
      if (url) showCount(host, url);
      return;
    }
    const within = (selector: string) => [...(item instanceof Element && item.matches(selector) ? [item] : []), ...item.querySelectorAll(selector)];
    for (const link of within(EMBEDS)) {
      if (seen.has(link)) continue;
      seen.add(link);
      const spec = readWidget(link, ctx.lang);
      if (spec) pending().widgets.push([link, spec]);
    }
    // Buttons pinit.js has not drawn yet: their counts come in the same request.
    for (const link of within(COUNTED)) {
      const url = countUrl(link);
      if (url) askCount(url);
    }
  });

  return {
    add,
    /** Every widget back to the publisher's link, and the hover Save gone. */
    destroy: safe(() => {
      for (const [host, link] of drawn.splice(0)) host.replaceWith(link);
      stopHover?.();
      stopHover = undefined;
      seen = new WeakSet();
    }),
  };
}

export type Widgets = ReturnType<typeof createWidgets>;
