import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { testApp, type Answer } from '../testing.js';

/** Issue 19: a profile (/{username}/) and the signed-in home page read these three resources. */
const data = (res: Answer) => res.body.resource_response.data;
const error = (res: Answer): any => res.body.resource_response.error;

async function world() {
  const t = await testApp();
  const maya = await t.makeUser('maya');
  const sam = await t.makeUser('sam');
  const mayaBrowser = t.client();
  await mayaBrowser.logIn(maya.email, maya.password);
  const samBrowser = t.client();
  await samBrowser.logIn(sam.email, sam.password);
  const open = await t.makeBoard(maya.id, 'Open kitchen');
  const secret = await t.makeBoard(maya.id, 'Secret gifts', 'secret');
  const archived = await t.makeBoard(maya.id, 'Old things');
  const advertiser = newId();
  await t.db.insertInto('advertisers').values({ id: advertiser, owner_user_id: sam.id, name: 'Sam Co', created_at: 1 }).execute();
  const protectedBoard = newId();
  await t.db
    .insertInto('boards')
    .values({
      id: protectedBoard,
      owner_id: maya.id,
      name: 'Campaign',
      slug: 'campaign',
      privacy: 'protected',
      advertiser_id: advertiser,
      image_cover_url: null,
      archived_at: null,
      last_pinned_at: null,
      created_at: t.clock.now(),
    })
    .execute();
  const pin = async (board: string, n: string) => {
    t.clock.advance(1000);
    return data(await mayaBrowser.post('PinResource', 'create', { board_id: board, link: `https://example.com/${n}`, color: '#336699', title: n }))
      .id as string;
  };
  const pins = { open: await pin(open, 'open'), secret: await pin(secret, 'secret'), archived: await pin(archived, 'archived') };
  await t.makeSection(open, 'Breads');
  await t.db.updateTable('boards').set({ archived_at: t.clock.now() }).where('id', '=', archived).execute();
  return { t, maya, sam, mayaBrowser, samBrowser, open, secret, archived, protectedBoard, pins };
}

const names = (res: Answer) => (data(res).boards as Array<{ name: string }>).map((b) => b.name).sort();

describe('BoardsResource get: a profile’s boards', () => {
  it('lists secret boards to their owner only, protected and archived boards to no one', async () => {
    const { t, mayaBrowser, samBrowser } = await world();
    expect(names(await mayaBrowser.get('BoardsResource', { username: 'maya' }))).toEqual(['Open kitchen', 'Secret gifts']);
    expect(names(await samBrowser.get('BoardsResource', { username: 'maya' }))).toEqual(['Open kitchen']);
    expect(names(await t.client().get('BoardsResource', { username: 'maya' }))).toEqual(['Open kitchen']);
  });

  it('lists the group boards someone collaborates on with their people (owner first, 3 faces and a count)', async () => {
    const { t, maya, sam, mayaBrowser, samBrowser, open, secret } = await world();
    const others = [await t.makeUser('zoe'), await t.makeUser('abe'), await t.makeUser('kit')];
    for (const board of [open, secret]) {
      await mayaBrowser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [sam.id] });
      await samBrowser.post('BoardInviteResource', 'update', { board_id: board });
    }
    for (const other of others) {
      await mayaBrowser.post('BoardInviteResource', 'create', { board_id: open, invited_user_ids: [other.id] });
      const browser = t.client();
      await browser.logIn(other.email, other.password);
      await browser.post('BoardInviteResource', 'update', { board_id: open });
    }
    // Sam's profile: the public group board to everyone, the secret one to Sam only.
    expect(names(await t.client().get('BoardsResource', { username: 'sam' }))).toEqual(['Open kitchen']);
    expect(names(await samBrowser.get('BoardsResource', { username: 'sam' }))).toEqual(['Open kitchen', 'Secret gifts']);
    const [board] = data(await samBrowser.get('BoardsResource', { username: 'sam' })).boards.filter((b: { name: string }) => b.name === 'Open kitchen');
    expect(board).toMatchObject({ is_collaborative: true, collaborator_count: 4, owner: { username: 'maya' }, url: '/maya/open-kitchen/' });
    expect(board.collaborating_users.map((u: { username: string }) => u.username)).toEqual(['maya', 'sam', 'abe']);
    expect(board.collaborating_users[0]).toEqual({ id: maya.id, username: 'maya', full_name: 'maya', image_medium_url: null });
    // A board with no collaborators has none to show.
    const [own] = data(await mayaBrowser.get('BoardsResource', { username: 'maya' })).boards.filter((b: { name: string }) => b.name === 'Secret gifts');
    expect(own).toMatchObject({ is_collaborative: true, collaborator_count: 1 });
  });

  it('gives each board its cover, url and pin and section counts', async () => {
    const { t } = await world();
    const [board] = data(await t.client().get('BoardsResource', { username: 'maya' })).boards;
    expect(board).toMatchObject({
      name: 'Open kitchen',
      url: '/maya/open-kitchen/',
      pin_count: 1,
      section_count: 1,
      privacy: 'public',
      owner: { username: 'maya' },
    });
  });

  it('pages by 25 with a bookmark up to the end marker', async () => {
    const { t, maya, mayaBrowser } = await world();
    for (let i = 0; i < 30; i++) {
      t.clock.advance(1000);
      await t.makeBoard(maya.id, `Board ${i}`);
    }
    const first = data(await mayaBrowser.get('BoardsResource', { username: 'maya' }));
    expect(first.boards).toHaveLength(25);
    expect(first.boards[0].name).toBe('Board 29');
    const second = data(await mayaBrowser.get('BoardsResource', { username: 'maya', bookmark: first.bookmark }));
    expect(second.boards).toHaveLength(7);
    expect(second.bookmark).toBe('-end-');
    expect(new Set([...first.boards, ...second.boards].map((b: { id: string }) => b.id)).size).toBe(32);
  });

  it('answers an unknown profile and a bad bookmark with clear errors', async () => {
    const { t } = await world();
    const missing = await t.client().get('BoardsResource', { username: 'nobody' });
    expect(missing.status).toBe(404);
    expect(error(missing)).toMatchObject({ api_error_code: 200, message: "Sorry, we couldn't find that profile." });
    const bad = await t.client().get('BoardsResource', { username: 'maya', bookmark: 'x' });
    expect(bad.status).toBe(400);
    expect((await t.client().get('BoardsResource', { username: '../etc' })).status).toBe(400);
  });
});

describe('UserResource get: a profile’s header', () => {
  it('gives names and counts, and followedByMe to a follower only', async () => {
    const { t, maya, sam, samBrowser } = await world();
    await t.db.insertInto('follows').values({ follower_id: sam.id, followee_id: maya.id, created_at: 1 }).execute();
    expect(data(await samBrowser.get('UserResource', { username: 'maya' }))).toMatchObject({
      id: maya.id,
      username: 'maya',
      follower_count: 1,
      following_count: 0,
      followedByMe: true,
      is_me: false,
    });
    expect(data(await t.client().get('UserResource', { username: 'maya' }))).toMatchObject({ followedByMe: false, is_me: false });
    expect(error(await t.client().get('UserResource', { username: 'nobody' }))).toMatchObject({ api_error_code: 200 });
  });
});

describe('UserPinsResource get: the home page’s latest pins', () => {
  it('lists the viewer’s own saves, newest first, leaving out boards they may no longer see', async () => {
    const { t, mayaBrowser, samBrowser, pins } = await world();
    const mine = data(await mayaBrowser.get('UserPinsResource'));
    expect(mine.pins.map((p: { id: string }) => p.id)).toEqual([pins.secret, pins.open]);
    expect(mine.bookmark).toBe('-end-');
    expect(data(await samBrowser.get('UserPinsResource')).pins).toEqual([]);
    const visitor = await t.client().get('UserPinsResource');
    expect(visitor.status).toBe(401);
  });
});

describe('UserFollowResource and UserFollowersResource: follows of users', () => {
  it('follows and unfollows, once each, and the profile counts it', async () => {
    const { t, maya, samBrowser } = await world();
    const follow = await samBrowser.post('UserFollowResource', 'create', { user_id: maya.id });
    expect(data(follow)).toEqual({ id: maya.id, username: 'maya', followedByMe: true });
    expect((await samBrowser.post('UserFollowResource', 'create', { user_id: maya.id })).status).toBe(200);
    expect(await t.db.selectFrom('follows').selectAll().where('followee_id', '=', maya.id).execute()).toHaveLength(1);
    expect(data(await samBrowser.get('UserResource', { username: 'maya' }))).toMatchObject({ follower_count: 1, followedByMe: true });
    expect(data(await samBrowser.get('UserResource', { username: 'sam' }))).toMatchObject({ following_count: 1 });

    expect(data(await samBrowser.post('UserFollowResource', 'delete', { user_id: maya.id })).followedByMe).toBe(false);
    expect((await samBrowser.post('UserFollowResource', 'delete', { user_id: maya.id })).status).toBe(200);
    expect(await t.db.selectFrom('follows').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a visitor (code 7), oneself (code 201) and nobody (code 200), writing nothing', async () => {
    const { t, maya, mayaBrowser } = await world();
    const visitor = await t.client().post('UserFollowResource', 'create', { user_id: maya.id });
    expect(visitor.status).toBe(401);
    expect(error(visitor)?.api_error_code).toBe(7);
    const self = await mayaBrowser.post('UserFollowResource', 'create', { user_id: maya.id });
    expect(self.status).toBe(400);
    expect(error(self)).toMatchObject({ api_error_code: 201, message: "You can't follow yourself." });
    expect(error(await mayaBrowser.post('UserFollowResource', 'create', { user_id: '123456' }))?.api_error_code).toBe(200);
    expect((await mayaBrowser.post('UserFollowResource', 'create', { user_id: 'x' })).status).toBe(400);
    expect(await t.db.selectFrom('follows').selectAll().execute()).toHaveLength(0);
  });

  it('lists followers 50 a page, newest first, with followedByMe for the one looking', async () => {
    const { t, maya, sam } = await world();
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) {
      const fan = await t.makeUser(`fan${i}_${Math.random().toString(36).slice(2, 6)}`);
      t.clock.advance(1000);
      await t.db.insertInto('follows').values({ follower_id: fan.id, followee_id: maya.id, created_at: t.clock.now() }).execute();
      ids.push(fan.id);
    }
    await t.db.insertInto('follows').values({ follower_id: sam.id, followee_id: ids[54]!, created_at: 1 }).execute();
    const samBrowser = t.client();
    await samBrowser.logIn(sam.email, sam.password);
    const first = data(await samBrowser.get('UserFollowersResource', { username: 'maya' }));
    expect(first.users).toHaveLength(50);
    expect(first.users[0]).toMatchObject({ id: ids[54], followedByMe: true });
    expect(first.users[1].followedByMe).toBe(false);
    const second = data(await t.client().get('UserFollowersResource', { username: 'maya', bookmark: first.bookmark }));
    expect(second.users.map((u: { id: string }) => u.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.bookmark).toBe('-end-');
    expect((await t.client().get('UserFollowersResource', { username: 'maya', page_size: 51 })).status).toBe(400);
  });
});

describe('a suspended or deactivated account', () => {
  it('answers its profile, boards and followers as a missing one’s (code 200)', async () => {
    const { t, maya, sam } = await world();
    await t.db.insertInto('follows').values({ follower_id: sam.id, followee_id: maya.id, created_at: 1 }).execute();
    for (const state of ['suspended', 'deactivated'] as const) {
      await t.db.updateTable('users').set({ state }).where('id', '=', maya.id).execute();
      for (const resource of ['UserResource', 'BoardsResource', 'UserFollowersResource']) {
        const res = await t.client().get(resource, { username: 'maya' });
        expect(res.status, `${state} ${resource}`).toBe(404);
        expect(error(res)).toMatchObject({ api_error_code: 200, message: "Sorry, we couldn't find that profile." });
      }
    }
    await t.db.updateTable('users').set({ state: 'active' }).where('id', '=', maya.id).execute();
    expect(data(await t.client().get('UserResource', { username: 'maya' }))).toMatchObject({ username: 'maya' });
  });
});
