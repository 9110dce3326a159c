import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';

async function member(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

/** A board with a waiting invite to an account, one to an email address, and an accepted collaborator. */
async function boardWithInvites(t: TestApp) {
  const owner = await member(t, 'owner');
  const invited = await member(t, 'invited');
  const joined = await member(t, 'joined');
  const board = await t.makeBoard(owner.user.id, 'Together');
  await owner.browser.post('BoardInviteResource', 'create', {
    board_id: board,
    invited_user_ids: [invited.user.id, joined.user.id],
    emails: ['Pal@Example.com'],
  });
  expect((await joined.browser.post('BoardInviteResource', 'update', { board_id: board })).status).toBe(200);
  return { owner, invited, joined, board };
}

const waiting = (t: TestApp, board: string) =>
  t.db.selectFrom('board_collaborators').select(['user_id', 'status']).where('board_id', '=', board).orderBy('status').execute();

describe('pending invites (BoardPendingInvitesResource)', () => {
  it('lists the invites nobody has taken up to the owner, accounts and emails, not the accepted collaborator', async () => {
    const t = await testApp();
    const { owner, invited, board } = await boardWithInvites(t);
    const res = await owner.browser.get('BoardPendingInvitesResource', { board_id: board });
    expect(res.status).toBe(200);
    const data = res.body.resource_response.data;
    expect(data.users.map((u: { id: string }) => u.id)).toEqual([invited.user.id]);
    expect(data.emails.map((e: { email: string }) => e.email)).toEqual(['pal@example.com']);
  });

  it('lets the owner withdraw an invite to an account and to an email address, and nothing else', async () => {
    const t = await testApp();
    const { owner, invited, joined, board } = await boardWithInvites(t);
    expect((await owner.browser.post('BoardPendingInvitesResource', 'delete', { board_id: board, invited_user_id: invited.user.id })).status).toBe(200);
    expect((await owner.browser.post('BoardPendingInvitesResource', 'delete', { board_id: board, email: 'PAL@example.com' })).status).toBe(200);
    expect(await t.db.selectFrom('board_email_invites').selectAll().execute()).toEqual([]);
    // The accepted collaborator is not an invite: "withdrawing" them is refused and they stay.
    const accepted = await owner.browser.post('BoardPendingInvitesResource', 'delete', { board_id: board, invited_user_id: joined.user.id });
    expect(accepted.status).toBe(404);
    expect(await waiting(t, board)).toEqual([{ user_id: joined.user.id, status: 'accepted' }]);
    // Twice: nothing left to withdraw.
    expect((await owner.browser.post('BoardPendingInvitesResource', 'delete', { board_id: board, email: 'pal@example.com' })).status).toBe(404);
  });

  it('refuses a collaborator, a stranger and a visitor, to list or withdraw, writing nothing', async () => {
    const t = await testApp();
    const { invited, joined, board } = await boardWithInvites(t);
    const stranger = await member(t, 'stranger');
    const before = await waiting(t, board);
    expect((await joined.browser.get('BoardPendingInvitesResource', { board_id: board })).status).toBe(403);
    expect((await joined.browser.post('BoardPendingInvitesResource', 'delete', { board_id: board, email: 'pal@example.com' })).status).toBe(403);
    expect((await stranger.browser.post('BoardPendingInvitesResource', 'delete', { board_id: board, invited_user_id: invited.user.id })).status).toBe(403);
    expect((await t.client().get('BoardPendingInvitesResource', { board_id: board })).status).toBe(401);
    expect(await waiting(t, board)).toEqual(before);
    expect(await t.db.selectFrom('board_email_invites').select('email').execute()).toEqual([{ email: 'pal@example.com' }]);
  });

  it('hides a secret board from a stranger as a missing one', async () => {
    const t = await testApp();
    const owner = await member(t, 'keeper');
    const stranger = await member(t, 'stranger');
    const board = await t.makeBoard(owner.user.id, 'Hidden', 'secret');
    expect((await stranger.browser.get('BoardPendingInvitesResource', { board_id: board })).status).toBe(404);
  });

  it('refuses bad options with a clear error', async () => {
    const t = await testApp();
    const { owner, board } = await boardWithInvites(t);
    for (const options of [
      { board_id: board },
      { board_id: board, email: '' },
      { board_id: board, email: 'x@example.com', invited_user_id: '1' },
      { board_id: 'nope', email: 'x@example.com' },
    ]) {
      const res = await owner.browser.post('BoardPendingInvitesResource', 'delete', options);
      expect(res.status).toBe(400);
      expect(res.body.resource_response.error?.message).toBeTruthy();
    }
    expect(await t.db.selectFrom('board_email_invites').select('email').execute()).toEqual([{ email: 'pal@example.com' }]);
  });
});
