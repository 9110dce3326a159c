import { describe, expect, it } from 'vitest';
import { imageFixtures } from '../images/fixtures.js';
import { testApp, type TestApp } from '../testing.js';
import { TOKEN_PREFIX } from './rules.js';

const fixtures = await imageFixtures();
const err = (res: { body: any }) => res.body?.resource_response?.error?.api_error_code ?? 0;
const data = (res: { body: any }) => res.body.resource_response.data;

async function loggedIn(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  expect((await browser.logIn(user.email, user.password)).status).toBe(200);
  return { user, browser };
}

async function withToken(t: TestApp, scope: 'read' | 'write' = 'write') {
  const { user, browser } = await loggedIn(t);
  const made = await browser.post('AccessTokenResource', 'create', { name: 'Shortcut', scope, password: user.password });
  expect(made.status).toBe(200);
  return { user, browser, token: data(made).token as string, id: data(made).id as string };
}

/** A script's request: the token, JSON, no cookie and no Origin. */
async function script(t: TestApp, token: string, path: string, body?: unknown) {
  const response = await t.app.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const savePin = (t: TestApp, token: string, boardId: string) =>
  script(t, token, '/resource/PinResource/create/', {
    options: { board_id: boardId, image_url: fixtures.url('tart'), link: 'https://publisher.example/tart', description: 'From a script', method: 'button' },
  });
const pinCount = async (t: TestApp) => (await t.db.selectFrom('pins').select('id').execute()).length;

describe('personal access tokens', () => {
  it('are made with the password, shown once, stored as a hash, and save a pin with no cookie and no Origin', async () => {
    const t = await testApp();
    const { user, browser, token, id } = await withToken(t);
    expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(token.length).toBeGreaterThan(40);
    const rows = await t.db.selectFrom('access_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token.slice(TOKEN_PREFIX.length));
    const listed = data(await browser.get('AccessTokenResource'));
    expect(listed).toEqual([{ id, name: 'Shortcut', scope: 'write', created_at: expect.any(Number), last_used_at: null }]);
    expect(JSON.stringify(listed)).not.toContain(token);

    const board = await t.makeBoard(user.id, 'Scripts');
    const saved = await savePin(t, token, board);
    expect(saved.status).toBe(200);
    const pin = await t.db.selectFrom('pins').select(['pinner_id', 'board_id']).executeTakeFirstOrThrow();
    expect(pin).toEqual({ pinner_id: user.id, board_id: board });
    expect(data(await browser.get('AccessTokenResource'))[0].last_used_at).toBe(t.clock.now());
  });

  it('refuses a token made without the right password, and a token making a token', async () => {
    const t = await testApp();
    const { browser } = await loggedIn(t);
    const wrong = await browser.post('AccessTokenResource', 'create', { name: 'x', scope: 'read', password: 'not it' });
    expect([wrong.status, err(wrong)]).toEqual([401, 78]);
    const none = await browser.post('AccessTokenResource', 'create', { name: 'x', scope: 'read' });
    expect([none.status, err(none)]).toEqual([401, 317]);
    expect(await t.db.selectFrom('access_tokens').selectAll().execute()).toEqual([]);

    const { user, token } = await withToken(t);
    const byToken = await script(t, token, '/resource/AccessTokenResource/create/', { options: { name: 'more', scope: 'write', password: user.password } });
    expect([byToken.status, err(byToken)]).toEqual([403, 442]);
    const list = await script(t, token, `/resource/AccessTokenResource/get/?data=${encodeURIComponent('{"options":{}}')}`);
    expect([list.status, err(list)]).toEqual([403, 442]);
    // Nor may it change how the account logs in.
    const deactivate = await script(t, token, '/resource/AccountDeactivationResource/create/', { options: { password: user.password } });
    expect([deactivate.status, err(deactivate)]).toEqual([403, 442]);
    expect((await t.db.selectFrom('users').select('state').where('id', '=', user.id).executeTakeFirstOrThrow()).state).toBe('active');
  });

  it('refuses a bad token with a clear error, never as a visitor', async () => {
    const t = await testApp();
    const { user } = await withToken(t);
    const board = await t.makeBoard(user.id, 'Scripts');
    for (const bad of [`${TOKEN_PREFIX}not-a-real-token`, 'garbage', '']) {
      const res = await savePin(t, bad, board);
      expect([res.status, err(res)]).toEqual([401, 440]);
    }
    // A read with a bad token is refused too, not answered as for a stranger.
    const read = await script(t, 'garbage', `/resource/ViewerResource/get/?data=${encodeURIComponent('{"options":{}}')}`);
    expect([read.status, err(read)]).toEqual([401, 440]);
    expect(await pinCount(t)).toBe(0);
  });

  it('lets a read token read as its owner and refuses its writes', async () => {
    const t = await testApp();
    const { user, token } = await withToken(t, 'read');
    const viewer = await script(t, token, `/resource/ViewerResource/get/?data=${encodeURIComponent('{"options":{}}')}`);
    expect(viewer.status).toBe(200);
    expect(data(viewer)).toMatchObject({ type: 'AUTH', user: { id: user.id } });
    const board = await t.makeBoard(user.id, 'Scripts');
    const write = await savePin(t, token, board);
    expect([write.status, err(write)]).toEqual([403, 441]);
    expect(write.body.resource_response.error.message).toContain('only read');
    expect(await pinCount(t)).toBe(0);
  });

  it('dies when revoked', async () => {
    const t = await testApp();
    const { user, browser, token, id } = await withToken(t);
    const board = await t.makeBoard(user.id, 'Scripts');
    expect((await browser.post('AccessTokenResource', 'delete', { id })).status).toBe(200);
    const res = await savePin(t, token, board);
    expect([res.status, err(res)]).toEqual([401, 440]);
    expect(data(await browser.get('AccessTokenResource'))).toEqual([]);
    const again = await browser.post('AccessTokenResource', 'delete', { id });
    expect([again.status, err(again)]).toEqual([404, 443]);
    expect(await pinCount(t)).toBe(0);
  });

  it('may not be revoked by another account', async () => {
    const t = await testApp();
    const { token, id, user } = await withToken(t);
    const { browser: stranger } = await loggedIn(t);
    const res = await stranger.post('AccessTokenResource', 'delete', { id });
    expect([res.status, err(res)]).toEqual([404, 443]);
    expect((await savePin(t, token, await t.makeBoard(user.id, 'Mine'))).status).toBe(200);
  });

  it("dies with a credential change: the owner's security epoch moved", async () => {
    const t = await testApp();
    const { user, token } = await withToken(t);
    const board = await t.makeBoard(user.id, 'Scripts');
    await t.db
      .updateTable('users')
      .set((eb) => ({ security_epoch: eb('security_epoch', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    const res = await savePin(t, token, board);
    expect([res.status, err(res)]).toEqual([401, 440]);
    expect(await pinCount(t)).toBe(0);
  });

  it('dies while its owner is suspended or deactivated', async () => {
    const t = await testApp();
    const { user, token } = await withToken(t);
    const board = await t.makeBoard(user.id, 'Scripts');
    for (const state of ['suspended', 'deactivated']) {
      await t.db.updateTable('users').set({ state }).where('id', '=', user.id).execute();
      const res = await savePin(t, token, board);
      expect([res.status, err(res)]).toEqual([401, 440]);
    }
    expect(await pinCount(t)).toBe(0);
  });

  it('are declared in /openapi.json as a bearer scheme beside the cookie', async () => {
    const t = await testApp();
    const doc = (await (await t.app.request('/openapi.json')).json()) as any;
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/resource/PinResource/create/'].post.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  });

  it('keeps the Origin check for cookie requests', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Scripts');
    const res = await browser.send('/resource/PinResource/create/', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({
        options: { board_id: board, image_url: fixtures.url('tart'), link: 'https://publisher.example/tart', description: 'x', method: 'button' },
      }),
    });
    expect([res.status, err(res)]).toEqual([403, 34]);
    expect(await pinCount(t)).toBe(0);
  });
});
