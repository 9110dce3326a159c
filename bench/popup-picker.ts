import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createApp } from '../api/src/app.js';
import { authService } from '../api/src/auth/service.js';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { systemClock } from '../api/src/lib/clock.js';
import { pickerReady, stampPickerReady } from './picker-ready.js';
import { benchBoardName, seedBoards } from './seed.js';
import { freePort } from './net.js';

/**
 * Time from opening the popup to a usable board list with 1,000 boards (budget 400 ms), and
 * (the scale issue) with 100,000 boards (budget 400 ms); time to filter on a keystroke (budget 16 ms)
 * an account whose boards all come in the picker's first answer (100), the largest the popup filters
 * itself; and, for information, a server search at 100,000 boards from typing to the matching row
 * (includes the popup's 150 ms pause in typing and Playwright's own polling). In headless Chromium against
 * the real server on loopback. "Usable" is the first All boards row in the document, stamped by a
 * MutationObserver in the page (navigation start = 0). A keystroke is timed from the input event
 * through the re-render and the style and layout it causes; the figure is the 95th percentile.
 */
const OPEN_BUDGET_MS = 400;
const FILTER_BUDGET_MS = 16;
const RUNS = 7;
const QUERIES = [
  'h',
  'ho',
  'hom',
  'home',
  'home d',
  'home de',
  'home dé',
  'home déc',
  'home',
  'k',
  'ki',
  'kit',
  'kitc',
  'kitchen',
  'kitchen 1',
  'kitchen 12',
  'w',
  'wi',
  'win',
  'wint',
  'winter',
];
/** The sizes opened: the smallest the picker's budget names, the largest the scale bench's. */
const OPEN_SIZES = [1_000, 100_000];
/** The most boards the picker's first answer holds (PICKER_PAGE_SIZE): the popup filters these itself. */
const ONE_ANSWER = 100;

async function start() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-bench-'));
  // The popup's image, a real file where the server serves its renditions: a missing one would send the
  // popup probing it as a video and scraping the page while the keystrokes are timed.
  mkdirSync(join(dir, '1'));
  await sharp('examples/img/mountain-lake.png')
    .jpeg()
    .toFile(join(dir, '1', '236x.jpg'));
  const db = connectSqlite(join(dir, 'bench.sqlite'));
  await migrate(db);
  const config = { ...loadConfig({ NODE_ENV: 'test', PORT: String(port) }), publicOrigin: `http://127.0.0.1:${port}`, mediaDir: dir };
  const deps = { db, config, clock: systemClock };
  const auth = authService(deps);
  const users: Record<number, { email: string; password: string }> = {};
  for (const [i, count] of [ONE_ANSWER, ...OPEN_SIZES].entries()) {
    const email = `boards${count}@bench.test`;
    const id = await auth.createAccount({ email, password: 'bench-password-1', username: `bench${count}`, firstName: 'Bench' });
    seedBoards(join(dir, 'bench.sqlite'), id, count, `${i + 1}`);
    users[count] = { email, password: 'bench-password-1' };
  }
  const server = serve({ fetch: createApp(deps).fetch, port, hostname: '127.0.0.1' });
  return { origin: config.publicOrigin, users, close: () => new Promise<void>((resolve) => server.close(() => void db.destroy().then(() => resolve()))) };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function loggedInPage(browser: Awaited<ReturnType<typeof chromium.launch>>, origin: string, login: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 750, height: 800 } });
  const res = await context.request.post(`${origin}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: login.email, password: login.password } },
    headers: { Origin: origin },
  });
  if (!res.ok()) throw new Error(`bench log-in failed: ${res.status()}`);
  const page = await context.newPage();
  await stampPickerReady(page);
  return page;
}

export async function popupPicker(): Promise<Array<{ name: string; value: number; budget?: number; unit: string }>> {
  const app = await start();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const popupUrl = `${app.origin}/pin/create/button/?url=${encodeURIComponent('https://example.com/')}&media=${encodeURIComponent(`${app.origin}/media/1/236x.jpg`)}&description=Bench`;
  try {
    const open = new Map<number, number[]>();
    for (const size of OPEN_SIZES) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const page = await loggedInPage(browser, app.origin, app.users[size]!);
        await Promise.all([pickerReady(page), page.goto(popupUrl)]);
        times.push(await page.evaluate(() => (window as unknown as { __ready: number }).__ready));
        if (process.env.BENCH_VERBOSE && run === RUNS - 1)
          console.log(
            await page.evaluate(
              `performance.getEntries().map((e) => e.name.replace(location.origin, '').slice(0, 40) + ' ' + Math.round(e.startTime) + '→' + Math.round(e.responseEnd ?? e.startTime + e.duration)).join('\\n')`,
            ),
          );
        await page.context().close();
      }
      open.set(size, times);
    }

    // A server search at the largest size: typing to the matching row on screen.
    const searches: number[] = [];
    {
      const page = await loggedInPage(browser, app.origin, app.users[OPEN_SIZES.at(-1)!]!);
      await Promise.all([pickerReady(page), page.goto(popupUrl)]);
      // Names whose words in the other order (which every bench name also has) sort after them, so each is the first match.
      for (const name of [12, 45, 77].map(benchBoardName)) {
        const query = name.toLowerCase();
        const t0 = performance.now();
        await page.getByLabel('Search your boards').fill(query);
        await page
          .getByRole('list', { name: 'Matching boards' })
          .getByRole('button', { name: new RegExp(`^${name}\\b`) })
          .first()
          .waitFor({ timeout: 30_000 });
        searches.push(performance.now() - t0);
      }
      await page.context().close();
    }

    const page = await loggedInPage(browser, app.origin, app.users[ONE_ANSWER]!);
    await Promise.all([pickerReady(page, 60_000), page.goto(popupUrl)]);
    // A string, not a function: tsx would wrap named helpers in code the page does not have.
    const keystrokes = (await page.evaluate(`(async () => {
      const input = document.querySelector('#board-search');
      const times = [];
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (const query of ${JSON.stringify(QUERIES)}) {
        await frame();
        const t0 = performance.now();
        input.value = query;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // Preact renders in a microtask; a task later the list is committed, then style and layout are forced.
        await new Promise((resolve) => setTimeout(resolve, 0));
        document.body.getBoundingClientRect();
        times.push(performance.now() - t0);
      }
      return times;
    })()`)) as number[];
    if (process.env.BENCH_VERBOSE) console.log(keystrokes.map((t, i) => `${QUERIES[i]}=${t.toFixed(1)}`).join(' '));
    return [
      ...OPEN_SIZES.map((size) => ({
        name: `open popup → board list (${size.toLocaleString('en')} boards), median`,
        value: Math.round(percentile(open.get(size)!, 50)),
        budget: OPEN_BUDGET_MS,
        unit: 'ms',
      })),
      {
        name: `filter ${ONE_ANSWER} boards (one answer) per keystroke, p95`,
        value: Math.round(percentile(keystrokes, 95) * 10) / 10,
        budget: FILTER_BUDGET_MS,
        unit: 'ms',
      },
      { name: 'server search, 100,000 boards: typing → row, median', value: Math.round(percentile(searches, 50)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await app.close();
  }
}
