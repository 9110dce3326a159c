import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

/** What a browser's tab sends on a top-level navigation. */
const TAB = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

describe('pages that are nobody', () => {
  it('answers a missing profile and a missing board with 404, a real one with 200', async () => {
    const t = await testApp();
    const owner = await t.makeUser('maker');
    await t.makeBoard(owner.id, 'Recipes');
    expect((await t.app.request('/maker/', { headers: TAB })).status).toBe(200);
    expect((await t.app.request('/maker/recipes/', { headers: TAB })).status).toBe(200);
    expect((await t.app.request('/nobody_here/', { headers: TAB })).status).toBe(404);
    expect((await t.app.request('/maker/no-such-board/', { headers: TAB })).status).toBe(404);
  });

  it('gives a secret board and a missing one the same status, so a stranger learns nothing', async () => {
    const t = await testApp();
    const owner = await t.makeUser('keeper');
    await t.makeBoard(owner.id, 'Hidden', 'secret');
    const secret = await t.app.request('/keeper/hidden/', { headers: TAB });
    const missing = await t.app.request('/keeper/nothing/', { headers: TAB });
    expect(secret.status).toBe(404);
    expect(missing.status).toBe(404);
    // The same shell: the app asks the API as the viewer, so the owner still sees the board.
    expect(await secret.text()).not.toContain('name="not-found"');
  });

  it.each(['/conversions/', '/audiences/', '/bulk_editor/', '/experiments/', '/history/', '/recommendations/', '/media_planner/', '/accounts_manager/'])(
    'shows the not-found page with 404 for the advertiser route %s nobody has as a name',
    async (path) => {
      const t = await testApp();
      const res = await t.app.request(path, { headers: TAB });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<meta name="not-found" content="404">');
    },
  );
});

describe('API addresses opened in a tab', () => {
  it.each([
    ['/v3/pins/999999/', 404],
    ['/resource/NoSuchResource/get/', 404],
    ['/media/nothing-here.jpg', 404],
  ])('%s shows the not-found page with its status to a browser and the envelope to programs', async (path, status) => {
    const t = await testApp();
    const tab = await t.app.request(path, { headers: TAB });
    expect(tab.status).toBe(status);
    expect(tab.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await tab.text()).toContain('<meta name="not-found" content="404">');

    const program = await t.app.request(path, { headers: { accept: 'application/json' } });
    expect(program.status).toBe(status);
    expect(program.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await program.json()).resource_response.error.http_status).toBe(status);

    // A fetch from a page asks for anything but navigates nowhere: JSON still.
    const fetched = await t.app.request(path, { headers: { accept: '*/*', 'sec-fetch-mode': 'cors' } });
    expect(fetched.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('keeps an error that is not a miss at its own status in the page', async () => {
    const t = await testApp();
    // The viewer's own account needs a session: 401, as the page's status too.
    const program = await t.app.request('/v3/users/settings', { headers: { accept: 'application/json' } });
    const tab = await t.app.request('/v3/users/settings', { headers: TAB });
    expect(tab.status).toBe(program.status);
    expect(tab.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
