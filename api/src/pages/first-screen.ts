import type { BoardPageAnswer } from '../boards/contract.js';
import type { BoardFeedAnswer } from '../pins/contract.js';
import { inFirstScreen, tileHost, tileImageAttributes, tileSrcset } from '../pins/rules/tiles.js';
import { escapeHtml } from '../lib/html.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../lib/rules/locales.js';
import { ROOT } from '../lib/paths.js';
import { FIRST_PICTURE_MARK } from './app-after-load.js';
import type { ViewerData } from '../auth/contract.js';

/**
 * A page's first screen (a board's, and home's for a signed-in reader), written by the server into the shell so
 * its pictures are asked for with the HTML instead of after the app's scripts: the site header's links, the
 * page's heading, and its first page of pins as the app's own tiles (the same classes, so the same layout; the
 * same srcset, sizes and box, from pins/rules/tiles.ts, so the browser fetches each picture once). It is what
 * the page is without script: links only. Buttons are the app's; the rows of the Follow and More actions
 * buttons keep their space. The app draws the page hidden beside it and takes its place once its own first
 * tiles are decoded (popup/src/first-screen.ts), so the swap is one frame: the same pictures, the same boxes.
 * Words come from the app's own catalogue files (locales/<lang>/*.json): one set of words.
 */

/** The app's catalogue files, as the app reads them (locales/<lang>/<file>.json), each read once. */
const catalogues = new Map<string, Record<string, unknown>>();
function catalogue(locale: Locale, file: string): Record<string, unknown> {
  const key = `${locale}/${file}`;
  let words = catalogues.get(key);
  if (!words) {
    try {
      words = JSON.parse(readFileSync(join(ROOT, 'locales', locale, `${file}.json`), 'utf8')) as Record<string, unknown>;
    } catch {
      words = {};
    }
    catalogues.set(key, words);
  }
  return words;
}
const lookUp = (locale: Locale, file: string, path: string) => {
  const found = path
    .split('.')
    .reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), catalogue(locale, file));
  return typeof found === 'string' ? found : undefined;
};

/** A word of the app's catalogue (`app` `pages.home`), in the language, else in English (as the app falls back), escaped for HTML; `{{name}}`s filled in, escaped too. */
function word(locale: Locale, file: string, path: string, names: Record<string, string> = {}): string {
  const text = lookUp(locale, file, path) ?? lookUp('en', file, path) ?? path;
  return escapeHtml(text).replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in names ? names[name]! : all));
}
/** Each language's plural rules and number format, made once: each costs more to make than a page's other words. */
const numbering = new Map<Locale, { plural: Intl.PluralRules; number: Intl.NumberFormat }>();
function numberingOf(locale: Locale) {
  let found = numbering.get(locale);
  if (!found) numbering.set(locale, (found = { plural: new Intl.PluralRules(locale), number: new Intl.NumberFormat(locale) }));
  return found;
}

/** A counted word by the language's plural rules (`pins_one`, `pins_few`…, else `pins_other`), `{{count}}` as the language writes numbers. */
function counted(locale: Locale, file: string, path: string, count: number): string {
  const { plural, number } = numberingOf(locale);
  const form = plural.select(count);
  const chosen = lookUp(locale, file, `${path}_${form}`) !== undefined ? `${path}_${form}` : `${path}_other`;
  return word(locale, file, chosen, { count: number.format(count) });
}

type Pin = BoardFeedAnswer['pins'][number];

/** One tile as the app's PinTiles draws it (place/Feed.tsx), for a pin with its renditions; others as the app's boxes. */
function tile(pin: Pin, index: number, count: number, locale: Locale): string {
  const image = pin.images?.['236x'];
  const title = pin.title || pin.description || '';
  const label = title ? escapeHtml(title) : word(locale, 'app', 'pages.pin');
  let picture: string;
  if (image?.width && image.height && pin.images) {
    const a = tileImageAttributes(index, count, image);
    picture = `<img src="${escapeHtml(image.url)}" srcset="${escapeHtml(tileSrcset(pin.images))}" sizes="${a.sizes}" alt="${label}" width="${a.width}" height="${a.height}" loading="${a.loading}" fetchpriority="${a.fetchpriority}" decoding="${a.decoding}"${a.loading === 'eager' ? ` elementtiming="${FIRST_PICTURE_MARK}"` : ''}>`;
    // Below the first screen, a box of the picture's shape until the app draws the picture; a reader without
    // script gets the picture itself (a <noscript> is only text where script runs, so nothing is fetched).
    if (!inFirstScreen(index, count))
      picture = `<svg class="tile-wait" viewBox="0 0 ${a.width} ${a.height}" role="img" aria-label="${label}"></svg><noscript>${picture}</noscript>`;
  } else if (pin.image_url) picture = `<span class="pin-pending" role="img" aria-label="${label}"></span>`;
  else picture = `<span class="tile-card" aria-hidden="true">${escapeHtml(title || tileHost(pin.link))}</span>`;
  const host = image || pin.image_url || title ? tileHost(pin.link) : '';
  const shown = image || pin.image_url ? ' aria-hidden="true"' : '';
  return `<li><a class="tile" href="/pin/${escapeHtml(pin.id)}/">${picture}${title ? `<span class="tile-title"${shown}>${escapeHtml(title)}</span>` : ''}${host ? `<span class="tile-host">${escapeHtml(host)}</span>` : ''}</a></li>`;
}

/** The site header's links as the app draws them for everyone (the viewer's own links are the app's to add). */
function header(locale: Locale): string {
  const app = (key: string) => word(locale, 'app', `pages.${key}`);
  return `<header class="site-header"><nav aria-label="${app('site')}"><a class="site-home" href="/"><span class="site-mark" aria-hidden="true"></span>${app('home')}</a><div class="site-links"><a href="/search/pins/">${app('search')}</a><a href="/bookmarklet">${app('getBookmarklet')}</a></div></nav></header>`;
}

/** A first screen: the header and the page's main, in the element the app takes over. */
function screen(locale: Locale, main: string): string {
  return `<div id="first-screen">${header(locale)}<div class="page-body">${main}</div></div>`;
}

/** A first page of pins as the app's grid. */
function grid(pins: Pin[], locale: Locale): string {
  return `<ul class="pin-grid">${pins.map((pin, i) => tile(pin, i, pins.length, locale)).join('')}</ul>`;
}

/** The board page's first screen (see above). */
export function boardFirstScreen(board: BoardPageAnswer, feed: BoardFeedAnswer, locale: Locale, owner: boolean): string {
  const ownerName = escapeHtml(board.owner.full_name || board.owner.username);
  const byOwner = word(locale, 'pages', 'byOwner', { owner: `<a href="/${escapeHtml(board.owner.username)}/">${ownerName}</a>` });
  const privacy =
    board.privacy === 'public'
      ? ''
      : `<span class="privacy">${board.privacy === 'secret' ? word(locale, 'app', 'picker.secret') : word(locale, 'pages', 'protectedBoard')}</span>`;
  const sections = board.sections.length
    ? `<nav aria-label="${word(locale, 'pages', 'sections')}"><h2>${word(locale, 'pages', 'sections')}</h2><ul class="board-sections">${board.sections
        .map(
          (s) =>
            `<li><a href="${escapeHtml(s.url)}"><span class="section-title">${escapeHtml(s.title)}</span> <span class="section-count">${counted(locale, 'app', 'picker.pins', s.pin_count)}</span></a></li>`,
        )
        .join('')}</ul></nav>`
    : '';
  // Anyone but the owner gets the app's "More actions" (Report) under the heading: its row is held, unseen.
  const held = `<p class="actions"><button type="button" class="secondary held" tabindex="-1" aria-hidden="true">${word(locale, 'report', 'moreActions')}</button></p>`;
  const heading = `<header class="board-header"><h1>${escapeHtml(board.name)}</h1><p class="board-meta"><span>${byOwner}</span><span class="pin-count">${counted(locale, 'app', 'picker.pins', board.pin_count)}</span>${privacy}</p>${board.privacy === 'public' ? '<p class="board-follow"></p>' : ''}${board.description ? `<p class="description">${escapeHtml(board.description)}</p>` : ''}${owner ? '' : held}</header>`;
  return screen(locale, `<main class="board-page">${heading}${sections}<section>${grid(feed.pins, locale)}</section></main>`);
}

/**
 * Home's first screen for a signed-in viewer, as the app's Home draws it (place/HomePage.tsx): the greeting, the
 * search of their own pins (its box held, not yet live: what is typed there would be lost when the app takes
 * over) and the first page of the feed of what they follow. The sections below it are the app's.
 */
export function homeFirstScreen(viewer: Extract<ViewerData, { type: 'AUTH' }>, feed: { pins: Pin[] }, locale: Locale): string {
  const name = escapeHtml(viewer.user.full_name || viewer.user.username);
  const greeting = viewer.user.pin_count === 0 ? word(locale, 'site', 'welcomeName', { name }) : word(locale, 'app', 'auth.welcomeBackName', { name });
  const search = `<section class="home-section my-search" aria-label="${word(locale, 'place-search', 'mineHeading')}"><h2>${word(locale, 'place-search', 'mineHeading')}</h2><search class="search-form"><form><label for="first-screen-search">${word(locale, 'place-search', 'mineLabel')}</label> <input id="first-screen-search" type="search" placeholder="${word(locale, 'place-search', 'minePlaceholder')}" disabled></form></search></section>`;
  const following = `<section class="home-section following-feed" aria-label="${word(locale, 'place-feed', 'feedHeading')}"><h2>${word(locale, 'place-feed', 'feedHeading')}</h2>${grid(feed.pins, locale)}</section>`;
  return screen(
    locale,
    `<main class="board-page"><h1>${greeting}</h1><p class="hint home-signed-in">${word(locale, 'pages', 'loggedInAs', { name })}</p>${search}${following}</main>`,
  );
}
