import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage();
await p.goto('http://127.0.0.1:8788/buttons.html');
await p.waitForTimeout(500);
for (const m of ['0px', '50%', '100%', '25%', '50% 0px', '400px'])
  console.log(m, await p.evaluate((m) => new Promise((r) => { const io = new IntersectionObserver((es) => r(es.map((e) => [e.isIntersecting, e.rootBounds?.height, JSON.stringify(e.boundingClientRect)])), { rootMargin: m }); io.observe(document.querySelector('a[data-pin-do]')); }), m));
await b.close();
