import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { orderCollaborators } from './service.js';

async function member(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

describe('collaborator search (ShareSuggestionsTypeaheadResource)', () => {
  it('finds people by the start of their name, not the viewer, at most 5', async () => {
    const t = await testApp();
    const me = await member(t, 'annie');
    await t.makeUser('anna');
    await t.makeUser('bob');
    for (let i = 0; i < 6; i++) await t.makeUser(`andy${i}`);
    const found = (await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'an' })).body.resource_response.data;
    expect(found).toHaveLength(5);
    expect(found.every((c: { type: string; username: string }) => c.type === 'user' && c.username.startsWith('an') && c.username !== 'annie')).toBe(true);
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'BO' })).body.resource_response.data.map((c: { username: string }) => c.username)).toEqual(['bob']);
  });

  it('treats LIKE wildcards as text', async () => {
    const t = await testApp();
    const me = await member(t, 'carol');
    await t.makeUser('dave');
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: '%' })).body.resource_response.data).toEqual([]);
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: '_' })).body.resource_response.data).toEqual([]);
  });

  it('offers a typed email, marked valid or not', async () => {
    const t = await testApp();
    const me = await member(t, 'erin');
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'friend@exa' })).body.resource_response.data).toEqual([
      { type: 'email', id: 'friend@exa', email: 'friend@exa', valid: false },
    ]);
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'friend@example.com' })).body.resource_response.data[0].valid).toBe(true);
  });
});

describe('board invites (BoardInviteResource)', () => {
  it('invites people and emails to the owner’s board, once each', async () => {
    const t = await testApp();
    const owner = await member(t, 'owner');
    const friend = await t.makeUser('friend');
    const board = await t.makeBoard(owner.user.id, 'Together');
    const res = await owner.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [friend.id, friend.id, owner.user.id], emails: ['Pal@Example.com', 'pal@example.com'] });
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toEqual({ board_id: board, invited_user_ids: [friend.id], emails: ['pal@example.com'] });
    expect(await t.db.selectFrom('board_collaborators').select(['user_id', 'status']).execute()).toEqual([{ user_id: friend.id, status: 'invited' }]);
    expect(await t.db.selectFrom('board_email_invites').select('email').execute()).toEqual([{ email: 'pal@example.com' }]);
    // The invited friend declines.
    const friendBrowser = t.client();
    await friendBrowser.logIn(friend.email, friend.password);
    expect((await friendBrowser.post('BoardInviteResource', 'delete', { board_id: board, invited_user_id: friend.id })).status).toBe(200);
    expect(await t.db.selectFrom('board_collaborators').selectAll().execute()).toEqual([]);
  });

  it('refuses invites to someone else’s board, bad emails and unknown people, writing nothing', async () => {
    const t = await testApp();
    const owner = await member(t, 'owner');
    const board = await t.makeBoard(owner.user.id, 'Mine');
    const stranger = await member(t, 'stranger');
    expect((await stranger.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['x@example.com'] })).status).toBe(403);
    const bad = await owner.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['not-an-email'] });
    expect(bad.status).toBe(400);
    expect(bad.body.resource_response.error?.message_detail).toBe('emails: not-an-email is not an email address.');
    expect((await owner.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: ['123456789012345678'] })).status).toBe(400);
    expect(await t.db.selectFrom('board_email_invites').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('board_collaborators').selectAll().execute()).toEqual([]);
  });
});

describe('collaborator order (saving.md 2.4)', () => {
  it('is owner, then the viewer, then the others by full name', () => {
    const people = [
      { id: 'z', full_name: 'Zed' },
      { id: 'v', full_name: 'Viewer' },
      { id: 'a', full_name: 'Amy' },
      { id: 'o', full_name: 'Owner' },
    ];
    expect(orderCollaborators(people, 'o', 'v').map((p) => p.id)).toEqual(['o', 'v', 'a', 'z']);
  });
});
