import { describe, expect, it } from 'vitest';
import { testApp, type Answer } from '../testing.js';
import { lastVerifyToken, outboxMessages, signUpWithEmail } from '../auth/safety-helpers.js';

/** Issue 19: invites that can be accepted or declined, and collaborators who are removed or leave. */
const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer): number | undefined => res.body.resource_response.error?.api_error_code;

async function world() {
  const t = await testApp();
  const owner = await t.makeUser('olive');
  const collab = await t.makeUser('cara');
  const stranger = await t.makeUser('stan');
  const browsers = { owner: t.client(), collab: t.client(), stranger: t.client(), visitor: t.client() };
  await browsers.owner.logIn(owner.email, owner.password);
  await browsers.collab.logIn(collab.email, collab.password);
  await browsers.stranger.logIn(stranger.email, stranger.password);
  const board = await t.makeBoard(owner.id, 'Group trip', 'secret');
  return { t, owner, collab, stranger, browsers, board };
}

describe('accepting and declining an invite', () => {
  it('an invited user sees the invite on the board’s URL, accepts, and the board is theirs to save to', async () => {
    const { collab, browsers, board } = await world();
    await browsers.owner.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [collab.id] });
    expect(code(await browsers.collab.get('BoardResource', { board_id: board }))).toBe(40);
    expect(data(await browsers.collab.get('BoardInviteResource', { username: 'olive', slug: 'group-trip' }))).toMatchObject({
      board: { id: board, name: 'Group trip' },
      owner: { username: 'olive' },
    });
    expect(data(await browsers.collab.post('BoardInviteResource', 'update', { board_id: board }))).toEqual({ board_id: board, status: 'accepted' });
    expect(data(await browsers.collab.get('BoardResource', { board_id: board })).is_collaborative).toBe(true);
    expect((await browsers.collab.post('PinResource', 'create', { board_id: board, link: 'https://example.com/x' })).status).toBe(200);
    // Accepted: nothing left to accept.
    expect(code(await browsers.collab.post('BoardInviteResource', 'update', { board_id: board }))).toBe(40);
  });

  it('an email invite is accepted by the account with that email, even one made after the invite', async () => {
    const { t, browsers, board } = await world();
    await browsers.owner.post('BoardInviteResource', 'create', { board_id: board, emails: ['New.Person@example.com'] });
    const newcomer = await t.makeUser('new.person'.replace('.', '_'));
    await t.db.updateTable('users').set({ email: 'new.person@example.com' }).where('id', '=', newcomer.id).execute();
    const browser = t.client();
    await browser.logIn('new.person@example.com', newcomer.password);
    expect((await browser.get('BoardInviteResource', { board_id: board })).status).toBe(200);
    expect((await browser.post('BoardInviteResource', 'update', { board_id: board })).status).toBe(200);
    expect(await t.db.selectFrom('board_email_invites').selectAll().execute()).toHaveLength(0);
    expect(await t.db.selectFrom('board_collaborators').select(['user_id', 'status']).execute()).toEqual([{ user_id: newcomer.id, status: 'accepted' }]);
  });

  it('an email invite is claimed only by a verified address: whoever registers the invited address first must follow its link', async () => {
    const { t, browsers, board } = await world();
    await browsers.owner.post('BoardInviteResource', 'create', { board_id: board, emails: ['invitee@example.org'] });
    // Someone registers the invited address before its owner does; the account is not verified.
    const squatter = t.client();
    expect((await signUpWithEmail(t, 'invitee@example.org', squatter)).status).toBe(200);
    const notice = await squatter.get('BoardInviteResource', { username: 'olive', slug: 'group-trip' });
    expect(notice.status).toBe(403);
    expect(code(notice)).toBe(260);
    // Nothing of the secret board: not its name in the notice, not the board itself.
    expect(JSON.stringify(notice.body)).not.toContain('Group trip');
    expect(code(await squatter.post('BoardInviteResource', 'update', { board_id: board }))).toBe(260);
    expect(
      code(await squatter.post('BoardInviteResource', 'delete', { board_id: board, invited_user_id: data(await squatter.get('ViewerResource')).user.id })),
    ).toBe(260);
    expect(code(await squatter.get('BoardResource', { board_id: board }))).toBe(40);
    expect(await t.db.selectFrom('board_collaborators').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('board_email_invites').select('email').execute()).toEqual([{ email: 'invitee@example.org' }]);

    // The address's owner follows the link mailed to it: now the invite is theirs to accept.
    expect((await outboxMessages(t, 'invitee@example.org')).map((m) => m.subject)).toContain('Confirm your email for Corkboard');
    expect((await t.client().post('EmailVerificationResource', 'update', { token: await lastVerifyToken(t, 'invitee@example.org') })).status).toBe(200);
    expect(data(await squatter.get('BoardInviteResource', { board_id: board }))).toMatchObject({ board: { name: 'Group trip' } });
    expect(data(await squatter.post('BoardInviteResource', 'update', { board_id: board }))).toEqual({ board_id: board, status: 'accepted' });
    expect(data(await squatter.get('BoardResource', { board_id: board })).name).toBe('Group trip');
  });

  it('declining removes the invite; a stranger or a visitor has no invite to see, accept or decline', async () => {
    const { t, collab, stranger, browsers, board } = await world();
    await browsers.owner.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [collab.id] });
    expect(code(await browsers.stranger.get('BoardInviteResource', { board_id: board }))).toBe(40);
    expect(code(await browsers.stranger.post('BoardInviteResource', 'update', { board_id: board }))).toBe(40);
    expect(code(await browsers.stranger.post('BoardInviteResource', 'delete', { board_id: board, invited_user_id: stranger.id }))).toBe(40);
    expect((await browsers.visitor.post('BoardInviteResource', 'update', { board_id: board })).status).toBe(401);
    expect((await browsers.collab.post('BoardInviteResource', 'delete', { board_id: board, invited_user_id: collab.id })).status).toBe(200);
    expect(await t.db.selectFrom('board_collaborators').selectAll().execute()).toHaveLength(0);
  });
});

describe('an invite held when the board goes out of sight (policy/rules.ts join)', () => {
  it('cannot be seen or taken up once the owner is suspended or deactivated, or while the board is archived, and can again after', async () => {
    const { t, owner, collab, browsers, board } = await world();
    await browsers.owner.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [collab.id] });
    const notice = () => browsers.collab.get('BoardInviteResource', { username: 'olive', slug: 'group-trip' });
    const accept = () => browsers.collab.post('BoardInviteResource', 'update', { board_id: board });
    for (const state of ['suspended', 'deactivated'] as const) {
      await t.db.updateTable('users').set({ state }).where('id', '=', owner.id).execute();
      expect([code(await notice()), code(await accept())], state).toEqual([40, 40]);
    }
    await t.db.updateTable('users').set({ state: 'active' }).where('id', '=', owner.id).execute();
    await t.db.updateTable('boards').set({ archived_at: t.clock.now() }).where('id', '=', board).execute();
    expect([code(await notice()), code(await accept())]).toEqual([40, 40]);
    // Nothing was taken up meanwhile: the invite is still pending.
    expect(await t.db.selectFrom('board_collaborators').select(['user_id', 'status']).execute()).toEqual([{ user_id: collab.id, status: 'invited' }]);
    await t.db.updateTable('boards').set({ archived_at: null }).where('id', '=', board).execute();
    expect((await notice()).status).toBe(200);
    expect(data(await accept())).toEqual({ board_id: board, status: 'accepted' });
  });
});

describe('BoardCollaboratorResource delete: removing and leaving', () => {
  async function accepted() {
    const w = await world();
    await w.browsers.owner.post('BoardInviteResource', 'create', { board_id: w.board, invited_user_ids: [w.collab.id] });
    await w.browsers.collab.post('BoardInviteResource', 'update', { board_id: w.board });
    return w;
  }
  const remaining = (w: Awaited<ReturnType<typeof world>>) => w.t.db.selectFrom('board_collaborators').select('user_id').execute();

  it('the owner removes a collaborator', async () => {
    const w = await accepted();
    expect(
      (await w.browsers.owner.post('BoardCollaboratorResource', 'delete', { board_id: w.board, invited_user_id: w.collab.id, field_set_key: 'boardEdit' }))
        .status,
    ).toBe(200);
    expect(await remaining(w)).toEqual([]);
    expect(code(await w.browsers.collab.get('BoardResource', { board_id: w.board }))).toBe(40);
  });

  it('a collaborator leaves, but may not remove the owner', async () => {
    const w = await accepted();
    expect(code(await w.browsers.collab.post('BoardCollaboratorResource', 'delete', { board_id: w.board, invited_user_id: w.owner.id }))).toBe(3);
    expect((await w.browsers.collab.post('BoardCollaboratorResource', 'delete', { board_id: w.board, invited_user_id: w.collab.id })).status).toBe(200);
    expect(await remaining(w)).toEqual([]);
  });

  it('a stranger meets a secret board as missing, a visitor is asked to log in, and nothing changes', async () => {
    const w = await accepted();
    expect(code(await w.browsers.stranger.post('BoardCollaboratorResource', 'delete', { board_id: w.board, invited_user_id: w.collab.id }))).toBe(40);
    expect(code(await w.browsers.visitor.post('BoardCollaboratorResource', 'delete', { board_id: w.board, invited_user_id: w.collab.id }))).toBe(7);
    expect(code(await w.browsers.owner.post('BoardCollaboratorResource', 'delete', { board_id: w.board, invited_user_id: w.owner.id }))).toBe(1);
    expect(await remaining(w)).toEqual([{ user_id: w.collab.id }]);
  });
});
