import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { testApp } from '../testing.js';

describe('an advertiser context (saving.md section 6)', () => {
  async function setup() {
    const t = await testApp();
    const owner = await t.makeUser('brand');
    const staff = await t.makeUser('staff');
    const advertiser = newId();
    await t.db.insertInto('advertisers').values({ id: advertiser, owner_user_id: owner.id, name: 'Brand', created_at: 1 }).execute();
    await t.db.insertInto('advertiser_members').values({ advertiser_id: advertiser, user_id: staff.id }).execute();
    const staffBrowser = t.client();
    await staffBrowser.logIn(staff.email, staff.password);
    const ownerBrowser = t.client();
    await ownerBrowser.logIn(owner.email, owner.password);
    return { t, owner, staff, advertiser, staffBrowser, ownerBrowser };
  }

  it('makes a non-owner’s new boards protected with the advertiser id, even when asked for secret', async () => {
    const { t, advertiser, staffBrowser } = await setup();
    const res = await staffBrowser.post('BoardResource', 'create', { name: 'Campaign', privacy: 'secret', advertiser_id: advertiser });
    expect(res.body.resource_response.data.privacy).toBe('protected');
    expect(await t.db.selectFrom('boards').select(['privacy', 'advertiser_id']).executeTakeFirstOrThrow()).toEqual({ privacy: 'protected', advertiser_id: advertiser });
  });

  it('lists only that advertiser’s protected boards to a non-owner, and keeps them out of the personal picker', async () => {
    const { staff, advertiser, staffBrowser, t } = await setup();
    await t.makeBoard(staff.id, 'Personal');
    await staffBrowser.post('BoardResource', 'create', { name: 'Campaign', advertiser_id: advertiser });
    const scoped = (await staffBrowser.get('BoardPickerBoardsResource', { advertiser_id: advertiser })).body.resource_response.data;
    expect(scoped.all_boards.map((b: { name: string }) => b.name)).toEqual(['Campaign']);
    expect(scoped.advertiser).toEqual({ id: advertiser, is_owner: false });
    const personal = (await staffBrowser.get('BoardPickerBoardsResource')).body.resource_response.data;
    expect(personal.all_boards.map((b: { name: string }) => b.name)).toEqual(['Personal']);
  });

  it('lets the owner create public or secret boards as usual', async () => {
    const { advertiser, ownerBrowser } = await setup();
    const res = await ownerBrowser.post('BoardResource', 'create', { name: 'Own', privacy: 'secret', advertiser_id: advertiser });
    expect(res.body.resource_response.data.privacy).toBe('secret');
  });

  it('refuses an advertiser the viewer does not act for, writing nothing', async () => {
    const { t, advertiser } = await setup();
    const outsider = await t.makeUser('outsider');
    const browser = t.client();
    await browser.logIn(outsider.email, outsider.password);
    expect((await browser.post('BoardResource', 'create', { name: 'Sneaky', advertiser_id: advertiser })).status).toBe(403);
    expect((await browser.get('BoardPickerBoardsResource', { advertiser_id: advertiser })).status).toBe(403);
    expect(await t.db.selectFrom('boards').selectAll().execute()).toEqual([]);
  });
});
