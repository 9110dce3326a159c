import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
const IMAGES = 1000, BUTTONS = 200;
function page(): string {
  const parts: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    parts.push(`<figure><img src="/img.png?${i}" width="200" height="150" alt="Photo ${i}">`);
    if (i % (IMAGES / BUTTONS) === 0) parts.push(`<span class="slot"><a data-pin-do="buttonPin" data-pin-description="Photo ${i}" href="/pin/create/button/?media=%2Fimg.png%3F${i}"></a></span>`);
    parts.push('</figure>');
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>1,000 images</title>
<style>body{margin:0;font:16px sans-serif}figure{display:inline-block;margin:4px;width:200px}img{display:block}
.slot{display:inline-block;width:48px;height:28px;vertical-align:top;overflow:hidden}</style></head>
<body>${parts.join('\n')}</body></html>`;
}
const code = process.argv[2] === 'empty' ? '' : await readFile(process.argv[2] ?? 'dist/js/pinit.js', 'utf8');
const html = page();
const png = await readFile('examples/img/mountain-lake.png');
const server = createServer((req, res) => {
  if (req.url?.startsWith('/img.png')) res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=60' }).end(png);
  else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const sums = new Map<string, number>();
const RUNS = 5;
for (let run = 0; run < RUNS; run++) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await ctx.newPage();
  await tab.goto(origin, { waitUntil: 'load' });
  await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
  await tab.evaluate(`(() => { const el = document.createElement('script'); el.textContent = ${JSON.stringify(code)}; el.setAttribute('data-pin-hover','true'); document.head.append(el); return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))); })()`);
  const buf = await browser.stopTracing();
  const events = JSON.parse(buf.toString()).traceEvents as any[];
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'EvaluateScript'));
  const evals = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.name === 'EvaluateScript' && e.ph === 'X');
  const within = process.env.WITHIN === '1';
  for (const e of events) {
    if (e.ph !== 'X' || !main || e.pid !== main.pid || e.tid !== main.tid) continue;
    if (within && !evals.some((v) => e.ts >= v.ts && e.ts + (e.dur ?? 0) <= v.ts + v.dur)) continue;
    const key = e.name;
    sums.set(key, (sums.get(key) ?? 0) + (e.dur ?? 0) / 1000);
  }
  await ctx.close();
}
for (const [k, v] of [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / RUNS).toFixed(2).padStart(7), k);
await browser.close(); server.close();
