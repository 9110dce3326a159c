import { loaderCode, loaderHref } from '../../../bookmarklet/src/loader.js';
import { DEFAULT_BRAND } from '../lib/rules/brand.js';
import { escapeHtml } from '../lib/html.js';
import { dirOf, type Locale } from '../lib/rules/locales.js';
import { siteHeader } from './site-header.js';
import { htmlWordsOf } from './words.js';

/**
 * The bookmarklet install page at /bookmarklet: what it does, the link to drag to the bookmarks bar,
 * and a "try it here" sample. Server-rendered, every interpolated value escaped, no inline script:
 * the sample's button is wired by /js/bookmarklet-try.js, which runs the very loader the link holds.
 */
export const INSTALL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // The picker shows the sample image; the popup opens in its own window.
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the install page offers the Save extension's zip (dist/corkboard-extension.zip, built by rollup). */
export const EXTENSION_ZIP_PATH = '/extension/corkboard-extension.zip';

/**
 * `stylesheet`: the popup's hashed stylesheet (the install page shares its look); `pagesStylesheet`: the pages' one (the header's wrapping). `extension`: whether the
 * Save extension's zip is built, so the page offers it beside the bookmarklet.
 */
export function installPage(
  productOrigin: string,
  stylesheet = '/css/popup.css',
  brandName = DEFAULT_BRAND,
  locale: Locale = 'en',
  extension = false,
  pagesStylesheet?: string,
): string {
  const t = htmlWordsOf(locale, brandName);
  return `<!doctype html>
<html lang="${locale}" dir="${dirOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('installTitle')}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">${
    pagesStylesheet
      ? `
<link rel="stylesheet" href="${escapeHtml(pagesStylesheet)}">`
      : ''
  }
</head>
<body>
${siteHeader(t, '/bookmarklet')}
<main class="page bookmarklet-install">
<h1>${t('installTitle')}</h1>
<p>${t('installIntro')}</p>
<h2>${t('installHeading')}</h2>
<p>${t('dragPrompt')}</p>
<p><a class="primary" id="bookmarklet" href="${escapeHtml(loaderHref(productOrigin))}">${t('saveTo')}</a></p>
<p>${t('installUsage')}</p>
<h2>${t('tryHeading')}</h2>
<p>${t('tryPrompt')}</p>
<p><button type="button" class="primary" id="try-bookmarklet">${t('tryButton')}</button></p>
<img src="/img/bookmarklet-sample.png" width="300" height="450" alt="${t('sampleAlt')}">${
    extension
      ? `
<section id="extension" aria-labelledby="extension-heading">
<h2 id="extension-heading">${t('extensionHeading')}</h2>
<p>${t('extensionIntro')}</p>
<p><a class="primary" href="${EXTENSION_ZIP_PATH}" download>${t('extensionDownload')}</a></p>
<ul>
<li>${t('extensionChromium')}</li>
<li>${t('extensionFirefox')}</li>
</ul>
</section>`
      : ''
  }
</main>
<script src="/js/bookmarklet-try.js"></script>
</body>
</html>`;
}

/** The "try it" button runs the loader itself, so the sample behaves exactly as the bookmark will. */
export function tryScript(productOrigin: string): string {
  return `document.getElementById('try-bookmarklet').addEventListener('click',function(){${loaderCode(productOrigin)}});`;
}
