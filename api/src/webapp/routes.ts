import { createReadStream } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import sharp from 'sharp';
import type { AppEnv, Deps } from '../deps.js';
import { declare, NO_LIMIT } from '../lib/declare.js';
import { clientAddress } from '../lib/client-address.js';
import { limitsFor } from '../lib/limits.js';
import { takeOutbound } from '../lib/outbound-limits.js';
import { IMAGE_UPLOAD_MAX_BYTES } from '../media/rules.js';
import { uploadAllowance } from '../media/routes.js';
import type { MediaService } from '../media/service.js';
import type { ScrapeService } from '../scrape/service.js';
import { newToken, sha256 } from '../lib/ids.js';
import { addressKey } from '../lib/client-address.js';
import { OWNER_ONLY_FILE, ownerOnlyDir } from '../lib/private-files.js';
import { REQUEST_SCRATCH_MAX_AGE_MS } from '../jobs/scratch.js';
import { bodyChunks } from '../lib/node-request.js';
import { type ICON_SIZES, manifestFor, SHARE_TARGET_PATH, SHARED_FILE_FIELD, sharedDescription, sharedLink, THEME_COLOR } from './rules.js';
import { serviceWorkerSource } from './worker.js';

/** The popup's built files (pages/routes.ts keeps them in memory): the service worker caches these. */
type ShellFiles = () => { js: string; css: string; imports?: string[] };

/** The icon: the brand's colour, a white pin. Drawn once per size, in memory. */
const iconSvg = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" rx="22" fill="${THEME_COLOR}"/>
<circle cx="50" cy="40" r="20" fill="#fff"/><path d="M44 56 L50 86 L56 56 Z" fill="#fff"/><circle cx="50" cy="40" r="8" fill="${THEME_COLOR}"/></svg>`;
const icons = new Map<number, Promise<Buffer>>();
const iconPng = (size: number) => {
  let made = icons.get(size);
  if (!made)
    icons.set(
      size,
      (made = sharp(Buffer.from(iconSvg(size)))
        .png()
        .toBuffer()),
    );
  return made;
};

const SHARE_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES + 64 * 1024;

/** The posted form, read within the declared size and the body's deadline (lib/node-request.ts); null when it is not one. */
async function formOf(c: Context<AppEnv>): Promise<FormData | null> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of bodyChunks(c, SHARE_MAX_BYTES)) chunks.push(chunk);
  const type = c.req.header('content-type') ?? '';
  return new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData().catch(() => null);
}

/**
 * An image shared while logged out waits for the log-in in a scratch file of the server's user only, named by
 * the hash of a secret that only the sharing browser holds (an HttpOnly cookie on the share target's path):
 * nobody else can name it, and the scratch sweeper deletes it after an hour if it is never taken up.
 */
const HELD_COOKIE = 'cb_shared';
const heldPath = (mediaDir: string, secret: string) => join(mediaDir, 'shares-work', `req.${sha256(`shared-image:${secret}`).slice(0, 40)}.image`);

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 4096) : '');

/**
 * The installable web app: /manifest.webmanifest, its icons, the service worker at /sw.js, and the share
 * target the manifest names. A shared link opens the save popup (the board picker) with the image the
 * server's image finder ranks first; a shared image is staged as an upload, as the pin builder's are, and
 * opens the builder with it. Logged out, the log-in comes first and the save goes on: the popup's own log-in
 * step for a link, and for an image the log-in page, which comes back to the share target to stage what it held.
 */
export function webAppRoutes(deps: Deps, services: { scrape: ScrapeService; media: MediaService }, shellFiles: ShellFiles): Hono<AppEnv> {
  const { config } = deps;
  const routes = new Hono<AppEnv>();
  const page = declare({ caller: 'visitor', limit: NO_LIMIT.page, body: 0 });
  const limits = limitsFor(deps);

  routes.get('/manifest.webmanifest', page, (c) => {
    c.header('Content-Type', 'application/manifest+json; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(JSON.stringify(manifestFor(config.brandName)));
  });
  routes.get('/img/:file{icon-(192|512)\\.png}', page, async (c) => {
    const size = Number(/\d+/.exec(c.req.param('file'))![0]) as (typeof ICON_SIZES)[number];
    c.header('Content-Type', 'image/png');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await iconPng(size)));
  });
  routes.get('/sw.js', page, (c) => {
    const { js, css, imports = [] } = shellFiles();
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    // The browser checks for a new worker on every navigation; a new build names new files, so a new cache.
    c.header('Cache-Control', 'no-cache');
    // The bundle's chunks too: without them the cached bundle could not start offline.
    return c.body(serviceWorkerSource(`shell-${sha256(js + css + imports.join()).slice(0, 12)}`, [js, css, ...imports]));
  });

  routes.post(
    SHARE_TARGET_PATH,
    declare({
      caller: 'visitor',
      limit: ['findImagesAddress', 'outboundSite'],
      // The shared image, and the title, text and link beside it: read by the route as bytes (a form's file is binary).
      body: SHARE_MAX_BYTES,
      stream: true,
      crossSiteForm:
        "the share sheet posts a form from outside the product's pages; it only opens the save popup or the pin builder, where the person still chooses to save",
      policy: 'an image is staged only for a logged-in viewer, under the upload quota',
    }),
    async (c) => {
      const form = await formOf(c);
      const fields = { title: text(form?.get('title')), text: text(form?.get('text')), url: text(form?.get('url')) };
      const file = form?.get(SHARED_FILE_FIELD);
      if (file instanceof File && file.size > 0) return shareImage(c, file);
      const link = sharedLink(fields);
      if (!link) return c.redirect('/pin-builder/', 303);
      const query = new URLSearchParams({ url: link });
      const media = await finderChoice(c, link);
      if (media) query.set('media', media);
      const description = sharedDescription(fields, link);
      if (description) query.set('description', description);
      return c.redirect(`/pin/create/button/?${query}`, 303);
    },
  );

  /** The image the server's finder ranks first on the shared page; none when the page cannot be read (the popup then asks for one). */
  const finderChoice = async (c: Context<AppEnv>, link: string): Promise<string | null> => {
    try {
      await takeOutbound(limits, 'findImagesAddress', clientAddress(c, config.trustProxy), link);
      const found = await services.scrape.findPinImages(link);
      return found.items.find((item) => item.type === 'pinnable')?.url ?? null;
    } catch {
      return null;
    }
  };

  /** Stages bytes as the builder's uploads are (sniffed, re-encoded by a job, under the quota) and opens the builder with them. */
  const stage = async (c: Context<AppEnv>, bytes: () => AsyncIterable<Uint8Array>, size: number) => {
    const upload = await services.media.receive(c.get('viewer')!, bytes(), uploadAllowance(c), size);
    return c.redirect(`/pin-builder/?upload=${encodeURIComponent(upload.id)}`, 303);
  };

  /** A shared image: staged for a logged-in viewer; logged out, held for the log-in, which comes back here to stage it. */
  const shareImage = async (c: Context<AppEnv>, file: File) => {
    if (c.get('viewer'))
      return stage(
        c,
        async function* () {
          yield new Uint8Array(await file.arrayBuffer());
        },
        file.size,
      );
    // What a visitor makes the server keep is under the per-client share of the route.
    await limits.take('findImagesAddress', addressKey(clientAddress(c, config.trustProxy)));
    const secret = newToken();
    await ownerOnlyDir(join(config.mediaDir, 'shares-work'));
    await writeFile(heldPath(config.mediaDir, secret), new Uint8Array(await file.arrayBuffer()), { mode: OWNER_ONLY_FILE });
    setCookie(c, HELD_COOKIE, secret, {
      path: SHARE_TARGET_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: config.secureCookies,
      maxAge: REQUEST_SCRATCH_MAX_AGE_MS / 1000,
    });
    return c.redirect(`/login?next=${encodeURIComponent(SHARE_TARGET_PATH)}`, 303);
  };

  // The log-in's way back: the held image (if this browser holds one) staged for the viewer now logged in.
  routes.get(
    SHARE_TARGET_PATH,
    declare({
      caller: 'visitor',
      limit: NO_LIMIT.page,
      body: 0,
      policy: 'a held image is staged only for a logged-in viewer, and only by the browser holding its secret',
    }),
    async (c) => {
      const secret = getCookie(c, HELD_COOKIE);
      if (!secret || !/^[\w-]{16,128}$/.test(secret)) return c.redirect('/pin-builder/', 303);
      if (!c.get('viewer')) return c.redirect(`/login?next=${encodeURIComponent(SHARE_TARGET_PATH)}`, 303);
      const path = heldPath(config.mediaDir, secret);
      const held = await stat(path).catch(() => null);
      deleteCookie(c, HELD_COOKIE, { path: SHARE_TARGET_PATH, secure: config.secureCookies });
      if (!held) return c.redirect('/pin-builder/', 303);
      try {
        return await stage(c, () => createReadStream(path), held.size);
      } finally {
        await rm(path, { force: true });
      }
    },
  );

  return routes;
}
