import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { CLIENT_EVENT_PATH, EVENT_QUERY_MAX } from './rules.js';

const PIN = '123456789012345678';
const popupQuery = 'url=https%3A%2F%2Fexample.com%2F&media=https%3A%2F%2Fexample.com%2Fa.png&guid=abc123';

/** The request the popup's image makes: our own page, the session cookie if any. */
function track(t: TestApp, params: string | Record<string, string>, init: { cookie?: string; site?: string | null; method?: string } = {}) {
  const query = typeof params === 'string' ? params : new URLSearchParams(params).toString();
  const headers = new Headers();
  if (init.site !== null) headers.set('sec-fetch-site', init.site ?? 'same-origin');
  if (init.cookie) headers.set('cookie', init.cookie);
  return t.app.request(`${CLIENT_EVENT_PATH}?${query}`, { method: init.method ?? 'GET', headers });
}

const rows = (t: TestApp) => t.db.selectFrom('client_events').selectAll().execute();
const success = { client: 'web', event: 'pin_create_success', pin_id: PIN, path: '/pin/create/button/', query: popupQuery };

async function errorOf(response: Response) {
  return ((await response.json()) as { resource_response: { error: { api_error_code: number; message_detail?: string } } }).resource_response.error;
}

describe('the tracking image request (GET /v3/callback/event/)', () => {
  it('stores a success with its pin, path and query, and answers 204 with nothing cached', async () => {
    const t = await testApp();
    const res = await track(t, success);
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('');
    expect(await rows(t)).toEqual([
      expect.objectContaining({
        event: 'pin_create_success',
        client: 'web',
        pin_id: PIN,
        path: '/pin/create/button/',
        query: popupQuery,
        error_code: null,
        viewer_id: null,
        created_at: t.clock.now(),
      }),
    ]);
  });

  it('stores a failure, with its error code when there is one, and the viewer when logged in', async () => {
    const t = await testApp();
    const user = await t.makeUser('ada');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    expect(
      (await track(t, { client: 'web', event: 'pin_create_fail', path: '/pin/create/button/', query: '', error_code: '51' }, { cookie: browser.cookies }))
        .status,
    ).toBe(204);
    expect((await track(t, { client: 'web', event: 'pin_create_fail', path: '/pin/create/button/' })).status).toBe(204);
    const stored = await rows(t);
    expect(stored.map((r) => [r.event, r.pin_id, r.error_code, r.viewer_id, r.query])).toEqual([
      ['pin_create_fail', null, 51, user.id, ''],
      ['pin_create_fail', null, null, null, ''],
    ]);
  });

  it('refuses bad events with a clear 400 envelope and stores nothing', async () => {
    const t = await testApp();
    const cases: Array<[string | Record<string, string>, string]> = [
      [{ ...success, event: 'pin_delete' }, 'event: '],
      [{ ...success, client: 'ios' }, 'client: '],
      [{ ...success, pin_id: 'abc' }, 'pin_id: Must be an id.'],
      [{ client: 'web', event: 'pin_create_success', path: '/pin/create/button/' }, 'pin_id: A success names its pin.'],
      [{ client: 'web', event: 'promote_or_send_success', path: '/pin/create/button/' }, 'pin_id: A success names its pin.'],
      [{ ...success, path: 'https://evil.example/' }, 'path: Must be a path.'],
      [{ ...success, path: `/${'a'.repeat(300)}` }, 'path: Must be at most 256 characters.'],
      [{ ...success, query: 'a'.repeat(EVENT_QUERY_MAX + 1) }, `query: Must be at most ${EVENT_QUERY_MAX} characters.`],
      [{ ...success, query: 'a=<b>\n' }, 'query: Must be printable ASCII.'],
      [{ ...success, error_code: '1234567' }, 'error_code: Must be an error code.'],
      [{ ...success, extra: 'x'.repeat(5000) }, 'Unrecognized key'],
      [`${new URLSearchParams(success)}&event=pin_create_fail`, 'event: Send it once.'],
      ['', 'client: '],
      ['event=%E0%A4%A&client=%', ''],
    ];
    for (const [params, detail] of cases) {
      const res = await track(t, params);
      expect(res.status, String(detail)).toBe(400);
      const error = await errorOf(res);
      expect(error.api_error_code).toBe(1);
      expect(error.message_detail ?? '').toContain(detail);
    }
    expect(await rows(t)).toEqual([]);
  });

  it('takes no events from other sites, and records nothing for HEAD', async () => {
    const t = await testApp();
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await track(t, success, { site });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).api_error_code).toBe(34);
    }
    expect((await track(t, success, { method: 'HEAD' })).status).toBe(204);
    expect(await rows(t)).toEqual([]);
    // A client that sends no Sec-Fetch-Site (an older browser) is taken.
    expect((await track(t, success, { site: null })).status).toBe(204);
    expect(await rows(t)).toHaveLength(1);
  });
});
