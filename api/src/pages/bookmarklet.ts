import { loaderCode, loaderHref } from '../../../bookmarklet/src/loader.js';
import { DEFAULT_BRAND } from '../lib/brand.js';
import { escapeHtml } from '../lib/html.js';

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

/** `stylesheet`: the popup's hashed stylesheet (the install page shares its look). */
export function installPage(productOrigin: string, stylesheet = '/css/popup.css', brandName = DEFAULT_BRAND): string {
  const brand = escapeHtml(brandName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Save to ${brand} from any page</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main class="page bookmarklet-install">
<h1>Save to ${brand} from any page</h1>
<p>The ${brand} bookmarklet finds the images on the page you are reading, lets you pick one, and saves it to one of your boards with a link back to the page.</p>
<h2>Install it</h2>
<p>Drag this button to your bookmarks bar:</p>
<p><a class="primary" id="bookmarklet" href="${escapeHtml(loaderHref(productOrigin))}">Save to ${brand}</a></p>
<p>On any page, click it in your bookmarks bar. If the page does not let scripts from other sites run, the popup opens with the page's link and finds the images itself.</p>
<h2>Try it here</h2>
<p>This button does what the bookmarklet does, on this page:</p>
<p><button type="button" class="primary" id="try-bookmarklet">Try it</button></p>
<img src="/img/bookmarklet-sample.png" width="300" height="450" alt="A lemon tart on a linen cloth">
</main>
<script src="/js/bookmarklet-try.js"></script>
</body>
</html>`;
}

/** The "try it" button runs the loader itself, so the sample behaves exactly as the bookmark will. */
export function tryScript(productOrigin: string): string {
  return `document.getElementById('try-bookmarklet').addEventListener('click',function(){${loaderCode(productOrigin)}});`;
}
