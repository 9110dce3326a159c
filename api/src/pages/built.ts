import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';

/**
 * The built files (dist/js, dist/css), served as a CDN would: read into memory once with their
 * brotli and gzip twins (made at build time, rollup.config.mjs), so answering one costs no disk read
 * and no compression; an ETag and Last-Modified on each, 304 to a matching If-None-Match.
 * Under load the disk and libuv's thread pool belong to image work: pinit.js must never queue behind it.
 */

/** Embed scripts third-party pages load by a stable URL: a short max-age, then revalidated in the background. */
const STABLE = new Set(['js/pinit.js', 'js/pinit-widgets.js', 'js/pinit-embed.js', 'js/bookmarklet.js']);
const STABLE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
/** Files whose name carries their content's hash: a new build is a new URL. */
const HASHED_CACHE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

interface Variant {
  body: Uint8Array;
  etag: string;
  encoding?: 'br' | 'gzip';
}

export interface BuiltFile {
  type: string;
  cacheControl: string;
  /** The SDK and the bookmarklet run on third-party pages: CORP cross-origin; the popup's files stay ours. */
  crossOrigin: boolean;
  lastModified: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export interface BuiltFiles {
  /** URL path (`/js/pinit.js`) to file. */
  files: Map<string, BuiltFile>;
  /** The popup's logical names to their hashed URLs (`popup.js` → `/js/popup-AbC123.js`). */
  popup: {
    js: string;
    css: string;
    locales: Record<string, string>;
    errorsEnglish?: string;
    imports: string[];
    save: { js: string; imports: string[] };
    /** The pages' stylesheet (popup/src/ui/pages.css), which the save popup does not load. */
    pages?: string;
    /** A page's lazy chunk with what it imports, which its shell names beside the bundle (ShellPage). */
    areas: Partial<Record<ShellPage, string[]>>;
  };
}

/**
 * The pages whose shells name their code beside the bundle (rollup.config.mjs writes their chunks as `page:{name}`):
 * a board's, and the log-in the save popup draws first for a visitor without a session.
 */
export type ShellPage = 'BoardPage' | 'AuthModal';

/** Reads dist/ into memory. Missing dist/ or manifest: no files, and the shell names the unhashed paths (404). */
export function loadBuilt(dist: string): BuiltFiles {
  const manifest = readJson(join(dist, 'manifest.json'));
  const hashed = new Set(Object.values(manifest));
  const files = new Map<string, BuiltFile>();
  const add = (path: string, cacheControl: string, crossOrigin: boolean) => {
    const file = readBuilt(dist, path, cacheControl, crossOrigin);
    if (file) files.set(`/${path}`, file);
  };
  for (const path of STABLE) add(path, STABLE_CACHE, true);
  for (const path of hashed) add(path, HASHED_CACHE, false);
  // A chunk named after a module with a dot in its name (errors.contract.ts) keeps the dot: served like any other.
  for (const name of listDir(join(dist, 'js/chunks'))) if (/^\w[\w.-]*\.js$/.test(name)) add(`js/chunks/${name}`, HASHED_CACHE, false);
  // The languages' catalogues (manifest `locale-fr.js`): the shell preloads the one the page opens in.
  const locales: Record<string, string> = {};
  for (const [name, file] of Object.entries(manifest)) {
    const locale = /^locale-([a-z]{2})\.js$/.exec(name)?.[1];
    if (locale) locales[locale] = `/${file}`;
  }
  // The error catalogue's English, which comes with every language but English (popup/src/i18n/errors.ts).
  const errorsEnglish = manifest['errors-english.js'] ? `/${manifest['errors-english.js']}` : undefined;
  // Each bundle's chunks (dist/imports.json): the shell preloads them beside the bundle. The save popup has its
  // own bundle (save.js); a build without one sends the whole app there too.
  const imports = readJson(join(dist, 'imports.json')) as unknown as Record<string, string[] | undefined>;
  const chunks = (entry: string) => (Array.isArray(imports[entry]) ? imports[entry].map((file) => `/${file}`) : []);
  const pages = manifest['pages.css'] ? `/${manifest['pages.css']}` : undefined;
  const js = `/${manifest['popup.js'] ?? 'js/popup.js'}`;
  const save = manifest['save.js'] ? { js: `/${manifest['save.js']}`, imports: chunks('save.js') } : { js, imports: chunks('popup.js') };
  const areas = { BoardPage: chunks('page:BoardPage'), AuthModal: chunks('page:AuthModal') };
  return { files, popup: { js, css: `/${manifest['popup.css'] ?? 'css/popup.css'}`, locales, errorsEnglish, imports: chunks('popup.js'), save, pages, areas } };
}

function readBuilt(dist: string, path: string, cacheControl: string, crossOrigin: boolean): BuiltFile | undefined {
  const full = join(dist, path);
  const type = TYPES[path.slice(path.lastIndexOf('.'))];
  if (!type || !existsSync(full)) return undefined;
  const identity = readFileSync(full);
  // A strong validator per representation (RFC 9110 8.8.3): the same tag for br and gzip would be a lie.
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const twin = (suffix: string, encoding: 'br' | 'gzip'): Variant | undefined => {
    try {
      return { body: new Uint8Array(readFileSync(`${full}.${suffix}`)), etag: `"${tag}-${suffix}"`, encoding };
    } catch {
      return undefined;
    }
  };
  return {
    type,
    cacheControl,
    crossOrigin,
    lastModified: statSync(full).mtime.toUTCString(),
    identity: { body: new Uint8Array(identity), etag: `"${tag}"` },
    br: twin('br', 'br'),
    gzip: twin('gz', 'gzip'),
  };
}

function readJson(path: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

function listDir(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/**
 * The built files of a dist/ folder, loaded once per process. With `reload` (development and tests) a
 * new build is picked up: the manifest, rewritten by every build, is looked at once a second at most.
 */
export function builtFiles(dist: string, reload: boolean): () => BuiltFiles {
  let current = loadBuilt(dist);
  let stamp = manifestStamp(dist);
  let checkedAt = Date.now();
  return () => {
    if (reload && Date.now() - checkedAt > 1000) {
      checkedAt = Date.now();
      const now = manifestStamp(dist);
      if (now !== stamp) {
        stamp = now;
        current = loadBuilt(dist);
      }
    }
    return current;
  };
}

function manifestStamp(dist: string): number {
  try {
    return statSync(join(dist, 'manifest.json')).mtimeMs;
  } catch {
    return 0;
  }
}

/** The encoding to send: brotli, then gzip, when Accept-Encoding allows (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined, file: Pick<BuiltFile, 'br' | 'gzip'>): Variant | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (file.br && allows('br')) return file.br;
  if (file.gzip && allows('gzip')) return file.gzip;
  return undefined;
}

/** One built file as a response: 304 when the client's copy is current, else the best encoding it takes. */
export function sendBuilt(c: Context, file: BuiltFile): Response {
  const variant = pickEncoding(c.req.header('accept-encoding'), file) ?? file.identity;
  c.header('Content-Type', file.type);
  c.header('Cache-Control', file.cacheControl);
  c.header('Vary', 'Accept-Encoding');
  c.header('ETag', variant.etag);
  c.header('Last-Modified', file.lastModified);
  c.header('Cross-Origin-Resource-Policy', file.crossOrigin ? 'cross-origin' : 'same-origin');
  if (file.crossOrigin) c.header('Access-Control-Allow-Origin', '*');
  if (isCurrent(c, file)) return c.body(null, 304);
  if (variant.encoding) c.header('Content-Encoding', variant.encoding);
  return c.body(variant.body as Uint8Array<ArrayBuffer>);
}

/** RFC 9110 13.1.2 and 13.1.3: If-None-Match wins; If-Modified-Since counts only without it. */
function isCurrent(c: Context, file: BuiltFile): boolean {
  const noneMatch = c.req.header('if-none-match');
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true;
    // Weak comparison, and any of the file's encodings: they are the same content.
    const tags = new Set([file.identity.etag, file.br?.etag, file.gzip?.etag]);
    return noneMatch.split(',').some((tag) => tags.has(tag.trim().replace(/^W\//, '')));
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Date.parse(file.lastModified) <= since;
}
