import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createExamplesApp } from './server';

const app = createExamplesApp({ publicOrigin: 'http://localhost:9999', examplesOrigin: 'http://127.0.0.1:9998' }, fileURLToPath(new URL('.', import.meta.url)));

describe('the demo publisher site', () => {
  it('points its pages at the product wherever it runs', async () => {
    const html = await (await app.request('/')).text();
    expect(html).toContain('<script async defer src="http://localhost:9999/js/pinit.js"></script>');
    expect(html).toContain('media=http://127.0.0.1:9998/img/lemon-tart.png');
    expect(html).not.toContain('{{');
  });

  it('serves images and nothing outside its folder', async () => {
    expect((await app.request('/img/lemon-tart.png')).headers.get('content-type')).toBe('image/png');
    expect((await app.request('/video/kneading.webm')).headers.get('content-type')).toBe('video/webm');
    expect((await app.request('/../package.json')).status).toBe(404);
    expect((await app.request('/%2e%2e/package.json')).status).toBe(404);
    expect((await app.request('/server.ts')).status).toBe(404);
  });
});
