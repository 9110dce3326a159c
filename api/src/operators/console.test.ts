import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

const html = { accept: 'text/html' };
const CONSOLE_PATHS = ['/admin/', '/admin', '/admin/people/', '/admin/audit/', '/admin/reports/', '/admin/no-such-section/'];

/** A member's browser, logged in; `operator` and `mfa` make it an operator and mark the session as having passed two-factor. */
async function browser(t: Awaited<ReturnType<typeof testApp>>, setup: { operator?: boolean; mfa?: boolean } = {}) {
  const user = await t.makeUser();
  if (setup.operator) await t.db.updateTable('users').set({ is_operator: 1 }).where('id', '=', user.id).execute();
  const b = t.client();
  expect((await b.logIn(user.email, user.password)).status).toBe(200);
  if (setup.mfa) await t.passMfa(user.id);
  return { user, b };
}

describe('the console pages', () => {
  it('are the not-found page (404) at every /admin/ path for a visitor, a member and an operator without two-factor passed', async () => {
    const t = await testApp();
    const member = await browser(t);
    const unproven = await browser(t, { operator: true });
    for (const path of CONSOLE_PATHS) {
      for (const cookie of [undefined, member.b.cookie, unproven.b.cookie]) {
        const res = await t.app.request(path, { headers: { ...html, ...(cookie && { cookie }) } });
        expect([path, res.status]).toEqual([path, 404]);
        expect(await res.text()).toContain('<meta name="not-found" content="404">');
      }
    }
  });

  it('are the app shell for an operator whose session passed two-factor', async () => {
    const t = await testApp();
    const { b } = await browser(t, { operator: true, mfa: true });
    const res = await t.app.request('/admin/people/', { headers: { ...html, cookie: b.cookie ?? '' } });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('not-found');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the header menu', () => {
  it('tells only an operator who may enter the console, and no one else that the role exists', async () => {
    const t = await testApp();
    const member = await browser(t);
    const unproven = await browser(t, { operator: true });
    const operator = await browser(t, { operator: true, mfa: true });
    const consoleOf = async (b: typeof member.b) => (await b.get('ViewerResource')).body.resource_response.data;
    expect(await consoleOf(member.b)).not.toHaveProperty('console');
    expect(await consoleOf(unproven.b)).not.toHaveProperty('console');
    expect(await consoleOf(operator.b)).toMatchObject({ type: 'AUTH', console: true });
  });
});
