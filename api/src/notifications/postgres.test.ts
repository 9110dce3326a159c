import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type Answer } from '../testing.js';

/**
 * Issue 28's SQL through Postgres: notifications (list, badge, marking read), archived boards listed
 * apart, and the cover after pins leave (migration 0028). A database of its own; skipped, with the
 * reason, when no server answers.
 */
const db = (await privatePostgres('cb_notify', 'the board settings and notifications Postgres tests'))?.connect();

const data = (res: Answer) => res.body.resource_response.data;

describe('board settings and notifications, on Postgres', () => {
  it('notifies, counts, lists and marks read; archives and lists apart; the cover follows pins that leave', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const olga = await t.makeUser('olga');
    const cara = await t.makeUser('cara');
    const b = { olga: t.client(), cara: t.client() };
    await b.olga.logIn(olga.email, olga.password);
    await b.cara.logIn(cara.email, cara.password);
    const board = await t.makeBoard(olga.id, 'Garden', 'secret');
    const other = await t.makeBoard(olga.id, 'Kitchen');
    await b.olga.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [cara.id] });
    expect(data(await b.cara.get('NotificationCountResource', {}))).toEqual({ unread: 1, more: false });
    expect(data(await b.cara.get('NotificationsResource', {})).notifications).toMatchObject([
      { kind: 'board_invite', board: { name: 'Garden' }, unread: true },
    ]);
    await b.cara.post('BoardInviteResource', 'update', { board_id: board });
    await b.cara.post('UserFollowResource', 'create', { user_id: olga.id });
    expect(data(await b.olga.get('NotificationCountResource', {}))).toEqual({ unread: 2, more: false });
    await b.olga.post('NotificationsResource', 'update', {});
    expect(data(await b.olga.get('NotificationCountResource', {}))).toEqual({ unread: 0, more: false });

    const pin = data(await b.olga.post('PinResource', 'create', { board_id: board, image_url: t.images.url('tart'), link: 'https://example.com/a' })).id;
    await t.runJobs();
    expect(data(await b.olga.post('BoardResource', 'update', { board_id: board, cover_pin_id: pin }))).toMatchObject({ cover_pin_id: pin });
    await b.olga.post('BulkEditResource', 'update', { board_id: other, pin_ids: [pin] });
    expect(await db.selectFrom('boards').select(['image_cover_url', 'cover_pin_id']).where('id', '=', board).executeTakeFirstOrThrow()).toEqual({
      image_cover_url: null,
      cover_pin_id: null,
    });

    await b.olga.post('BoardResource', 'update', { board_id: board, archived: true });
    expect(data(await b.olga.get('BoardsResource', { username: 'olga', archived: true })).boards.map((x: { id: string }) => x.id)).toEqual([board]);
    expect(data(await b.olga.get('BoardsResource', { username: 'olga' })).boards.map((x: { id: string }) => x.id)).toEqual([other]);
  });
});
