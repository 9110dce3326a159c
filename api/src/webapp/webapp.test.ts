import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { sharedDescription, sharedLink } from './rules.js';

const share = (t: TestApp, fields: Record<string, string | Blob>, cookie?: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // A share sheet's post: a form, from no page of ours.
  return t.app.request('/share-target/', { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
};

describe('the installable web app', () => {
  it('serves a manifest named for the brand, with PNG icons of 192 and 512 and a share target', async () => {
    const t = await testApp({ config: { brandName: 'Pinwall' } });
    const res = await t.app.request('/manifest.webmanifest');
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as any;
    expect(manifest).toMatchObject({
      name: 'Pinwall',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      share_target: { action: '/share-target/', method: 'POST', enctype: 'multipart/form-data' },
    });
    expect(manifest.share_target.params).toEqual({ title: 'title', text: 'text', url: 'url', files: [{ name: 'image', accept: ['image/*'] }] });
    for (const icon of manifest.icons) {
      const png = Buffer.from(await (await t.app.request(icon.src)).arrayBuffer());
      const meta = await sharp(png).metadata();
      expect([meta.format, `${meta.width}x${meta.height}`]).toEqual(['png', icon.sizes]);
    }
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
  });

  it('links the manifest from the pages', async () => {
    const t = await testApp();
    expect(await (await t.app.request('/')).text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('serves a service worker that caches the app shell and answers no API request', async () => {
    const t = await testApp();
    const worker = await (await t.app.request('/sw.js')).text();
    expect(worker).toContain("request.method !== 'GET'");
    expect(worker).toMatch(/const SHELL = \["\/",/);
    expect(worker).not.toMatch(/resource|\/v3\//);
  });

  it('caches the start page without the session’s cookie, so the offline copy is nobody’s page', async () => {
    const t = await testApp();
    const worker = await (await t.app.request('/sw.js')).text();
    const listeners: Record<string, (event: unknown) => void> = {};
    let cached: Request[] = [];
    const self = { addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn), skipWaiting: () => undefined };
    const caches = { open: async () => ({ addAll: async (list: Request[]) => void (cached = list) }) };
    // A worker's relative URLs are its origin's.
    const Here = class extends Request {
      constructor(input: string, init?: RequestInit) {
        super(new URL(input, 'http://localhost:8787'), init);
      }
    };
    new Function('self', 'caches', 'Request', worker)(self, caches, Here);
    let done: Promise<unknown> = Promise.resolve();
    listeners.install?.({ waitUntil: (p: Promise<unknown>) => void (done = p) });
    await done;
    expect(cached.map((r) => new URL(r.url).pathname)).toContain('/');
    expect(cached.every((r) => r.credentials === 'omit')).toBe(true);
  });
});

describe('the share target', () => {
  it("opens the save popup with the shared link and the image finder's choice", async () => {
    const t = await testApp();
    const page = t.images.url('tart');
    const res = await share(t, { title: 'Lemon tart', text: `Look at this ${page}`, url: '' });
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location')!, 'http://x');
    expect(to.pathname).toBe('/pin/create/button/');
    expect(Object.fromEntries(to.searchParams)).toEqual({ url: page, media: page, description: 'Lemon tart' });
  });

  it('opens the popup without an image when the page cannot be read, and the builder when nothing is shared', async () => {
    const t = await testApp();
    const res = await share(t, { url: 'http://127.0.0.1:1/nothing-here' });
    const to = new URL(res.headers.get('location')!, 'http://x');
    expect([to.pathname, to.searchParams.get('url'), to.searchParams.has('media')]).toEqual(['/pin/create/button/', 'http://127.0.0.1:1/nothing-here', false]);
    expect((await share(t, { text: 'no link at all' })).headers.get('location')).toBe('/pin-builder/');
  });

  it('stages a shared image as an upload for a logged-in viewer and opens the builder with it; logged out, the log-in first', async () => {
    const t = await testApp();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const image = new Blob([new Uint8Array(png)], { type: 'image/png' });
    const out = await share(t, { image });
    expect(out.headers.get('location')).toBe('/login?next=%2Fshare-target%2F');
    expect(await t.db.selectFrom('media_uploads').selectAll().execute()).toEqual([]);

    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const res = await share(t, { image }, browser.cookie);
    expect(res.status).toBe(303);
    const id = /\/pin-builder\/\?upload=(\d+)$/.exec(res.headers.get('location') ?? '')?.[1];
    expect(id).toBeTruthy();
    expect(await t.db.selectFrom('media_uploads').select(['id', 'owner_id']).execute()).toEqual([{ id, owner_id: user.id }]);
  });

  it('holds an image shared while logged out for the log-in, and stages it only for the browser that shared it', async () => {
    const t = await testApp();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const out = await share(t, { image: new Blob([new Uint8Array(png)], { type: 'image/png' }) });
    expect(out.headers.get('location')).toBe('/login?next=%2Fshare-target%2F');
    const held = /cb_shared=([^;]+)/.exec(out.headers.get('set-cookie') ?? '')?.[1];
    expect(out.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(held).toBeTruthy();

    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const resume = (cookie: string) => t.app.request('/share-target/', { headers: { cookie } });
    // Another browser, or one guessing a secret, gets the builder and nothing staged.
    expect((await resume(`${browser.cookie}; cb_shared=${'x'.repeat(43)}`)).headers.get('location')).toBe('/pin-builder/');
    expect(await t.db.selectFrom('media_uploads').selectAll().execute()).toEqual([]);
    // Still logged out with the secret: the log-in first.
    expect((await resume(`cb_shared=${held}`)).headers.get('location')).toBe('/login?next=%2Fshare-target%2F');

    const res = await resume(`${browser.cookie}; cb_shared=${held}`);
    const id = /\/pin-builder\/\?upload=(\d+)$/.exec(res.headers.get('location') ?? '')?.[1];
    expect(id).toBeTruthy();
    expect(await t.db.selectFrom('media_uploads').select(['id', 'owner_id']).execute()).toEqual([{ id, owner_id: user.id }]);
    // Spent: the same secret again stages nothing more.
    expect((await resume(`${browser.cookie}; cb_shared=${held}`)).headers.get('location')).toBe('/pin-builder/');
    expect(await t.db.selectFrom('media_uploads').selectAll().execute()).toHaveLength(1);
  });

  it('reads a link from the url field or the text, and a description from the title or text', () => {
    expect(sharedLink({ url: 'https://a.example/x' })).toBe('https://a.example/x');
    expect(sharedLink({ url: 'javascript:alert(1)', text: 'see https://b.example/y.' })).toBe('https://b.example/y.');
    expect(sharedLink({ text: 'nothing' })).toBeNull();
    expect(sharedDescription({ text: 'Great tart https://b.example/y' }, 'https://b.example/y')).toBe('Great tart');
  });
});
