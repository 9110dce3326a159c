import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

describe('the search advisory notice page', () => {
  it('serves /search/pins/ as a page', async () => {
    const t = await testApp();
    const res = await t.app.request('/search/pins/?q=cats');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
