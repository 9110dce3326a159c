import { describe, expect, it } from 'vitest';
import { testApp, type Answer, type TestApp } from '../testing.js';
import { shouldNotify } from './rules.js';

/** Issue 28: notifications in the app, stored per recipient; a badge count and a list that marks them read. */
const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer): number | undefined => res.body.resource_response.error?.api_error_code;

async function person(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

const kinds = async (who: { browser: ReturnType<TestApp['client']> }) =>
  (
    data(await who.browser.get('NotificationsResource', {})).notifications as Array<{
      kind: string;
      actor: { username: string };
      board: { name: string } | null;
    }>
  ).map((n) => `${n.kind} ${n.actor.username} ${n.board?.name ?? '-'}`);
const unread = async (who: { browser: ReturnType<TestApp['client']> }) => data(await who.browser.get('NotificationCountResource', {})).unread as number;

describe('shouldNotify', () => {
  it('never oneself, never from or to an account that is not shown', () => {
    expect(shouldNotify({ actorId: '1', recipientId: '2', actorState: 'active', recipientState: 'active' })).toBe(true);
    expect(shouldNotify({ actorId: '1', recipientId: '1', actorState: 'active', recipientState: 'active' })).toBe(false);
    expect(shouldNotify({ actorId: '1', recipientId: '2', actorState: 'suspended', recipientState: 'active' })).toBe(false);
    expect(shouldNotify({ actorId: '1', recipientId: '2', actorState: 'active', recipientState: 'deactivated' })).toBe(false);
  });
});

describe('NotificationsResource', () => {
  it('an invite after creation, its acceptance, a new follower and a saved pin reach their people; the list marks them read', async () => {
    const t = await testApp();
    const olive = await person(t, 'olive');
    const cara = await person(t, 'cara');
    const board = await t.makeBoard(olive.user.id, 'Garden', 'secret');
    expect(await unread(cara)).toBe(0);
    await olive.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [cara.user.id] });
    // Inviting again is not news.
    await olive.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [cara.user.id] });
    expect(await unread(cara)).toBe(1);
    // The invitee may not see the secret board yet, but the invite names it (as its mail does).
    expect(await kinds(cara)).toEqual(['board_invite olive Garden']);
    await cara.browser.post('BoardInviteResource', 'update', { board_id: board });
    expect(await kinds(olive)).toEqual(['invite_accepted cara Garden']);

    t.clock.advance(1000);
    await cara.browser.post('UserFollowResource', 'create', { user_id: olive.user.id });
    await cara.browser.post('UserFollowResource', 'create', { user_id: olive.user.id });
    const pin = data(await olive.browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/a', color: '#336699' })).id;
    const caraBoard = await t.makeBoard(cara.user.id, 'Ideas', 'secret');
    t.clock.advance(1000);
    await cara.browser.post('RepinResource', 'create', { pin_id: pin, board_id: caraBoard });
    // The saved pin's board is cara's secret one: olive is not told its name.
    expect(await kinds(olive)).toEqual(['pin_saved cara -', 'new_follower cara -', 'invite_accepted cara Garden']);
    expect(await unread(olive)).toBe(3);

    expect(data(await olive.browser.post('NotificationsResource', 'update', {}))).toEqual({ unread: 0 });
    expect(await unread(olive)).toBe(0);
    expect((data(await olive.browser.get('NotificationsResource', {})).notifications as Array<{ unread: boolean }>).every((n) => !n.unread)).toBe(true);
    // Cara's stay unread: each marks their own.
    expect(await unread(cara)).toBe(1);
  });

  it('never notifies oneself; a suspended actor does not notify, and their notifications leave the list', async () => {
    const t = await testApp();
    const olive = await person(t, 'olive');
    const stan = await person(t, 'stan');
    const board = await t.makeBoard(olive.user.id, 'Garden');
    const pin = data(await olive.browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/a', color: '#336699' })).id;
    await olive.browser.post('RepinResource', 'create', { pin_id: pin, board_id: await t.makeBoard(olive.user.id, 'Other') });
    expect(await kinds(olive)).toEqual([]);
    await stan.browser.post('UserFollowResource', 'create', { user_id: olive.user.id });
    expect(await unread(olive)).toBe(1);
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', stan.user.id).execute();
    expect(await unread(olive)).toBe(0);
    expect(await kinds(olive)).toEqual([]);
    const { notificationsService } = await import('./service.js');
    await notificationsService(t.deps).notify({ kind: 'new_follower', actorId: stan.user.id, recipientIds: [olive.user.id] });
    expect(await t.db.selectFrom('notifications').select('id').execute()).toHaveLength(1);
  });

  it('pages newest first; refuses visitors and bad input', async () => {
    const t = await testApp();
    const olive = await person(t, 'olive');
    for (const name of ['ann', 'ben', 'cat']) {
      const p = await person(t, name);
      t.clock.advance(1000);
      await p.browser.post('UserFollowResource', 'create', { user_id: olive.user.id });
    }
    const first = data(await olive.browser.get('NotificationsResource', { page_size: 2 }));
    expect(first.notifications.map((n: { actor: { username: string } }) => n.actor.username)).toEqual(['cat', 'ben']);
    const second = data(await olive.browser.get('NotificationsResource', { page_size: 2, bookmark: first.bookmark }));
    expect(second.notifications.map((n: { actor: { username: string } }) => n.actor.username)).toEqual(['ann']);
    expect(second.bookmark).toBe('-end-');
    const visitor = t.client();
    expect(code(await visitor.get('NotificationsResource', {}))).toBe(7);
    expect(code(await visitor.get('NotificationCountResource', {}))).toBe(7);
    expect(code(await olive.browser.get('NotificationsResource', { page_size: 500 }))).toBe(1);
    expect(code(await olive.browser.get('NotificationsResource', { bookmark: 'x' }))).toBe(1);
    expect(code(await olive.browser.post('NotificationsResource', 'update', { all: true }))).toBe(1);
  });
});

describe('a notification shows only what its reader may still see', () => {
  const listed = async (who: { browser: ReturnType<TestApp['client']> }) =>
    (
      data(await who.browser.get('NotificationsResource', {})).notifications as Array<{
        kind: string;
        board: { name: string } | null;
        pin: { id: string } | null;
      }>
    ).map((n) => ({ kind: n.kind, board: n.board?.name ?? null, pin: n.pin?.id ?? null }));

  it('an invite to a secret board stops naming it once the invite is withdrawn', async () => {
    const t = await testApp();
    const olive = await person(t, 'olive');
    const cara = await person(t, 'cara');
    const board = await t.makeBoard(olive.user.id, 'Surprise party', 'secret');
    await olive.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [cara.user.id] });
    expect(await listed(cara)).toEqual([{ kind: 'board_invite', board: 'Surprise party', pin: null }]);
    expect((await olive.browser.post('BoardInviteResource', 'delete', { board_id: board, invited_user_id: cara.user.id })).status).toBe(200);
    expect(await listed(cara)).toEqual([{ kind: 'board_invite', board: null, pin: null }]);
  });

  it('a removed collaborator’s notices stop naming the secret board and linking its pin', async () => {
    const t = await testApp();
    const olive = await person(t, 'olive');
    const cara = await person(t, 'cara');
    const board = await t.makeBoard(olive.user.id, 'Plans', 'secret');
    await olive.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [cara.user.id] });
    await cara.browser.post('BoardInviteResource', 'update', { board_id: board });
    const pin = data(
      await olive.browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/plan', title: 'The plan', method: 'button' }),
    ).id as string;
    // A notice about that pin on that board, as a save of it would leave one.
    await t.db
      .insertInto('notifications')
      .values({
        id: '900001',
        recipient_id: cara.user.id,
        kind: 'pin_saved',
        actor_id: olive.user.id,
        board_id: board,
        pin_id: pin,
        created_at: t.clock.now(),
        read_at: null,
      })
      .execute();
    // The invite's own notice shares the clock's instant, so pick the save's notice by kind rather than by place.
    const saved = async () => (await listed(cara)).find((n) => n.kind === 'pin_saved');
    expect(await saved()).toEqual({ kind: 'pin_saved', board: 'Plans', pin });
    expect((await olive.browser.post('BoardCollaboratorResource', 'delete', { board_id: board, invited_user_id: cara.user.id })).status).toBe(200);
    expect(await saved()).toEqual({ kind: 'pin_saved', board: null, pin: null });
  });

  it('a pin whose board’s owner is suspended since is no longer linked', async () => {
    const t = await testApp();
    const olive = await person(t, 'olive');
    const cara = await person(t, 'cara');
    const dan = await person(t, 'dan');
    const board = await t.makeBoard(dan.user.id, 'Shared', 'public');
    await dan.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [cara.user.id] });
    await cara.browser.post('BoardInviteResource', 'update', { board_id: board });
    const pin = data(await cara.browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/x', title: 'X', method: 'button' }))
      .id as string;
    await t.db
      .insertInto('notifications')
      .values({
        id: '900002',
        recipient_id: cara.user.id,
        kind: 'pin_saved',
        actor_id: olive.user.id,
        board_id: null,
        pin_id: pin,
        created_at: t.clock.now(),
        read_at: null,
      })
      .execute();
    expect((await listed(cara)).find((n) => n.kind === 'pin_saved')).toEqual({ kind: 'pin_saved', board: null, pin });
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', dan.user.id).execute();
    expect((await listed(cara)).find((n) => n.kind === 'pin_saved')).toEqual({ kind: 'pin_saved', board: null, pin: null });
  });
});
