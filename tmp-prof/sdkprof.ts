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
const code = await readFile('dist/js/pinit.js', 'utf8');
const html = page();
const png = await readFile('examples/img/mountain-lake.png');
const server = createServer((req, res) => {
  if (req.url?.startsWith('/img.png')) res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=60' }).end(png);
  else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const experiments: Record<string, string> = {
  full: `(() => { const el = document.createElement('script'); el.textContent = CODE; el.setAttribute('data-pin-hover','true'); document.head.append(el); })()`,
  xnolinks: `(() => { document.querySelectorAll('a[data-pin-do]').forEach(a => a.removeAttribute('data-pin-do')); document.querySelectorAll('a').forEach(a=>a.setAttribute('href','/x')); window.__t0 = performance.now(); const el = document.createElement('script'); el.textContent = CODE; el.setAttribute('data-pin-hover','true'); document.head.append(el); })()`,
  xnoallbtn: `(() => { const el = document.createElement('script'); el.textContent = CODE.replace('button{all:initial;','button{appearance:none;border:0;margin:0;'); el.setAttribute('data-pin-hover','true'); document.head.append(el); })()`,
  xnoall: `(() => { const el = document.createElement('script'); el.textContent = CODE.replace('button{all:initial;','button{appearance:none;border:0;margin:0;').replace(':host{all:initial!important;',':host{'); el.setAttribute('data-pin-hover','true'); document.head.append(el); })()`,
  btnnoall: `(() => { const el = document.createElement('script'); el.textContent = CODE.replace('button{all:initial;','button{appearance:none;border:0;margin:0;'); el.setAttribute('data-pin-hover','true'); document.head.append(el); })()`,
  hostnoall: `(() => { const el = document.createElement('script'); el.textContent = CODE.replace(':host{all:initial!important;',':host{'); el.setAttribute('data-pin-hover','true'); document.head.append(el); })()`,
  nosysui: `(() => { const el = document.createElement('script'); el.textContent = CODE.replace('system-ui,sans-serif','sans-serif'); el.setAttribute('data-pin-hover','true'); document.head.append(el); })()`,
  xspans12: `[...document.querySelectorAll('a[data-pin-do]')].slice(0, 12).forEach(a => a.replaceWith(document.createElement('span')))`,
  xspanslast: `[...document.querySelectorAll('a[data-pin-do]')].slice(-12).forEach(a => a.replaceWith(document.createElement('span')))`,
  xspans: `document.querySelectorAll('a[data-pin-do]').forEach(a => a.replaceWith(document.createElement('span')))`,
  shadows: `document.querySelectorAll('a[data-pin-do]').forEach(a => { const s = document.createElement('span'); const r = s.attachShadow({mode:'open'}); const b = document.createElement('button'); b.textContent='Save'; r.append(b); a.replaceWith(s); })`,
  xinside: `document.querySelectorAll('a[data-pin-do]').forEach(a => { const s = document.createElement('span'); const r = s.attachShadow({mode:'open'}); const b = document.createElement('button'); b.textContent='Save'; r.append(b); a.append(s); })`,
};
for (const [name, src] of Object.entries(experiments).filter(([n]) => !n.startsWith('x'))) {
  const s: number[] = [], t: number[] = [];
  for (let run = 0; run < 9; run++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await ctx.newPage();
    await tab.goto(origin, { waitUntil: 'load' });
    await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const r = await tab.evaluate(`(() => { const CODE = ${JSON.stringify(code)}; const t0 = performance.now(); ${src}; const t1 = performance.now(); void document.body.getBoundingClientRect().height; const t2 = performance.now(); return [t1 - t0, t2 - t0]; })()`) as number[];
    s.push(r[0]!); t.push(r[1]!);
    await ctx.close();
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[4]!.toFixed(1);
  console.log(name.padEnd(8), 'script', med(s), 'total', med(t));
}
await browser.close(); server.close();
