import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { authService } from '../api/src/auth/service.js';
import { boardsService } from '../api/src/boards/service.js';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { queueAvif } from '../api/src/images/avif.js';
import { systemClock } from '../api/src/lib/clock.js';
import { usersService } from '../api/src/users/service.js';
import { notificationsService } from '../api/src/notifications/service.js';
import { median } from './sdk-decorate.js';
import { startServer } from './uploads.js';

/**
 * Pictures as a visitor sees them, in headless Chromium against the real server (SQLite), each page beside
 * a reference measured in the same run:
 * - LCP of a board page and of the home feed against a static grid of the same images (each image at the
 *   place and size the board page shows it, plain <img> tags, no script), cold cache, median of RUNS;
 * - CLS of both pages (layout shifts until the page has been still for a second);
 * - the first screen's image bytes in AVIF against the same renditions in JPEG (what a browser that does not
 *   accept AVIF gets, and what every browser got before), and the SSIM of each against the original at that
 *   size, so the saving is at equal quality;
 * - on a 2x phone, tiles whose loaded rendition is narrower than the device pixels they fill.
 * The images are photo-like (smooth colour fields with fine grain, in several aspect ratios), saved through
 * the API, downloaded and re-encoded by the server's ingest job, and converted to AVIF by the conversion job
 * (`npm run admin -- images avif` queues the same job).
 */
const PINS = 24;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LCP_RATIO_BUDGET = 1.2;
const CLS_BUDGET = 0.05;
const BYTES_RATIO_BUDGET = 0.7;
/** Equal SSIM, within what separates two encoders of the same picture at these levels. */
const SSIM_TOLERANCE = 0.002;
const PASSWORD = 'bench-password-1';

/** A photo-like JPEG: a coarse random colour field, smoothly enlarged, with fine grain over it. */
async function photo(seed: number, width: number, height: number): Promise<Buffer> {
  let state = seed * 2654435761;
  const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const coarse = Buffer.alloc(12 * 9 * 3, 0).map(() => Math.floor(random() * 256));
  const field = await sharp(coarse, { raw: { width: 12, height: 9, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .blur(8)
    .raw()
    .toBuffer();
  for (let i = 0; i < field.length; i++) field[i] = Math.max(0, Math.min(255, field[i]! + Math.round((random() - 0.5) * 24)));
  return sharp(field, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const SIZES = [
  [1200, 1600],
  [1200, 900],
  [1000, 1500],
  [1200, 1200],
  [900, 1350],
  [1400, 933],
] as const;

/** The images' host on loopback (the server is told it may fetch from it). */
async function photoHost(): Promise<{ origin: string; close: () => void }> {
  const server: Server = createServer((req, res) => {
    const n = Number(/\/(\d+)\.jpg/.exec(req.url ?? '')?.[1] ?? 0);
    const [w, h] = SIZES[n % SIZES.length]!;
    void photo(n + 1, w, h).then((body) => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** A static page on another loopback origin: whatever HTML it is given. */
async function staticHost(): Promise<{ origin: string; set: (html: string) => void; close: () => void }> {
  let page = '';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, set: (html) => (page = html), close: () => server.close() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's CPU so far, in ms (Linux's /proc; utime and stime in ticks of 10 ms). */
function processCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The server's CPU for one answer, each asked for one at a time after a warm-up: what a visit's HTML and
 * each of its pictures cost the server while the browser shares its cores.
 */
async function serverCpu(pid: number, url: string, headers: Record<string, string>): Promise<number> {
  const ask = async () => {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} while its CPU was measured`);
  };
  for (let n = 0; n < 50; n++) await ask();
  const before = processCpu(pid);
  for (let n = 0; n < 300; n++) await ask();
  return (processCpu(pid) - before) / 300;
}

async function post(origin: string, path: string, options: unknown, cookie = '') {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ options }),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return {
    body: (await res.json()) as { resource_response: { data: Record<string, unknown> } },
    cookie: res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; '),
  };
}

/** Two accounts made as the product makes them: the owner of a public board, and a reader who follows them. */
async function seed(dir: string) {
  const db = connectSqlite(join(dir, 'bench.sqlite'));
  await migrate(db);
  const deps = { db, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock };
  const ownerId = await authService(deps).createAccount({ email: 'pictures@bench.test', password: PASSWORD, username: 'pictures', firstName: 'Pictures' });
  const board = await boardsService(deps).createBoard({ id: ownerId, username: 'pictures' }, { name: 'Photographs', privacy: 'public' });
  const readerId = await authService(deps).createAccount({ email: 'reader@bench.test', password: PASSWORD, username: 'reader', firstName: 'Reader' });
  await usersService(deps, notificationsService(deps)).follow(readerId, ownerId);
  await db.destroy();
  return board;
}

interface Visit {
  lcp: number;
  cls: number;
}

const OBSERVE = `(() => {
  window.__lcp = 0; window.__cls = 0;
  window.__lcps = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__lcp = e.startTime; window.__lcps.push(Math.round(e.startTime) + ' ' + e.size + ' ' + (e.url || (e.element && e.element.tagName)).replace(location.origin, '')); } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => { if (!window.__tookOver && document.body && !document.getElementById('first-screen') && document.getElementById('app')) window.__tookOver = Math.round(performance.now()); }).observe(document, { childList: true, subtree: true });
  window.__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) { window.__cls += e.value; window.__shifts.push(Math.round(e.startTime) + ' ' + e.value.toFixed(3) + ' ' + e.sources.map((s) => (s.node && s.node.nodeType === 1 ? s.node.tagName + '.' + s.node.className : String(s.node && s.node.nodeName)) + ' ' + s.previousRect.y + '→' + s.currentRect.y).join(', ')); } }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** One cold visit (a new context: an empty cache): LCP and CLS once the page has been still for a second. */
async function visit(browser: Browser, url: string, cookie?: { origin: string; value: string }): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookie)
    await context.addCookies(
      cookie.value.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1), url: cookie.origin })),
    );
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await sleep(1000);
  const result = (await page.evaluate('({ lcp: window.__lcp, cls: window.__cls })')) as Visit;
  if (process.env.BENCH_VERBOSE) {
    console.log(
      url,
      result,
      await page.evaluate('window.__shifts'),
      await page.evaluate('window.__lcps'),
      'app shown at',
      await page.evaluate('window.__tookOver'),
      // The document's own timing and the first paints: what the page waited for before it could show anything.
      await page.evaluate(
        `(({ responseStart, responseEnd, domInteractive }) => ({ responseStart: Math.round(responseStart), responseEnd: Math.round(responseEnd), domInteractive: Math.round(domInteractive), paints: performance.getEntriesByType('paint').map((e) => e.name + ' ' + Math.round(e.startTime)) }))(performance.getEntriesByType('navigation')[0])`,
      ),
    );
    // Where the time went: each request's start and end, and when the page's script ran.
    console.log(
      await page.evaluate(
        `performance.getEntriesByType('resource').map((e) => Math.round(e.startTime) + '-' + Math.round(e.responseEnd) + ' ' + e.name.replace(location.origin, '').slice(0, 90)).join('\\n')`,
      ),
    );
  }
  await context.close();
  return result;
}

/** The images the first screen shows (at 1280 by 800), and where: the static grid's layout and the bytes' sample. */
async function firstScreen(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const tiles = (await page.evaluate(
    `[...document.querySelectorAll('img')].map((img) => { const r = img.getBoundingClientRect(); return { src: img.currentSrc, x: r.x, y: r.y, w: r.width, h: r.height }; }).filter((t) => t.src && t.w > 50 && t.y < innerHeight && t.y + t.h > 0)`,
  )) as Array<{ src: string; x: number; y: number; w: number; h: number }>;
  await context.close();
  return tiles;
}

/** On a 2x phone, the board's tiles in view whose loaded rendition is narrower than the pixels they fill (or than the original). */
async function phoneUnderResolved(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // naturalWidth of a srcset image is scaled by its density; the rendition's own width is its descriptor.
  const tiles =
    (await page.evaluate(`[...document.querySelectorAll('.pin-grid img')].filter((img) => img.getBoundingClientRect().top < innerHeight).map((img) => {
    const set = (img.getAttribute('srcset') || '').split(',').map((s) => s.trim().split(' ')).map(([url, w]) => ({ url, w: Number.parseInt(w || '0', 10) }));
    const widest = Math.max(...set.map((s) => s.w));
    const taken = set.find((s) => s.url === img.currentSrc);
    return { taken: taken ? taken.w : img.naturalWidth, needed: Math.min(Math.round(img.getBoundingClientRect().width * devicePixelRatio), widest) };
  })`)) as Array<{ taken: number; needed: number }>;
  if (process.env.BENCH_VERBOSE) console.log(tiles);
  await context.close();
  return { tiles: tiles.length, under: tiles.filter((t) => t.taken < t.needed).length };
}

const rgba = async (image: sharp.Sharp) => {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
};

/** Bytes of each first-screen image as AVIF and as JPEG, and the SSIM of each against the original scaled to its size. */
async function formats(tiles: Array<{ src: string }>) {
  const totals = { avif: 0, jpeg: 0, ssimAvif: [] as number[], ssimJpeg: [] as number[] };
  for (const { src } of tiles) {
    const get = async (accept: string) => Buffer.from(await (await fetch(src, { headers: { accept } })).arrayBuffer());
    const avif = await get('image/avif,image/webp,image/apng,image/*,*/*;q=0.8');
    const jpeg = await get('image/jpeg,image/*;q=0.8');
    const original = Buffer.from(await (await fetch(src.replace(/\/[^/]+\.jpg$/, '/originals.jpg'))).arrayBuffer());
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const reference = await rgba(sharp(original).resize(width, height, { fit: 'fill' }));
    totals.avif += avif.length;
    totals.jpeg += jpeg.length;
    totals.ssimAvif.push(ssim(reference, await rgba(sharp(avif).resize(width, height, { fit: 'fill' }))).mssim);
    totals.ssimJpeg.push(ssim(reference, await rgba(sharp(jpeg))).mssim);
  }
  return totals;
}

export async function pictures(): Promise<Array<{ name: string; value: number; budget?: number; atLeast?: boolean; unit: string }>> {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-pictures-'));
  const photos = await photoHost();
  const grid = await staticHost();
  const headed = await staticHost();
  const board = await seed(dir);
  const server = await startServer(dir, { OUTBOUND_ALLOW: photos.origin });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const { origin } = server;
    const owner = await post(origin, '/resource/UserSessionResource/create/', { username_or_email: 'pictures@bench.test', password: PASSWORD });
    for (let n = 0; n < PINS; n++)
      await post(
        origin,
        '/resource/PinResource/create/',
        {
          board_id: board.id,
          image_url: `${photos.origin}/${n}.jpg`,
          link: `https://publisher.example/photo/${n}`,
          description: `Photograph ${n}`,
          method: 'button',
        },
        owner.cookie,
      );
    const db = connectSqlite(join(dir, 'bench.sqlite'));
    // The ingest jobs, then the AVIF conversion of what they stored (the admin command's job).
    for (let tries = 0; ; tries++) {
      const waiting = await db.selectFrom('pins').select('id').where('image_id', 'is', null).execute();
      if (!waiting.length) break;
      if (tries > 1200) throw new Error(`${waiting.length} pins never got their images`);
      await sleep(100);
    }
    await queueAvif({ db, clock: systemClock }, { after: '' });
    const images = (await db.selectFrom('images').select('id').execute()).map((r) => r.id);
    for (const id of images) {
      for (let tries = 0; ; tries++) {
        const res = await fetch(`${origin}/media/${id}/736x.jpg`, { headers: { accept: 'image/avif' } });
        await res.arrayBuffer();
        if (res.headers.get('content-type') === 'image/avif') break;
        if (tries > 1200) throw new Error(`image ${id} never got its AVIF`);
        await sleep(100);
      }
    }
    await db.destroy();

    const boardUrl = `${origin}${board.url}`;
    const reader = await post(origin, '/resource/UserSessionResource/create/', { username_or_email: 'reader@bench.test', password: PASSWORD });
    const tiles = await firstScreen(browser, boardUrl);
    grid.set(
      `<!doctype html><html><head><meta charset="utf-8"><title>Static grid</title><style>body{margin:0}img{position:absolute}</style></head><body>${tiles.map((t) => `<img src="${t.src}" alt="" style="left:${t.x}px;top:${t.y}px;width:${t.w}px;height:${t.h}px">`).join('')}</body></html>`,
    );
    // A second reference, not judged: the same grid under a heading in the app's fonts, so a page's text (its
    // fonts found on first use) can be told from the rest of what stands before a first paint.
    headed.set(
      `<!doctype html><html><head><meta charset="utf-8"><title>Static grid</title><style>body{margin:0;font-family:-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif}img{position:absolute}</style></head><body><h1>Photographs</h1>${tiles.map((t) => `<img src="${t.src}" alt="" style="left:${t.x}px;top:${t.y}px;width:${t.w}px;height:${t.h}px">`).join('')}</body></html>`,
    );
    const runs = { board: [] as Visit[], home: [] as Visit[], grid: [] as Visit[], text: [] as Visit[] };
    for (let run = 0; run < RUNS; run++) {
      runs.text.push(await visit(browser, `${headed.origin}/`));
      runs.grid.push(await visit(browser, `${grid.origin}/`));
      runs.board.push(await visit(browser, boardUrl));
      runs.home.push(await visit(browser, `${origin}/`, { origin, value: reader.cookie }));
    }
    const cpu = {
      board: await serverCpu(server.pid, boardUrl, {}),
      home: await serverCpu(server.pid, `${origin}/`, { cookie: reader.cookie }),
      picture: await serverCpu(server.pid, tiles[0]!.src, { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' }),
    };
    const bytes = await formats(tiles);
    const phone = await phoneUnderResolved(browser, boardUrl);

    const lcp = (list: Visit[]) => Math.round(median(list.map((v) => v.lcp)));
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const round2 = (n: number) => Math.round(n * 100) / 100;
    const worst = (list: Visit[]) => Math.round(Math.max(...list.map((v) => v.cls)) * 1000) / 1000;
    const mean = (list: number[]) => Math.round((list.reduce((s, v) => s + v, 0) / list.length) * 1000) / 1000;
    return [
      { name: 'LCP, static grid of the same images (median)', value: lcp(runs.grid), unit: 'ms' },
      { name: '  the same grid under a heading (median)', value: lcp(runs.text), unit: 'ms' },
      { name: 'LCP, board page (median)', value: lcp(runs.board), unit: 'ms' },
      { name: '  board ÷ static grid', value: ratio(lcp(runs.board), lcp(runs.grid)), budget: LCP_RATIO_BUDGET, unit: '×' },
      { name: 'LCP, home feed (median)', value: lcp(runs.home), unit: 'ms' },
      { name: '  home ÷ static grid', value: ratio(lcp(runs.home), lcp(runs.grid)), budget: LCP_RATIO_BUDGET, unit: '×' },
      { name: 'CLS, board page (worst run)', value: worst(runs.board), budget: CLS_BUDGET, unit: '' },
      { name: 'CLS, home feed (worst run)', value: worst(runs.home), budget: CLS_BUDGET, unit: '' },
      { name: 'server CPU per answer: board page', value: round2(cpu.board), unit: 'ms' },
      { name: '  home feed page', value: round2(cpu.home), unit: 'ms' },
      { name: '  one picture (AVIF)', value: round2(cpu.picture), unit: 'ms' },
      { name: `first-screen images (${tiles.length}), JPEG`, value: Math.round(bytes.jpeg / 1024), unit: 'KiB' },
      { name: '  same renditions, AVIF', value: Math.round(bytes.avif / 1024), unit: 'KiB' },
      { name: '  AVIF ÷ JPEG', value: ratio(bytes.avif, bytes.jpeg), budget: BYTES_RATIO_BUDGET, unit: '×' },
      { name: '  SSIM against the original, JPEG (mean)', value: mean(bytes.ssimJpeg), unit: '' },
      {
        name: '  SSIM against the original, AVIF (mean)',
        value: mean(bytes.ssimAvif),
        budget: Math.round((mean(bytes.ssimJpeg) - SSIM_TOLERANCE) * 1000) / 1000,
        atLeast: true,
        unit: '',
      },
      { name: `2x phone: tiles in view (${phone.tiles}) under-resolved`, value: phone.under, budget: 0, unit: 'tiles' },
    ];
  } finally {
    await browser.close();
    photos.close();
    grid.close();
    headed.close();
    await server.close();
  }
}
