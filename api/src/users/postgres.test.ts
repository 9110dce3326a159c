import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type Answer } from '../testing.js';

/**
 * Issue 19's SQL through Postgres: profiles (group boards and their people), follows and followers
 * paging, invites accepted, declined and removed, bulk delete and the hashtag index of migration 0018.
 * A database of its own; skipped, with the reason, when no server answers.
 */
const db = (await privatePostgres('cb_place', 'the profile and collaboration Postgres tests'))?.connect();

const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer) => res.body.resource_response.error?.api_error_code;

describe('a place to come back to, on Postgres', () => {
  it('profiles list group boards with their people; follows page; invites complete; bulk delete and hashtags work', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const olga = await t.makeUser('olga');
    const cara = await t.makeUser('cara');
    const dan = await t.makeUser('dan');
    const b = { olga: t.client(), cara: t.client(), dan: t.client(), visitor: t.client() };
    await b.olga.logIn(olga.email, olga.password);
    await b.cara.logIn(cara.email, cara.password);
    await b.dan.logIn(dan.email, dan.password);

    // Collaboration: a user invite accepted, an email invite declined, a collaborator removed.
    const shared = await t.makeBoard(olga.id, 'Shared');
    const secret = await t.makeBoard(olga.id, 'Secret', 'secret');
    await b.olga.post('BoardInviteResource', 'create', { board_id: shared, invited_user_ids: [cara.id, dan.id], emails: ['dan@example.com'] });
    expect(data(await b.cara.get('BoardInviteResource', { username: 'olga', slug: 'shared' }))).toMatchObject({
      board: { id: shared },
      owner: { username: 'olga' },
    });
    expect((await b.cara.post('BoardInviteResource', 'update', { board_id: shared })).status).toBe(200);
    expect((await b.dan.post('BoardInviteResource', 'delete', { board_id: shared, invited_user_id: dan.id })).status).toBe(200);
    expect(await db.selectFrom('board_email_invites').selectAll().execute()).toEqual([]);
    const people = data(await b.visitor.get('BoardCollaboratorsResource', { board_id: shared }));
    expect(people.map((p: { username: string }) => p.username)).toEqual(['cara']);

    // Profiles: the group board on both, with the owner first in its face pile.
    const caraBoards = data(await b.visitor.get('BoardsResource', { username: 'cara' })).boards;
    expect(caraBoards).toHaveLength(1);
    expect(caraBoards[0]).toMatchObject({ name: 'Shared', collaborator_count: 1, is_collaborative: true });
    expect(caraBoards[0].collaborating_users.map((u: { username: string }) => u.username)).toEqual(['olga', 'cara']);
    expect(
      data(await b.olga.get('BoardsResource', { username: 'olga' }))
        .boards.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['Secret', 'Shared']);
    expect(data(await b.visitor.get('BoardsResource', { username: 'olga' })).boards.map((x: { name: string }) => x.name)).toEqual(['Shared']);
    expect(code(await b.visitor.get('BoardCollaboratorsResource', { board_id: secret }))).toBe(40);

    // Follows: counts, followedByMe and paging of followers by 1.
    await b.cara.post('UserFollowResource', 'create', { user_id: olga.id });
    t.clock.advance(1000);
    await b.dan.post('UserFollowResource', 'create', { user_id: olga.id });
    await b.dan.post('UserFollowResource', 'create', { user_id: olga.id });
    expect(data(await b.dan.get('UserResource', { username: 'olga' }))).toMatchObject({ follower_count: 2, followedByMe: true });
    const first = data(await b.visitor.get('UserFollowersResource', { username: 'olga', page_size: 1 }));
    expect(first.users.map((u: { username: string }) => u.username)).toEqual(['dan']);
    const second = data(await b.visitor.get('UserFollowersResource', { username: 'olga', page_size: 1, bookmark: first.bookmark }));
    expect(second.users.map((u: { username: string }) => u.username)).toEqual(['cara']);
    await b.dan.post('UserFollowResource', 'delete', { user_id: olga.id });
    expect(data(await b.visitor.get('UserResource', { username: 'olga' })).follower_count).toBe(1);

    // Pins with hashtags (migration 0018's byte-ordered index), then bulk delete.
    const save = async (who: typeof b.olga, description: string) =>
      data(await who.post('PinResource', 'create', { board_id: shared, link: `https://example.com/${Math.random()}`, color: '#336699', description }))
        .id as string;
    const mine = await save(b.olga, '#Été #etagere');
    const hers = await save(b.cara, '#été');
    const suggested = await b.visitor.send(`/v3/search/autocomplete/?q=${encodeURIComponent('#ét')}`);
    expect(data(suggested)).toEqual([{ query: '#été', pin_count: 2 }]);
    expect(code(await b.cara.post('BulkEditResource', 'delete', { board_id: shared, pin_ids: [mine, hers] }))).toBe(3);
    expect((await b.olga.post('BulkEditResource', 'delete', { board_id: shared, pin_ids: [mine, hers] })).status).toBe(200);
    expect(await db.selectFrom('pin_hashtags').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('boards').select('pin_count').where('id', '=', shared).executeTakeFirst()).toEqual({ pin_count: 0 });

    // The owner removes the collaborator; the board leaves their profile.
    expect((await b.olga.post('BoardCollaboratorResource', 'delete', { board_id: shared, invited_user_id: cara.id })).status).toBe(200);
    expect(data(await b.visitor.get('BoardsResource', { username: 'cara' })).boards).toEqual([]);
  });
});
