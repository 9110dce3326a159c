import { NO_LIMIT, declare } from '../lib/declare.js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Config } from '../config.js';
import { DEFAULT_BRAND } from '../lib/rules/brand.js';
import { ApiError } from '../lib/errors.js';
import { escapeHtml } from '../lib/html.js';
import { dirOf, type Locale } from '../lib/rules/locales.js';
import { safeNext } from '../lib/rules/next.js';
import { DIST, ROOT } from '../lib/paths.js';
import { ownPinId } from '../../../bookmarklet/src/images.js';
import { EXTENSION_ZIP_PATH, INSTALL_CSP, installPage, tryScript } from './bookmarklet.js';
import { builtFiles, sendBuilt, type BuiltFile, type BuiltFiles, type ShellPage } from './built.js';
import { LEGAL_CSP, LEGAL_PAGES, legalPage, type LegalPage } from './legal.js';
import { readerLocale } from './words.js';
import { previewHead } from './head.js';
import { boardFirstScreen, homeFirstScreen } from './first-screen.js';
import { APP_AFTER_LOAD, APP_AFTER_LOAD_CSP, APP_FILES_ID, type AppFiles } from './app-after-load.js';
import type { BoardPageAnswer } from '../boards/contract.js';
import type { BoardFeedAnswer } from '../pins/contract.js';
import { cardKeyOf, type Card, type CardKey } from '../embeds/rules.js';
import { VERIFY_PATH } from '../auth/rules.js';
import { SESSION_COOKIE, type ViewerData } from '../auth/contract.js';
import {
  advertiserOf,
  boardFeedOptions,
  boardPageOptions,
  FIRST_READS_ID,
  homeFeedOptions,
  pickerBoardsOptions,
  resourceGetPath,
} from '../lib/rules/first-reads.js';
import { ADVERTISER_ROUTES, UNPREFIXED_ADVERTISER_PATHS } from '../advertisers/rules/routes.js';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MEMBER_INVITE_PATH } from '../advertisers/members/rules.js';
import { THEME_COLOR } from '../webapp/rules.js';

/** The methods a pin-create popup may be opened with. */
export const CREATE_METHODS = ['create', 'button', 'bookmarklet', 'scraped', 'uploaded', 'extension'] as const;

/** The app's pages' policy; `styles`: the CSP sources of a drawn first screen's inline stylesheets (inlineStyles). */
const popupCsp = (styles: string[] = []) =>
  [
    "default-src 'self'",
    // The loader of a page whose first screen the server drew (app-after-load.ts), by its hash.
    `script-src 'self' ${APP_AFTER_LOAD_CSP}`,
    ['style-src', "'self'", ...styles].join(' '),
    // The pin preview shows the publisher's image from wherever it lives.
    "img-src 'self' https: http: data: blob:",
    // A video preview plays the publisher's file where it lives; no data: or blob: media.
    "media-src 'self' https: http:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
const POPUP_CSP = popupCsp();

/**
 * What the server alone knows of a path, told to the app (App.tsx) in the shell: a miss (404), or an
 * advertiser route asked for without /advertiser/{id}, which the app would otherwise read as a board's path.
 */
type ShellMark = 'not-found' | 'advertiser' | null;

/** What a shell names for its first second: the reads the page opens with, and the save popup's own bundle. */
interface FirstOpen {
  reads?: string[];
  save?: boolean;
  /** The page the app will draw, whose code is named beside the bundle. */
  page?: ShellPage;
  /** The page's first screen, written by the server (first-screen.ts), which the app takes over. */
  screen?: string;
  /** The first reads the server made to draw it (URL → data): the app's, handed over in the page instead of asked again. */
  answered?: Record<string, unknown>;
  /** The stylesheets written into the page (inlineStyles), in place of their links. */
  styles?: string[];
}

/**
 * A drawn first screen's stylesheets, written into its page: a linked stylesheet holds the first paint until
 * it arrives, and on a browser's few connections it came behind the first pictures. Each with its CSP source
 * (its hash), made once per built file; none if a file is missing or could end its element.
 */
const inlined = new WeakMap<BuiltFile, { text: string; source: string } | null>();
function inlineStyles(files: BuiltFiles, hrefs: string[]): { texts: string[]; sources: string[] } | undefined {
  const styles = [];
  for (const href of hrefs) {
    const file = files.files.get(href);
    if (!file) return undefined;
    let style = inlined.get(file);
    if (style === undefined) {
      const text = new TextDecoder().decode(file.identity.body);
      style = /<\/style/i.test(text) ? null : { text, source: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
      inlined.set(file, style);
    }
    if (!style) return undefined;
    styles.push(style);
  }
  return { texts: styles.map((style) => style.text), sources: styles.map((style) => style.source) };
}

/** The stylesheets a shell opens with: the popup's, and the pages' but in the save popup. */
const stylesheetsOf = (popup: BuiltFiles['popup'], save = false) => [popup.css, ...(popup.pages && !save ? [popup.pages] : [])];

/**
 * The app shell: tiny and never cached, it names the popup's hashed files, which are cached for good, and
 * every chunk the bundle imports (modulepreload), so they all come in the one round trip after the HTML.
 * It names the reads the page opens with (api/src/lib/rules/first-reads.ts) for the browser to fetch beside
 * the bundle: each is the viewer's own API answer. Only a page that draws its first screen (first-screen.ts),
 * already the viewer's own and never cached, carries the reads it was drawn from. The save popup's shell
 * (`save`) names its own bundle, and is the same for everyone.
 */
const shellHtml = (popup: BuiltFiles['popup'], brand: string, locale: Locale, mark: ShellMark, head = `<title>${brand}</title>`, first: FirstOpen = {}) => {
  const save = first.save;
  const bundle = save ? popup.save : popup;
  const answered = first.answered ?? {};
  // With a first screen drawn, what the app still reads is asked for at low priority: its pictures go first.
  const later = first.screen ? ' fetchpriority="low"' : '';
  const reads = (first.reads ?? [])
    .filter((href) => !(href in answered))
    .map((href) => `\n<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin${later}>`)
    .join('');
  // A data block, never run (CSP has no say on it); `<` written as \u003c so nothing in it can end the element.
  const data = (id: string, value: unknown) => `\n<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
  const handed = first.answered ? data(FIRST_READS_ID, answered) : '';
  // The page's own chunk too (the app imports it lazily, only after the bundle has run), and the reader's words.
  const modules = [
    ...bundle.imports,
    ...((first.page && popup.areas[first.page]) ?? []),
    ...(popup.locales[locale] ? [popup.locales[locale], popup.errorsEnglish].filter((href) => href !== undefined) : []),
  ];
  // A drawn first screen is seen before the app runs: its files are asked for once the page has loaded (app-after-load.ts).
  const app = first.screen
    ? `${handed}${reads}${data(APP_FILES_ID, { script: bundle.js, modules } satisfies AppFiles)}\n<script>${APP_AFTER_LOAD}</script>`
    : `${reads}\n<script type="module" src="${bundle.js}"></script>${modules.map((href) => `\n<link rel="modulepreload" href="${href}">`).join('')}`;
  const styles = (
    first.styles?.map((text) => `<style>${text}</style>`) ?? stylesheetsOf(popup, save).map((href) => `<link rel="stylesheet" href="${href}">`)
  ).join('\n');
  return `<!doctype html>
<html lang="${locale}" dir="${dirOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<meta name="brand" content="${brand}">
<link rel="manifest" href="/manifest.webmanifest">
<meta name="theme-color" content="${THEME_COLOR}">${mark === 'not-found' ? '\n<meta name="not-found" content="404">' : mark === 'advertiser' ? '\n<meta name="area" content="advertiser">' : ''}
${styles}${first.screen ? '' : app}
</head>
<body>${first.screen ? `${first.screen}<div id="app"></div>${app}` : '<div id="app"></div>'}</body>
</html>`;
};

/** First path segments of the API and of our files: never a board page, even for a user of that name. */
const RESERVED_FIRST_SEGMENTS = new Set([
  'resource',
  'v3',
  'vx',
  'ads',
  'media',
  'js',
  'css',
  'img',
  'dev',
  'health',
  'oauth',
  'advertiser',
  'business',
  'offsite',
  'pin-builder',
  'settings',
  'search',
  'notifications',
  'embed',
  'oembed',
  'admin',
]);

/** The advertiser table's one-segment routes (/history/, /audiences/): left to a user of that name, else not found. */
const ONE_SEGMENT_ADVERTISER_PATHS = new Set(
  Object.values(ADVERTISER_ROUTES)
    .map((route) => route.path)
    .filter((path) => /^\/[a-z0-9_]+\/$/.test(path)),
);

const SAMPLE_IMAGE = `${ROOT}bookmarklet/assets/sample.png`;
/** The Save extension's package, built beside the scripts by rollup.config.mjs. */
const EXTENSION_ZIP = `${DIST}corkboard-extension.zip`;

/** dist/ in memory: one copy per process, whatever the number of apps (tests make many). */
let loaded: { reload: boolean; get: () => BuiltFiles } | undefined;
export function loadedBuilt(reload: boolean): () => BuiltFiles {
  if (loaded?.reload !== reload) loaded = { reload, get: builtFiles(DIST, reload) };
  return loaded.get;
}

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

/**
 * What the pages of pins, boards and profiles need to write their link preview's head (head.ts): the
 * card a logged-out stranger may see (embeds/cards.ts), and the API's turns, which those reads take.
 */
export interface Previews {
  card(key: CardKey): Promise<Card | null>;
  turn: MiddlewareHandler;
  /** A read of the API as the request's viewer (their cookie, their address), through the whole app: its data, or undefined when refused. */
  read?(c: Context, path: string): Promise<unknown>;
}

/** A first screen, in the reader's language, and the reads it was drawn from. */
interface Drawn {
  draw: (locale: Locale) => string;
  answered: Record<string, unknown>;
}

/** How long a page waits for its first screen's reads; past it, the shell goes without (the app reads them itself). */
const FIRST_SCREEN_BUDGET_MS = 250;

/**
 * A page's first reads made by the server as the viewer, the very reads the app opens with (their guards
 * and limits included), within the first screen's budget: their data, or undefined when any is refused or late.
 */
async function readWithin(previews: Previews | undefined, c: Context, paths: string[]): Promise<unknown[] | undefined> {
  const read = previews?.read;
  if (!read) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), FIRST_SCREEN_BUDGET_MS);
  });
  const answers = Promise.all(paths.map((path) => read(c, path))).catch(() => undefined);
  const got = await Promise.race([answers, late]);
  clearTimeout(timer);
  return got?.every((answer) => answer !== undefined) ? got : undefined;
}

/** A board's first screen (first-screen.ts), for a board a stranger may see; none for any other. */
async function boardScreen(previews: Previews, c: Context, path: string, card: Card | null): Promise<Drawn | undefined> {
  const paths = pageReads(path, card);
  if (paths.length < 3) return undefined;
  const [viewer, board, feed] = ((await readWithin(previews, c, paths)) ?? []) as [ViewerData?, BoardPageAnswer?, BoardFeedAnswer?];
  if (!viewer || !board || !feed) return undefined;
  const owner = viewer.type === 'AUTH' && viewer.user.id === board.owner.id;
  return { draw: (locale) => boardFirstScreen(board, feed, locale, owner), answered: { [paths[0]!]: viewer, [paths[1]!]: board, [paths[2]!]: feed } };
}

/** Home's first screen (first-screen.ts), for a signed-in viewer whose feed has pins; none for anyone else. */
async function homeScreen(previews: Previews | undefined, c: Context, paths: string[]): Promise<Drawn | undefined> {
  const [viewer, feed] = ((await readWithin(previews, c, paths)) ?? []) as [ViewerData?, BoardFeedAnswer?];
  if (viewer?.type !== 'AUTH' || !feed?.pins.length) return undefined;
  return { draw: (locale) => homeFirstScreen(viewer, feed, locale), answered: { [paths[0]!]: viewer, [paths[1]!]: feed } };
}

/**
 * The reads a pin's, board's or profile's page opens with, fetched beside the app's script: who is looking
 * and, for a board a stranger may see (its card is known), the board and its first pins.
 */
function pageReads(path: string, card: Card | null): string[] {
  const reads = [resourceGetPath('ViewerResource')];
  const board = card?.kind === 'board' ? /^\/([a-z0-9_]{1,32})\/([a-z0-9-]{1,100})\/$/.exec(path) : null;
  if (card && board)
    reads.push(resourceGetPath('BoardResource', boardPageOptions(board[1]!, board[2]!)), resourceGetPath('BoardFeedResource', boardFeedOptions(card.id)));
  return reads;
}

/** The popup app's pages, the bookmarklet install page and the built scripts. */
export function pageRoutes(
  config?: Pick<Config, 'publicOrigin' | 'env' | 'brandName'>,
  previews?: Previews,
): Hono & { notFound: (c: Context, status?: ContentfulStatusCode) => Response | Promise<Response> } {
  const routes = new Hono();
  let notFoundShell: (c: Context, status?: ContentfulStatusCode) => Response | Promise<Response> = () => {
    throw new ApiError('not_found');
  };
  // Every page and built file: for anyone, no body, served from memory.
  const page = declare({ caller: 'visitor', limit: NO_LIMIT.page, body: 0 });
  const productOrigin = (c: Context) => config?.publicOrigin ?? new URL(c.req.url).origin;
  // In production dist/ is what the server started with; elsewhere a rebuild shows without a restart.
  const built = loadedBuilt(config?.env !== 'production');
  const brandName = config?.brandName ?? DEFAULT_BRAND;

  /**
   * What a repin keeps of the create URL: the host's guid and origin, so the popup
   * answers the page that opened it (an embed widget hears its `success`), its language and the
   * advertiser it saves for. The rest (url, media, description) the repin page reads from the pin.
   */
  const carriedToRepin = (query: Record<string, string>) => {
    const kept = new URLSearchParams();
    for (const key of ['guid', 'origin', 'lang', 'advertiser_id']) if (query[key]) kept.set(key, query[key]);
    return kept.size ? `?${kept}` : '';
  };

  const pageShell = (
    c: Context,
    mark: ShellMark,
    head?: (locale: Locale) => string,
    first?: FirstOpen,
    status: ContentfulStatusCode = mark === 'not-found' ? 404 : 200,
    drawn?: Drawn,
  ) => {
    const files = built();
    const styles = drawn ? inlineStyles(files, stylesheetsOf(files.popup)) : undefined;
    c.header('Content-Security-Policy', styles ? popupCsp(styles.sources) : POPUP_CSP);
    // The popup talks back to the page that opened it; a same-origin opener policy would cut that link.
    c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-store');
    // The popup reads the product's name from <meta name="brand"> (popup/src/brand.ts).
    // The language: the user's choice (cookie), the publisher page's (?lang=), then Accept-Language.
    const locale = readerLocale(c);
    // The save popup (/pin/create/) opens with its own stylesheet alone: the pages' layout is no byte of its first open.
    return c.html(
      shellHtml(
        files.popup,
        escapeHtml(brandName),
        locale,
        mark,
        head?.(locale),
        drawn ? { ...first, screen: drawn.draw(locale), answered: drawn.answered, styles: styles?.texts } : first,
      ),
      status,
    );
  };
  const shell = (c: Context) => pageShell(c, null);
  notFoundShell = (c, status) => pageShell(c, 'not-found', undefined, undefined, status);

  /**
   * A pin's, board's or profile's page: the shell with its link preview's head, written from what a
   * logged-out stranger may see of the object the path names (whoever asks: the head is the same for
   * its owner), or the generic head. A profile or board a stranger cannot see answers 404, whoever asks:
   * a secret board and a missing one get the same status, so the status tells a stranger nothing, while
   * the page (the app asks the API as the viewer) still shows its owner the board. A one-segment path
   * of the advertiser table (/history/) that is nobody's profile is no page of ours: the not-found page.
   */
  const preview = declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0 });
  const previewTurn: MiddlewareHandler = previews?.turn ?? ((_, next) => next());
  const previewShell = async (c: Context) => {
    if (!previews) return shell(c);
    const path = new URL(c.req.url).pathname;
    const key = cardKeyOf(path);
    const card = key && (await previews.card(key));
    const missing = !card && (key?.kind === 'profile' || key?.kind === 'board');
    const mark: ShellMark = missing && key?.kind === 'profile' && ONE_SEGMENT_ADVERTISER_PATHS.has(`/${key.username}/`) ? 'not-found' : null;
    const screen = card?.kind === 'board' ? await boardScreen(previews, c, path, card) : undefined;
    return pageShell(
      c,
      mark,
      (locale) => previewHead(card, brandName, locale, productOrigin(c)),
      { reads: pageReads(path, card), page: card?.kind === 'board' ? 'BoardPage' : undefined },
      missing ? 404 : 200,
      screen,
    );
  };

  // Home: who is looking and, with a session to read, the first page of their feed.
  // Not home's chunk: the page then drew before its sections' words and feeds, which then pushed it down.
  routes.get('/', page, async (c) => {
    const reads = getCookie(c, SESSION_COOKIE)
      ? [resourceGetPath('ViewerResource'), resourceGetPath('HomeFeedResource', homeFeedOptions())]
      : [resourceGetPath('ViewerResource')];
    const screen = reads.length > 1 ? await homeScreen(previews, c, reads) : undefined;
    return pageShell(c, null, undefined, { reads }, 200, screen);
  });
  routes.get('/login', page, shell);
  routes.get('/signup', page, shell);
  // Account switching, the business log-in page.
  routes.get('/add-account', page, shell);
  routes.get('/business/login/', page, shell);
  // 'Are you a business? Get started here!': the sign-up, in its business wording.
  routes.get('/business/create/', page, shell);
  // The forgot-password form and, with ?token=, the new-password form: the token must not leak in a Referer.
  routes.get('/password/reset/', page, (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return shell(c);
  });
  // The page a confirmation mail links to; its token must not leak in a Referer either.
  routes.get(VERIFY_PATH, page, (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return shell(c);
  });
  // Account settings: connected accounts and a first password.
  routes.get('/settings/account/', page, shell);
  // Import and export.
  routes.get('/settings/import-export/', page, shell);
  // Security settings: two-factor, password, email, sessions, deactivation and deletion.
  routes.get('/settings/security/', page, shell);
  // Personal access tokens (tokens/): made, listed and revoked.
  routes.get('/settings/tokens/', page, shell);
  // Sign-up invitations (SIGNUP_MODE=invite, auth/signup-mode.ts).
  routes.get('/settings/invitations/', page, shell);
  // The operator console: only an operator whose session passed two-factor gets the page; anyone else
  // gets the not-found page (404), so a member cannot tell the console from a missing path.
  const operatorPage = declare({ caller: 'operator', limit: NO_LIMIT.read, body: 0 });
  routes.get('/admin', operatorPage, (c) => c.redirect('/admin/', 301));
  routes.get('/admin/', operatorPage, shell);
  routes.get('/admin/*', operatorPage, shell);
  // Notifications in the app: before the profile routes, so the path is never read as a username.
  routes.get('/notifications/', page, shell);
  routes.get('/pin/create/:method/', page, (c) => {
    if (!(CREATE_METHODS as readonly string[]).includes(c.req.param('method'))) throw new ApiError('not_found');
    // Saving one of our own pin pages is a repin of that pin.
    const repinOf = config && ownPinOf(c.req.query('url'), config.publicOrigin);
    if (repinOf) return c.redirect(safeNext(`/pin/${repinOf}/repin/x/${carriedToRepin(c.req.query())}`), 302);
    // The popup's first reads, fetched beside its bundle: who is looking, and (with a session to read) their boards;
    // without one, the log-in's code, which the popup draws first for a visitor.
    const reads = [resourceGetPath('ViewerResource')];
    const session = !!getCookie(c, SESSION_COOKIE);
    if (session) reads.push(resourceGetPath('BoardPickerBoardsResource', pickerBoardsOptions(advertiserOf(c.req.query('advertiser_id')))));
    return pageShell(c, null, undefined, { reads, save: true, page: session ? undefined : 'AuthModal' });
  });
  routes.get('/pin/:id{[0-9]+}/', preview, previewTurn, previewShell);
  // Where the bookmarklet sends our own pin pages and data-pin-id images.
  routes.get('/pin/:id{[0-9]+}/repin/x/', page, shell);
  // The pin builder: a pin from the user's own image or video.
  routes.get('/pin-builder/', page, shell);
  // A business's scheduled pins (the builder's "Publish later"); who may see them is the API's answer.
  routes.get('/pin-builder/scheduled/', page, shell);
  routes.get('/pin-builder', page, (c) => c.redirect(safeNext(`/pin-builder/${new URL(c.req.url).search}`), 301));
  // The mobile picker's create pages.
  routes.get('/board/create/', page, shell);
  routes.get('/board/:id{[0-9]+}/create_section/', page, shell);

  // The advertiser area: which advertiser a viewer may see is the API's answer.
  routes.get('/business/convert/', page, shell);
  routes.get('/business/convert', page, shell);
  // Following a pin's link: advertisers/routes.ts offsiteNavigation checks the link and bills the click first.
  routes.get('/offsite/', declare({ caller: 'visitor', limit: ['offsitePinAddress', 'outboundSite', 'adEventsAddress'], body: 0 }), shell);
  // The search advisory notice area: a search term's notice.
  routes.get('/search/pins/', page, shell);
  // Search has one page, for pins: the folder and its bare form lead there with the query kept.
  for (const bare of ['/search', '/search/']) routes.get(bare, page, (c) => c.redirect(safeNext(`/search/pins/${new URL(c.req.url).search}`), 301));
  routes.get('/billing/', page, shell);
  routes.get('/advertiser', page, shell);
  // A business member invite's link: its token must not leak in a Referer.
  routes.get(MEMBER_INVITE_PATH, page, (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return shell(c);
  });
  routes.get('/advertiser/*', page, shell);
  // Advertiser routes without /advertiser/{id}: the page sends them to the active profile's.
  for (const path of UNPREFIXED_ADVERTISER_PATHS) routes.get(path, page, (c) => pageShell(c, 'advertiser'));
  // The Florida footer's link: the security settings, where the delete control is.
  routes.get('/settings/account-management/', page, (c) => c.redirect('/settings/security/', 302));
  // Facebook's window opens here; the provider flow starts at /oauth/facebook/start/.
  routes.get('/connect/facebook/', page, (c) => c.redirect(safeNext(`/oauth/facebook/start/${new URL(c.req.url).search}`), 302));
  // Profile settings and the creator card's website claim, which is a part of them.
  routes.get('/settings/profile/', page, shell);
  routes.get('/settings/claim/', page, shell);
  // 'Contact us' (the account-recovery dialog): a page of its own.
  routes.get('/contact/', page, shell);
  // The footer's Terms of Service and Privacy Policy, from legal/*.md (legal.ts).
  routes.get('/_/_/policy/:page/', page, async (c) => {
    const page = c.req.param('page');
    if (!(LEGAL_PAGES as readonly string[]).includes(page)) throw new ApiError('not_found');
    c.header('Content-Security-Policy', LEGAL_CSP);
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-cache');
    return c.html(await legalPage(page as LegalPage, brandName, built().popup.css, readerLocale(c)));
  });
  routes.get('/bookmarklet', page, (c) => {
    c.header('Content-Security-Policy', INSTALL_CSP);
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-cache');
    return c.html(installPage(productOrigin(c), built().popup.css, brandName, readerLocale(c), existsSync(EXTENSION_ZIP), built().popup.pages));
  });
  // The Save extension's zip, offered on the install page: a download, rare enough to read from disk each time.
  routes.get(EXTENSION_ZIP_PATH, page, async (c) => {
    const zip = await readFile(EXTENSION_ZIP).catch(() => null);
    if (!zip) throw new ApiError('not_found', 'The extension is not built; run npm run build.');
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', 'attachment; filename="corkboard-extension.zip"');
    c.header('Cache-Control', 'no-cache');
    return c.body(new Uint8Array(zip));
  });
  routes.get('/js/bookmarklet-try.js', page, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('Cache-Control', 'no-cache');
    return c.body(tryScript(productOrigin(c)));
  });
  routes.get('/img/bookmarklet-sample.png', page, async (c) => {
    c.header('Content-Type', 'image/png');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await readFile(SAMPLE_IMAGE)));
  });

  // The embed scripts, the popup's hashed files and its lazy chunks, from memory (built.ts).
  const serveBuilt = (c: Context) => {
    const file = built().files.get(c.req.path);
    if (file) return sendBuilt(c, file);
    const name = c.req.path.slice(c.req.path.lastIndexOf('/') + 1);
    throw new ApiError('not_found', /^(pinit|pinit-widgets|bookmarklet|popup)\.(js|css)$/.test(name) ? `${name} is not built; run npm run build.` : undefined);
  };
  routes.get('/js/*', page, serveBuilt);
  // Markup pasted from elsewhere loads /pinit.js at the root: the same script, the same headers.
  routes.get('/pinit.js', page, (c) => {
    const file = built().files.get('/js/pinit.js');
    if (!file) throw new ApiError('not_found', 'pinit.js is not built; run npm run build.');
    return sendBuilt(c, file);
  });
  routes.get('/css/*', page, serveBuilt);
  // A user's page, where an account switch lands (/{username}); after every fixed path above.
  routes.get('/:username{[a-z0-9_]{3,30}}', preview, previewTurn, previewShell);
  // Profile URLs have the shape /{username}/ (the board page links its owner there).
  routes.get('/:username{[a-z0-9_]{3,30}}/', preview, previewTurn, previewShell);
  // A profile's followers and following lists and its owner's archived boards: an underscore, which no board slug holds.
  routes.get('/:username{[a-z0-9_]{3,30}}/:list{_followers|_following|_archived}/', page, shell);
  // A board's page, /{username}/{slug}/, and a section's, /{username}/{slug}/{section}/ (
  // PickerBoard.url, the invite mails). The same shell for everyone: whether the board may be seen is
  // BoardResource get's answer, so neither the status nor the page tells a secret board from none.
  const boardPage = (c: Context) => {
    if (RESERVED_FIRST_SEGMENTS.has(c.req.param('username')?.toLowerCase() ?? '')) throw new ApiError('not_found');
    const url = new URL(c.req.url);
    // One address per board: /Demo/Recipes/ is /demo/recipes/.
    if (/[A-Z]/.test(url.pathname)) {
      const path = url.pathname.toLowerCase();
      return c.redirect(safeNext(path + url.search, safeNext(path)), 301);
    }
    return previewShell(c);
  };
  routes.get('/:username{[A-Za-z0-9_]{1,32}}/:slug{[A-Za-z0-9-]{1,100}}/', preview, previewTurn, boardPage);
  routes.get('/:username{[A-Za-z0-9_]{1,32}}/:slug{[A-Za-z0-9-]{1,100}}/:section{[A-Za-z0-9-]{1,100}}/', preview, previewTurn, boardPage);

  return Object.assign(routes, { notFound: (c: Context, status?: ContentfulStatusCode) => notFoundShell(c, status) });
}

/** Where the API and our built files live: a miss there keeps the JSON envelope, whoever asks. */
const API_PREFIXES = ['/resource/', '/v3/', '/vx/', '/ads/v4/', '/oauth/', '/media/', '/dev/', '/js/', '/css/', '/img/', '/health'];

/**
 * Whether a request that found nothing should see the app's own not-found page: a browser's
 * GET of a page, not a call to the API or a built file, which keep the JSON envelope.
 */
export function wantsPage(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  if (API_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return browserOpensApi(c);
  return (c.req.header('accept') ?? '').includes('text/html');
}

/** The API's paths a person may type or follow into a tab: the JSON of their errors is for programs. */
const BROWSABLE_API_PREFIXES = ['/resource/', '/v3/', '/vx/', '/ads/v4/', '/media/'];

/**
 * A browser opening an API address in a tab (a top-level navigation asking for HTML): it gets the
 * not-found page with the error's status instead of raw JSON. A fetch, curl or SDK sends no
 * `Sec-Fetch-Mode: navigate`, so every program keeps the envelope.
 */
export function browserOpensApi(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  if (!BROWSABLE_API_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return false;
  return c.req.header('sec-fetch-mode') === 'navigate' && (c.req.header('accept') ?? '').includes('text/html');
}
