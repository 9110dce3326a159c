import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { runAdmin } from '../operators/commands/accounts.js';
import { authService } from './service.js';
import { ACCOUNT_STATES } from './rules/recovery.js';

const error = (res: { body: any }) => res.body.resource_response.error;

/** A logged-in browser with a board of its own, as a user would have before being blocked. */
async function loggedIn(t: TestApp) {
  const user = await t.makeUser();
  const board = await t.makeBoard(user.id, 'Mine');
  const browser = t.client();
  expect((await browser.logIn(user.email, user.password)).status).toBe(200);
  return { user, board, browser };
}

/** What a blocked session must meet on the two writes of the save flow: 401 code 7. */
async function expectRefused(browser: ReturnType<TestApp['client']>, board: string) {
  const create = await browser.post('BoardResource', 'create', { name: 'After the block' });
  expect(create.status).toBe(401);
  expect(error(create).api_error_code).toBe(7);
  const save = await browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/after' });
  expect(save.status).toBe(401);
  expect(error(save).api_error_code).toBe(7);
  expect((await browser.get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');
}

describe('a blocked account loses its sessions', () => {
  const blocking = ACCOUNT_STATES.filter((s) => s !== 'active');
  for (const state of blocking) {
    it(`${state} by the admin command: the old cookie is refused, and every session row is revoked`, async () => {
      const t = await testApp();
      const { user, board, browser } = await loggedIn(t);
      const other = t.client();
      await other.logIn(user.email, user.password);
      await runAdmin(t.deps, ['state', user.email, state]);
      await expectRefused(browser, board);
      await expectRefused(other, board);
      const live = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
      expect(live).toEqual([]);
      expect(await t.db.selectFrom('boards').select('name').where('owner_id', '=', user.id).execute()).toEqual([{ name: 'Mine' }]);
    });
  }

  it('the session check refuses a blocked account even when a session row survives (state set by SQL)', async () => {
    const t = await testApp();
    const { user, board, browser } = await loggedIn(t);
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', user.id).execute();
    await expectRefused(browser, board);
    // Back to active: the surviving row works again (nothing revoked it), as a direct SQL edit intends.
    await t.db.updateTable('users').set({ state: 'active' }).where('id', '=', user.id).execute();
    expect((await browser.post('BoardResource', 'create', { name: 'Back' })).status).toBe(200);
  });

  it('an unknown state in the database refuses too: only active accounts hold sessions', async () => {
    const t = await testApp();
    const { user, board, browser } = await loggedIn(t);
    await t.db.updateTable('users').set({ state: 'something_new' }).where('id', '=', user.id).execute();
    await expectRefused(browser, board);
  });

  it('back to active: logging in works again and the new session saves', async () => {
    const t = await testApp();
    const { user, board } = await loggedIn(t);
    await runAdmin(t.deps, ['state', user.email, 'suspended']);
    await runAdmin(t.deps, ['state', user.email, 'active']);
    const browser = t.client();
    expect((await browser.logIn(user.email, user.password)).status).toBe(200);
    expect((await browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/back' })).status).toBe(200);
  });

  it('the service call other paths use ends the sessions too', async () => {
    const t = await testApp();
    const { user, board, browser } = await loggedIn(t);
    await authService(t.deps).setAccountState(user.id, 'deactivated', 'community_guidelines');
    await expectRefused(browser, board);
    expect(await t.db.selectFrom('users').select(['state', 'state_reason']).where('id', '=', user.id).executeTakeFirst()).toEqual({
      state: 'deactivated',
      state_reason: 'community_guidelines',
    });
  });

  it('a remembered browser does not welcome a blocked account back with its name and picture', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    await browser.post('UserSessionResource', 'delete', {});
    const before = (await browser.get('ViewerResource')).body.resource_response.data;
    expect(before.type).toBe('LIMITED_LOGIN');
    await runAdmin(t.deps, ['state', user.email, 'suspended']);
    const after = (await browser.get('ViewerResource')).body.resource_response.data;
    expect(after.type).not.toBe('LIMITED_LOGIN');
    expect(JSON.stringify(after)).not.toContain(user.email);
    // Active again: the same browser is recognised again (the remembered token was kept, only not honoured).
    await runAdmin(t.deps, ['state', user.email, 'active']);
    expect((await browser.get('ViewerResource')).body.resource_response.data.type).toBe('LIMITED_LOGIN');
  });
});
