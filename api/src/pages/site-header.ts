import type { WordKey } from './words.js';

/**
 * The site header the app draws above every page, for the pages the server writes without script (the
 * Save tools, the legal pages, the API reference): the way home, to search and to the Save tools. It carries
 * no viewer's links, as these pages ask no session. `here` marks the page the reader is on.
 */
export function siteHeader(t: (key: WordKey) => string, here?: '/bookmarklet'): string {
  const current = (path: string) => (path === here ? ' aria-current="page"' : '');
  return `<header class="site-header">
<nav aria-label="${t('navSite')}">
<a class="site-home" href="/"><span class="site-mark" aria-hidden="true"></span>${t('navHome')}</a>
<a href="/search/pins/">${t('navSearch')}</a>
<a href="/bookmarklet"${current('/bookmarklet')}>${t('navSaveTools')}</a>
</nav>
</header>`;
}
