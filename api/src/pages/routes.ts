import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import type { Config } from '../config.js';
import { ApiError } from '../lib/errors.js';
import { ownPinId } from '../../../bookmarklet/src/images.js';
import { INSTALL_CSP, installPage, tryScript } from './bookmarklet.js';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** Built files we serve, and how: third-party pages load the embed scripts, so those are CORP cross-origin. */
const BUILT: Record<string, { path: string; type: string; crossOrigin: boolean }> = {
  'pinit.js': { path: 'js/pinit.js', type: 'text/javascript; charset=utf-8', crossOrigin: true },
  'bookmarklet.js': { path: 'js/bookmarklet.js', type: 'text/javascript; charset=utf-8', crossOrigin: true },
  'popup.js': { path: 'js/popup.js', type: 'text/javascript; charset=utf-8', crossOrigin: false },
  'popup.css': { path: 'css/popup.css', type: 'text/css; charset=utf-8', crossOrigin: false },
};

/** saving.md section 2.3: the methods a pin-create popup may be opened with. */
export const CREATE_METHODS = ['create', 'button', 'bookmarklet', 'scraped', 'uploaded'] as const;

const POPUP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // The pin preview shows the publisher's image from wherever it lives.
  "img-src 'self' https: http: data: blob:",
  // A video preview (saving.md 2.1) plays the publisher's file where it lives; no data: or blob: media.
  "media-src 'self' https: http:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Corkboard</title>
<link rel="stylesheet" href="/css/popup.css">
<script type="module" src="/js/popup.js"></script>
</head>
<body><div id="app"></div></body>
</html>`;

/** First path segments of the API and of our files: never a board page, even for a user of that name. */
const RESERVED_FIRST_SEGMENTS = new Set(['resource', 'v3', 'ads', 'media', 'js', 'css', 'img', 'dev']);

const SAMPLE_IMAGE = fileURLToPath(new URL('../../../bookmarklet/assets/sample.png', import.meta.url));

/** The pin id when a URL is one of our own pin pages (`/pin/{id}/`, optionally under `/amp`). */
export function ownPinOf(url: string | undefined, publicOrigin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.origin === publicOrigin ? ownPinId(parsed.pathname) : null;
  } catch {
    return null;
  }
}

/** The popup app's pages, the bookmarklet install page and the built scripts. */
export function pageRoutes(config?: Pick<Config, 'publicOrigin'>): Hono {
  const routes = new Hono();
  const productOrigin = (c: Context) => config?.publicOrigin ?? new URL(c.req.url).origin;

  const shell = (c: Context) => {
    c.header('Content-Security-Policy', POPUP_CSP);
    // The popup talks back to the page that opened it; a same-origin opener policy would cut that link.
    c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-store');
    return c.html(SHELL);
  };

  routes.get('/', shell);
  routes.get('/login', shell);
  routes.get('/signup', shell);
  // Account switching, the business log-in page (auth.md section 2).
  routes.get('/add-account', shell);
  routes.get('/business/login/', shell);
  // The forgot-password form and, with ?token=, the new-password form: the token must not leak in a Referer.
  routes.get('/password/reset/', (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return shell(c);
  });
  routes.get('/pin/create/:method/', (c) => {
    if (!(CREATE_METHODS as readonly string[]).includes(c.req.param('method'))) throw new ApiError('not_found');
    // saving.md section 2.3: saving one of our own pin pages is a repin of that pin.
    const repinOf = config && ownPinOf(c.req.query('url'), config.publicOrigin);
    if (repinOf) return c.redirect(`/pin/${repinOf}/repin/x/`, 302);
    return shell(c);
  });
  routes.get('/pin/:id{[0-9]+}/', shell);
  // Where the bookmarklet sends our own pin pages and data-pin-id images (saving.md section 2.3).
  routes.get('/pin/:id{[0-9]+}/repin/x/', shell);
  // The mobile picker's create pages (saving.md section 2.3).
  routes.get('/board/create/', shell);
  routes.get('/board/:id{[0-9]+}/create_section/', shell);

  // The advertiser area (advertiser.md section 2): which advertiser a viewer may see is the API's answer.
  routes.get('/business/convert/', shell);
  routes.get('/business/convert', shell);
  routes.get('/offsite/', shell);
  routes.get('/billing/', shell);
  routes.get('/advertiser', shell);
  routes.get('/advertiser/*', shell);
  routes.get('/bookmarklet', (c) => {
    c.header('Content-Security-Policy', INSTALL_CSP);
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-cache');
    return c.html(installPage(productOrigin(c)));
  });
  routes.get('/js/bookmarklet-try.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('Cache-Control', 'no-cache');
    return c.body(tryScript(productOrigin(c)));
  });
  routes.get('/img/bookmarklet-sample.png', async (c) => {
    c.header('Content-Type', 'image/png');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await readFile(SAMPLE_IMAGE)));
  });

  const serveBuilt = async (c: Context, name: string) => {
    const file = Object.hasOwn(BUILT, name) ? BUILT[name] : undefined;
    if (!file) throw new ApiError('not_found');
    let body: Buffer;
    try {
      body = await readFile(DIST + file.path);
    } catch {
      throw new ApiError('not_found', `${name} is not built; run npm run build.`);
    }
    c.header('Content-Type', file.type);
    c.header('Cross-Origin-Resource-Policy', file.crossOrigin ? 'cross-origin' : 'same-origin');
    if (file.crossOrigin) c.header('Access-Control-Allow-Origin', '*');
    c.header('Cache-Control', file.crossOrigin ? 'public, max-age=300' : 'no-cache');
    return c.body(new Uint8Array(body));
  };
  routes.get('/js/:file', (c) => serveBuilt(c, c.req.param('file')));
  // Lazy chunks of the popup bundle (the strength estimator): hashed names, so they may be cached for long.
  routes.get('/js/chunks/:file{[A-Za-z0-9_-]+\\.js}', async (c) => {
    let body: Buffer;
    try {
      body = await readFile(`${DIST}js/chunks/${c.req.param('file')}`);
    } catch {
      throw new ApiError('not_found');
    }
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(body));
  });
  routes.get('/css/:file', (c) => serveBuilt(c, c.req.param('file')));
  // A user's page, where an account switch lands (/{username}); after every fixed path above.
  routes.get('/:username{[a-z0-9_]{3,30}}', shell);
  // saving.md 2.2: profile URLs have the shape /{username}/ (the board page links its owner there).
  routes.get('/:username{[a-z0-9_]{3,30}}/', shell);
  // A board's page, /{username}/{slug}/, and a section's, /{username}/{slug}/{section}/ (saving.md 2.2,
  // PickerBoard.url, the invite mails). The same shell for everyone: whether the board may be seen is
  // BoardResource get's answer, so neither the status nor the page tells a secret board from none.
  const boardPage = (c: Context) => {
    if (RESERVED_FIRST_SEGMENTS.has(c.req.param('username')?.toLowerCase() ?? '')) throw new ApiError('not_found');
    const url = new URL(c.req.url);
    // One address per board: /Demo/Recipes/ is /demo/recipes/.
    if (/[A-Z]/.test(url.pathname)) return c.redirect(url.pathname.toLowerCase() + url.search, 301);
    return shell(c);
  };
  routes.get('/:username{[A-Za-z0-9_]{1,32}}/:slug{[A-Za-z0-9-]{1,100}}/', boardPage);
  routes.get('/:username{[A-Za-z0-9_]{1,32}}/:slug{[A-Za-z0-9-]{1,100}}/:section{[A-Za-z0-9-]{1,100}}/', boardPage);

  return routes;
}
