import { challengeCost } from './challenge.js';
import { clickToGrid } from './click-to-grid.js';
import { embeds } from './embeds.js';
import { guards } from './guards.js';
import { extensionBench } from './extension.js';
import { feedBench } from './feed.js';
import { ingest, ingestBurst } from './ingest.js';
import { importBench } from './import.js';
import { hostileImports } from './hostile-imports.js';
import { load } from './load.js';
import { ops } from './ops.js';
import { outside } from './outside.js';
import { pictures } from './pictures.js';
import { popupPicker } from './popup-picker.js';
import { popupFirstSecond } from './popup-first-second.js';
import { realPages } from './realpages/bench.js';
import { reportsQueue } from './reports-queue.js';
import { saveCost } from './save-cost.js';
import { scale } from './scale.js';
import { sdkDecorate } from './sdk-decorate.js';
import { searchBench } from './search.js';
import { sizes } from './sizes.js';
import { startBench } from './start.js';
import { staticLoad } from './static-load.js';
import { takeover } from './takeover.js';
import { uploads } from './uploads.js';
import { workers } from './workers.js';

/** `npm run bench`: every benchmark prints its figure beside its budget. */
const benches = [
  { title: 'Bundle sizes (and the popup per locale)', run: sizes },
  { title: 'Bookmarklet', run: clickToGrid },
  { title: 'Save extension: content script size, toolbar to picker (headless Chromium)', run: extensionBench },
  { title: 'Log-in challenge (proof of work)', run: challengeCost },
  { title: 'Popup board picker (headless Chromium, real server)', run: popupPicker },
  {
    title: "Popup's first second: Save click → usable picker against a static page, cold and warm, and round trips (headless Chromium, real server)",
    run: popupFirstSecond,
  },
  { title: 'Scale: picker and save at 100,000 boards and 1,000,000 pins (SQLite, real server)', run: scale },
  { title: 'Search: own pins and public pins at 1,000,000 pins, p99 (SQLite and Postgres, in-process)', run: searchBench },
  { title: 'Save cost: CPU per save against its statements alone (SQLite, in process)', run: saveCost },
  { title: 'Home feed: CPU per page at 10, 1,000 and 10,000 followed (SQLite, in-process)', run: feedBench },
  {
    title:
      'Pictures: board and home LCP against a static grid, CLS, first-screen bytes AVIF against JPEG at their SSIM, a 2x phone (headless Chromium, real server)',
    run: pictures,
  },
  { title: 'SDK: decorate 1,000 images and 200 Save links (headless Chromium)', run: sdkDecorate },
  { title: "Outside: feeds, oEmbed and the pin page's head at a board of 10,000 pins, p99, and the bytes of an embed page (SQLite, in-process)", run: outside },
  { title: "SDK embeds: 10 board widgets, CLS and the widget script's main thread (headless Chromium)", run: embeds },
  { title: 'Load: 200 concurrent savers for 60 s, steady and with a kill -9 (real server, SQLite)', run: load },
  { title: 'Static files while 200 connections save (real server, loopback)', run: staticLoad },
  { title: 'Guards: API p99 under slow bodies and savers, RSS under unauthenticated uploads (real server)', run: guards },
  { title: 'Uploads: /health and RSS while 8 image_base64 saves and 50 concurrent 5 MB uploads run (real server, SQLite)', run: uploads },
  { title: 'Burst: 500 saves with a new image each from 6 clients, none refused for image work (real server, SQLite)', run: ingestBurst },
  { title: 'Ingest: 200 savers with a new image each, the queue against the saves (real server, SQLite)', run: ingest },
  { title: 'Import: a 10,000-bookmark file as a job, progress polled, another reader meanwhile (real server, SQLite)', run: importBench },
  {
    title: 'Hostile imports and 100,000-pin board and account deletions: /health p99 and RSS growth while each job runs (real server, SQLite)',
    run: hostileImports,
  },
  { title: "Takeover: a killed worker's import taken up by another server (two real servers, SQLite, kill -9)", run: takeover },
  { title: 'Workers: Postgres saves with 50 users, WORKERS=1 and WORKERS=2 side by side (real server)', run: workers },
  { title: 'Start: process start to the first answered save on an existing database (real server, SQLite and Postgres)', run: startBench },
  { title: 'Reports queue: GET /v3/admin/reports/ p99 at 100,000 open reports, an operator (SQLite, in-process)', run: reportsQueue },
  { title: 'Operations: the request log line and a /metrics scrape (in process)', run: ops },
  { title: 'Image finders on real saved pages (realpages: server finder, in-page finder in Chromium, metascraper)', run: realPages },
];

// `BENCH=popup npm run bench` runs only the benchmarks whose title contains that word.
const only = process.env.BENCH?.toLowerCase();
let over = 0;
for (const bench of benches.filter((b) => !only || b.title.toLowerCase().includes(only))) {
  console.log(`\n${bench.title}`);
  for (const row of (await bench.run()) as Array<{ name: string; value: number; budget?: number; atLeast?: boolean; unit: string }>) {
    // A row without a budget is context for the others (a baseline), printed but not judged; an
    // `atLeast` row's budget is a floor (a hit rate), the others' a ceiling.
    const ok = row.budget === undefined || (row.atLeast ? row.value >= row.budget : row.value <= row.budget);
    if (!ok) over++;
    const verdict = row.budget === undefined ? 'info' : ok ? 'ok  ' : row.atLeast ? 'LOW ' : 'OVER';
    console.log(
      `  ${verdict}  ${row.name.padEnd(28)} ${String(row.value).padStart(7)} ${row.unit}${row.budget === undefined ? '' : `   ${row.atLeast ? 'goal at least' : 'budget'} ${row.budget}`}`,
    );
  }
}
console.log(over ? `\n${over} figure(s) over budget` : '\nAll figures within budget');
