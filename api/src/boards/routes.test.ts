import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

describe('BoardPickerBoardsResource get', () => {
  it('lists the viewer’s boards, digits last, with their sections; archived and others’ boards left out', async () => {
    const t = await testApp();
    const me = await t.makeUser('me');
    const other = await t.makeUser('other');
    await t.makeBoard(me.id, '2027 goals');
    await t.makeBoard(me.id, 'travel');
    const home = await t.makeBoard(me.id, 'Home decor');
    await t.makeSection(home, 'Lighting');
    const archived = await t.makeBoard(me.id, 'Old stuff');
    await t.db.updateTable('boards').set({ archived_at: 1 }).where('id', '=', archived).execute();
    await t.makeBoard(other.id, 'Not mine', 'secret');
    const shared = await t.makeBoard(other.id, 'Shared with me');
    await t.db.insertInto('board_collaborators').values({ board_id: shared, user_id: me.id, status: 'accepted', created_at: 1 }).execute();

    const browser = t.client();
    await browser.logIn(me.email, me.password);
    const data = (await browser.get('BoardPickerBoardsResource')).body.resource_response.data;
    expect(data.all_boards.map((b: { name: string }) => b.name)).toEqual(['Home decor', 'Shared with me', 'travel', '2027 goals']);
    const homeBoard = data.all_boards[0];
    expect(homeBoard).toMatchObject({ section_count: 1, pin_count: 0, url: '/me/home-decor/', sections: [{ title: 'Lighting' }] });
    expect(data.all_boards[1]).toMatchObject({ is_collaborative: true, owner: { username: 'other' } });
    expect(data.boards_shortlist).toEqual([]);
  });
});
