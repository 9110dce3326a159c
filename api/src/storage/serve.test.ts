import { describe, expect, it } from 'vitest';
import { RENDITIONS, type Rendition } from '../images/encode.js';
import { writeRenditions } from '../images/service.js';
import { testApp } from '../testing.js';
import { mediaObjects } from './index.js';
import { matchesEtag } from './serve.js';

const files = () => Object.fromEntries(RENDITIONS.map((r) => [r, Buffer.from(`jpeg ${r}`)])) as Record<Rendition, Buffer>;

describe('/media/ from the MEDIA_DIR directory', () => {
  it('streams a rendition with its length and an ETag, and answers 304 when the browser names that ETag', async () => {
    const t = await testApp();
    await writeRenditions(mediaObjects(t.deps.config), '424242', files());
    const first = await t.app.request('/media/424242/236x.jpg');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-length')).toBe(String('jpeg 236x'.length));
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await first.text()).toBe('jpeg 236x');
    const etag = first.headers.get('etag')!;
    const again = await t.app.request('/media/424242/236x.jpg', { headers: { 'if-none-match': `"stale", W/${etag}` } });
    expect(again.status).toBe(304);
    // Another rendition is another object, with an ETag of its own.
    expect((await t.app.request('/media/424242/originals.jpg', { headers: { 'if-none-match': etag } })).status).toBe(200);
  });
});

describe('If-None-Match', () => {
  it('matches the ETag in a list, in its weak form, or *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
