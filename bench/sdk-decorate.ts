import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';

/**
 * Main-thread time for pinit.js to decorate a page with 1,000 images and 200 Save links,
 * budget 10 ms in headless Chromium, with zero layout shift reported by the browser.
 *
 * The page is generated and served from loopback and has painted before the SDK comes in, the way
 * a publisher adds it: `<script async src=".../js/pinit.js" data-pin-hover="true">`.
 *
 * What is judged is the SDK's own main-thread time, as the browser's tracing attributes it: the
 * evaluation of pinit.js and every call into its functions (observer callbacks, listeners, timers),
 * with whatever style or layout those calls force, from the script tag until three frames after it
 * ran. That is how Lighthouse charges a third-party script; we also charge ourselves the browser's
 * intersection checks in each frame, as the SDK's IntersectionObserver is the only one on the page.
 * The links further down become buttons as they come near; the worst screen while scrolling down one
 * screen at a time is judged the same way.
 *
 * What is not ours to judge but is printed beside it: the page's own work in the frames after the
 * links become buttons (re-layout and re-paint of 1,000 figures in one line box). Any in-flow element
 * pays it, so two references are measured the same way in interleaved runs: the page with no SDK,
 * and the same links swapped for plain spans by a five-line script (the floor for in-flow buttons on
 * this page). Main-thread time there is the DevTools Performance domain's TaskDuration: every task on
 * the renderer's main thread, script, style, layout and paint alike.
 *
 * The Save links sit in slots of a fixed size, as CLS guidance asks of any embed; the images are left
 * as they are (the hover button is one fixed-position element). Layout shifts are every
 * `layout-shift` entry from the moment the SDK starts to after the last scroll and a hover, summed.
 * Median of RUNS fresh pages.
 */
const IMAGES = 1000;
const BUTTONS = 200;
const RUNS = 7;
const BUDGET_MS = 10;
/** What the script may add to the host's total blocking time, at load and while scrolling. */
const ADDED_BLOCKING_MS = 50;

/** The floor: the near links swapped for plain inline-block spans, as lazily as the SDK does it. */
const FLOOR = `const near = new IntersectionObserver((entries) => { for (const e of entries) if (e.isIntersecting) {
  near.unobserve(e.target); const span = document.createElement('span'); span.style.cssText = 'display:inline-block;width:40px;height:20px';
  e.target.replaceWith(span); } }, { rootMargin: '100%' });
document.querySelectorAll('a[data-pin-do]').forEach((a) => near.observe(a));`;

function page(): string {
  const parts: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    parts.push(`<figure><img src="/img.png?${i}" width="200" height="150" alt="Photo ${i}">`);
    if (i % (IMAGES / BUTTONS) === 0)
      parts.push(
        `<span class="slot"><a data-pin-do="buttonPin" data-pin-description="Photo ${i}" href="/pin/create/button/?media=%2Fimg.png%3F${i}"></a></span>`,
      );
    parts.push('</figure>');
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>1,000 images</title>
<style>body{margin:0;font:16px sans-serif}figure{display:inline-block;margin:4px;width:200px}img{display:block}
.slot{display:inline-block;width:48px;height:28px;vertical-align:top;overflow:hidden}</style></head>
<body>${parts.join('\n')}</body></html>`;
}

async function serve(scripts: Record<string, string>): Promise<Server> {
  const html = page();
  const png = await readFile('examples/img/mountain-lake.png');
  const server = createServer((req, res) => {
    const script = scripts[req.url ?? ''];
    if (script !== undefined) res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=600' }).end(script);
    else if (req.url?.startsWith('/img.png')) res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=60' }).end(png);
    else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type Cdp = {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (data: never) => void): void;
  once(event: string, listener: () => void): void;
};
/** Milliseconds the renderer's main thread has spent on tasks so far (of any kind). */
async function taskTime(cdp: Cdp): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}
export const frames = (n: number) =>
  `new Promise((resolve) => { let left = ${n}; const tick = () => (--left ? requestAnimationFrame(tick) : setTimeout(resolve, 0)); requestAnimationFrame(tick); })`;

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'FunctionCall', 'v8.compile']);
/** The browser's per-frame work for intersection observers (on this page, only the SDK has one). */
const INTERSECTIONS = 'IntersectionObserverController::computeIntersections';
/**
 * The script's own main-thread spells: its evaluation, each call into its functions and the
 * intersection checks, outermost only (a call inside another is already counted), as [start, ms].
 */
export function ownSpells(events: TraceEvent[], url: string): Array<[number, number]> {
  // The renderer main thread that ran the script: a trace can hold more than one renderer (the first
  // about:blank, another after a navigation), so the first thread named CrRendererMain may be the wrong one.
  const main =
    events.find((e) => e.name === 'EvaluateScript' && e.args?.data?.url === url)?.tid ??
    events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
  const ours = events
    .filter((e) => e.tid === main && e.ph === 'X' && ((SCRIPT_EVENTS.has(e.name) && e.args?.data?.url === url) || e.name === INTERSECTIONS))
    .sort((a, b) => a.ts - b.ts);
  const spells: Array<[number, number]> = [];
  let end = -Infinity;
  for (const e of ours) {
    if (e.ts < end) continue;
    end = e.ts + (e.dur ?? 0);
    spells.push([e.ts, (e.dur ?? 0) / 1000]);
  }
  return spells;
}

type Browser = Awaited<ReturnType<typeof chromium.launch>>;
interface Run {
  /** The script's own main-thread time at load, and in the worst scrolled screen. */
  own: number;
  ownWorstScreen: number;
  /** Every main-thread task at load, the page's rendering included, and in the worst screen. */
  page: number;
  pageWorstScreen: number;
  shift: number;
  /** Total blocking time from the script tag to the first scroll, and over every screen scrolled. */
  tbt: number;
  tbtScrolling: number;
}

/** One fresh page with `path` added as a publisher adds pinit.js (no path: the same steps, no script). */
async function measure(browser: Browser, origin: string, path: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(() => {
      const w = window as unknown as { __shifts: Array<{ at: number; value: number }>; __long: Array<{ at: number; ms: number }> };
      w.__shifts = [];
      // Long tasks, for total blocking time (each one's time past 50 ms), as Lighthouse counts it.
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__long.push({ at: entry.startTime, ms: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__shifts.push({ at: entry.startTime, value: (entry as unknown as { value: number }).value });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await tab.goto(origin, { waitUntil: 'load' });
    const cdp = (await context.newCDPSession(tab)) as unknown as Cdp;
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await tab.evaluate(frames(2)); // painted
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data: { value: TraceEvent[] }) => events.push(...data.value));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });

    const before = await taskTime(cdp);
    // A string, not a function: tsx would wrap named helpers in code the page does not have.
    const start = (await tab.evaluate(`(() => {
      const start = performance.now();
      const path = ${JSON.stringify(path)};
      if (!path) return ${frames(3)}.then(() => start);
      const el = document.createElement('script');
      el.src = path;
      el.async = true;
      el.setAttribute('data-pin-hover', 'true');
      const ran = new Promise((resolve) => (el.onload = resolve));
      document.head.append(el);
      return ran.then(() => ${frames(3)}).then(() => start);
    })()`)) as number;
    const page = (await taskTime(cdp)) - before;
    const undecorated = (await tab.evaluate(
      `[...document.querySelectorAll('a[data-pin-do]')].filter((a) => a.getBoundingClientRect().top < innerHeight).length`,
    )) as number;
    if (undecorated > 0 && path) throw new Error(`${undecorated} Save links in view were not decorated`);

    let pageWorstScreen = 0;
    for (let screen = 0; screen < 40 && ((await tab.evaluate('innerHeight + scrollY < document.body.scrollHeight')) as boolean); screen++) {
      const t0 = await taskTime(cdp);
      await tab.evaluate(`(() => { performance.mark('screen'); scrollBy(0, innerHeight); return ${frames(3)}; })()`);
      pageWorstScreen = Math.max(pageWorstScreen, (await taskTime(cdp)) - t0);
    }
    const left = (await tab.evaluate(`document.querySelectorAll('a[data-pin-do]').length`)) as number;
    if (left > 0 && path) throw new Error(`${left} Save links were never decorated`);
    await tab.evaluate(`performance.mark('screen')`);

    await tab.mouse.move(300, 200);
    await tab.waitForTimeout(100);
    await tab.evaluate(frames(2));
    const shifts = await tab.evaluate(() => (window as unknown as { __shifts: Array<{ at: number; value: number }> }).__shifts);
    // Blocking time at load (from the script tag to the first scroll) and while scrolling (to the last screen's end).
    const { long, screens } = (await tab.evaluate(`({ long: window.__long, screens: performance.getEntriesByName('screen').map((m) => m.startTime) })`)) as {
      long: Array<{ at: number; ms: number }>;
      screens: number[];
    };
    const blocking = (from: number, to: number) => long.filter(({ at }) => at >= from && at < to).reduce((sum, { ms }) => sum + Math.max(0, ms - 50), 0);
    const tbt = blocking(start, screens[0] ?? Infinity);
    const tbtScrolling = blocking(screens[0] ?? Infinity, Infinity);

    const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await traced;
    // Screen boundaries: load is before the first mark; screen i runs from mark i to mark i+1.
    const marks = events
      .filter((e) => e.name === 'screen')
      .map((e) => e.ts)
      .sort((a, b) => a - b);
    // A trace without the script's evaluation would read as zero time: fail rather than pass.
    if (path && !events.some((e) => e.name === 'EvaluateScript' && e.args?.data?.url === origin + path))
      throw new Error(`the trace has no evaluation of ${path}`);
    const spells = path ? ownSpells(events, origin + path) : [];
    const within = (from: number, to: number) => spells.filter(([ts]) => ts >= from && ts < to).reduce((sum, [, ms]) => sum + ms, 0);
    let ownWorstScreen = 0;
    for (let i = 0; i + 1 < marks.length; i++) ownWorstScreen = Math.max(ownWorstScreen, within(marks[i]!, marks[i + 1]!));
    return {
      own: within(-Infinity, marks[0] ?? Infinity),
      ownWorstScreen,
      page,
      pageWorstScreen,
      shift: shifts.filter(({ at }) => at >= start).reduce((sum, { value }) => sum + value, 0),
      tbt,
      tbtScrolling,
    };
  } finally {
    await context.close();
  }
}

export async function sdkDecorate(): Promise<Array<{ name: string; value: number; budget?: number; unit: string }>> {
  const server = await serve({ '/js/pinit.js': await readFile('dist/js/pinit.js', 'utf8'), '/js/floor.js': FLOOR });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const sdk: Run[] = [];
  const floor: Run[] = [];
  const none: Run[] = [];
  try {
    // Interleaved, so a busy spell on the machine lands on all three.
    for (let run = 0; run < RUNS; run++) {
      sdk.push(await measure(browser, origin, '/js/pinit.js'));
      floor.push(await measure(browser, origin, '/js/floor.js'));
      none.push(await measure(browser, origin, ''));
    }
  } finally {
    await browser.close();
    server.close();
  }
  const med = (runs: Run[], figure: (run: Run) => number) => Math.round(median(runs.map(figure)) * 100) / 100;
  return [
    { name: 'decorate: SDK main thread at load (median)', value: med(sdk, (r) => r.own), budget: BUDGET_MS, unit: 'ms' },
    { name: 'decorate: SDK main thread, worst screen scrolled (median)', value: med(sdk, (r) => r.ownWorstScreen), budget: BUDGET_MS, unit: 'ms' },
    { name: '  page main thread at load, rendering included', value: med(sdk, (r) => r.page), unit: 'ms' },
    { name: '    same, links swapped for plain spans', value: med(floor, (r) => r.page), unit: 'ms' },
    { name: '    same, no script', value: med(none, (r) => r.page), unit: 'ms' },
    { name: '  page main thread, worst screen scrolled', value: med(sdk, (r) => r.pageWorstScreen), unit: 'ms' },
    { name: '    same, links swapped for plain spans', value: med(floor, (r) => r.pageWorstScreen), unit: 'ms' },
    { name: '    same, no script', value: med(none, (r) => r.pageWorstScreen), unit: 'ms' },
    // What the host pays for the script: blocking time with it minus without, the page itself measured in the same run.
    {
      name: 'added blocking at load (TBT with − without)',
      value: Math.round(med(sdk, (r) => r.tbt) - med(none, (r) => r.tbt)),
      budget: ADDED_BLOCKING_MS,
      unit: 'ms',
    },
    { name: '  TBT at load with the script', value: Math.round(med(sdk, (r) => r.tbt)), unit: 'ms' },
    { name: '  TBT at load, no script', value: Math.round(med(none, (r) => r.tbt)), unit: 'ms' },
    {
      name: 'added blocking while scrolling (with − without)',
      value: Math.round(med(sdk, (r) => r.tbtScrolling) - med(none, (r) => r.tbtScrolling)),
      budget: ADDED_BLOCKING_MS,
      unit: 'ms',
    },
    { name: '  blocking while scrolling with the script', value: Math.round(med(sdk, (r) => r.tbtScrolling)), unit: 'ms' },
    { name: '  blocking while scrolling, no script', value: Math.round(med(none, (r) => r.tbtScrolling)), unit: 'ms' },
    { name: 'layout shift (all runs)', value: Math.round(sdk.reduce((sum, r) => sum + r.shift, 0) * 10000) / 10000, budget: 0, unit: 'CLS' },
  ];
}
