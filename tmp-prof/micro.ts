import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
const IMAGES = 1000, BUTTONS = 200;
const parts: string[] = [];
for (let i = 0; i < IMAGES; i++) {
  parts.push(`<figure><img src="/img.png?${i}" width="200" height="150" alt="Photo ${i}">`);
  if (i % (IMAGES / BUTTONS) === 0) parts.push(`<span class="slot"><a data-pin-do="buttonPin" data-pin-description="Photo ${i}" href="/pin/create/button/?media=%2Fimg.png%3F${i}"></a></span>`);
  parts.push('</figure>');
}
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>1,000 images</title>
<style>body{margin:0;font:16px sans-serif}figure{display:inline-block;margin:4px;width:200px}img{display:block}
.slot{display:inline-block;width:48px;height:28px;vertical-align:top;overflow:hidden}</style></head><body>${parts.join('\n')}</body></html>`;
const png = await readFile('examples/img/mountain-lake.png');
const server = createServer((req, res) => {
  if (req.url?.startsWith('/img.png')) res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=60' }).end(png);
  else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const snippets: Record<string, string> = {
  qsa: `document.querySelectorAll('a[data-pin-do],a[href*="/pin/create/button/"]')`,
  observe200: `{ const io = new IntersectionObserver(() => {}, { rootMargin: '50%' }); document.querySelectorAll('a[data-pin-do]').forEach((a) => io.observe(a)); }`,
  mutobs: `new MutationObserver(() => {}).observe(document.documentElement, { childList: true, subtree: true })`,
  listeners: `document.addEventListener('pointerdown', () => {}, true); document.addEventListener('mouseover', () => {}, { capture: true, passive: true }); document.addEventListener('scroll', () => {}, { capture: true, passive: true }); document.addEventListener('focusin', () => {}, { capture: true, passive: true });`,
  sheetShadow: `{ const s = new CSSStyleSheet(); s.replaceSync(':host{all:initial!important}button{all:initial;display:block}'); const h = document.createElement('span'); h.attachShadow({ mode: 'open' }).adoptedStyleSheets = [s]; }`,
  currentScriptQS: `document.querySelector('script[src*="/js/pinit.js"]')`,
  metaQS: `document.querySelector('meta[name="pinterest"]')`,
};
for (const [name, src] of Object.entries(snippets)) {
  const t: number[] = [];
  for (let run = 0; run < 5; run++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await ctx.newPage();
    await tab.goto(origin, { waitUntil: 'load' });
    await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    t.push((await tab.evaluate(`(() => { const t0 = performance.now(); ${src}; return performance.now() - t0; })()`)) as number);
    await ctx.close();
  }
  console.log(name.padEnd(16), [...t].sort((a, b) => a - b)[2]!.toFixed(3));
}
await browser.close(); server.close();
