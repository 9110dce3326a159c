import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { testApp } from '../testing.js';

describe('an advertiser context', () => {
  async function setup() {
    const t = await testApp();
    const owner = await t.makeUser('brand');
    const staff = await t.makeUser('staff');
    const advertiser = newId();
    await t.db.insertInto('advertisers').values({ id: advertiser, owner_user_id: owner.id, name: 'Brand', created_at: 1 }).execute();
    await t.db.insertInto('advertiser_members').values({ advertiser_id: advertiser, user_id: staff.id }).execute();
    const staffBrowser = t.client();
    await staffBrowser.logIn(staff.email, staff.password);
    // A member who is not the owner acts for the advertiser only with two-factor on.
    await t.passMfa(staff.id);
    const ownerBrowser = t.client();
    await ownerBrowser.logIn(owner.email, owner.password);
    return { t, owner, staff, advertiser, staffBrowser, ownerBrowser };
  }

  it('makes a non-owner’s new boards protected with the advertiser id, even when asked for secret', async () => {
    const { t, advertiser, staffBrowser } = await setup();
    const res = await staffBrowser.post('BoardResource', 'create', { name: 'Campaign', privacy: 'secret', advertiser_id: advertiser });
    expect(res.body.resource_response.data.privacy).toBe('protected');
    expect(await t.db.selectFrom('boards').select(['privacy', 'advertiser_id']).executeTakeFirstOrThrow()).toEqual({
      privacy: 'protected',
      advertiser_id: advertiser,
    });
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

  it('lets the owner choose protected for the business: the board carries its id and shows in the owner’s picker for it, not in the personal one', async () => {
    const { t, owner, advertiser, ownerBrowser } = await setup();
    await t.makeBoard(owner.id, 'Personal');
    const res = await ownerBrowser.post('BoardResource', 'create', { name: 'Spring campaign', privacy: 'protected', advertiser_id: advertiser });
    expect(res.body.resource_response.data.privacy).toBe('protected');
    expect(await t.db.selectFrom('boards').select(['privacy', 'advertiser_id']).where('name', '=', 'Spring campaign').executeTakeFirstOrThrow()).toEqual({
      privacy: 'protected',
      advertiser_id: advertiser,
    });
    const forBusiness = (await ownerBrowser.get('BoardPickerBoardsResource', { advertiser_id: advertiser })).body.resource_response.data;
    expect(forBusiness.all_boards.map((b: { name: string }) => b.name).sort()).toEqual(['Personal', 'Spring campaign']);
    expect(forBusiness.advertiser).toEqual({ id: advertiser, is_owner: true });
    const personal = (await ownerBrowser.get('BoardPickerBoardsResource')).body.resource_response.data;
    expect(personal.all_boards.map((b: { name: string }) => b.name)).toEqual(['Personal']);
  });

  it('refuses protected outside a business with a clear error, writing nothing', async () => {
    const { t, ownerBrowser } = await setup();
    const res = await ownerBrowser.post('BoardResource', 'create', { name: 'Mine', privacy: 'protected' });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toContain('Only a business’s boards can be protected');
    expect(await t.db.selectFrom('boards').selectAll().execute()).toEqual([]);
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

  describe('pins saved in the context (PinResource create advertiser_id)', () => {
    const saveAs = (t: Awaited<ReturnType<typeof setup>>['t'], browser: ReturnType<typeof t.client>, board: string, extra: Record<string, unknown> = {}) =>
      browser.post('PinResource', 'create', { board_id: board, image_url: t.images.url('lake'), method: 'button', ...extra });
    const pinAdvertiser = async (t: Awaited<ReturnType<typeof setup>>['t'], id: string) =>
      (await t.db.selectFrom('pins').select('advertiser_id').where('id', '=', id).executeTakeFirstOrThrow()).advertiser_id;

    it('keeps the advertiser id on a non-owner member’s pin', async () => {
      const { t, advertiser, staffBrowser } = await setup();
      const board = (await staffBrowser.post('BoardResource', 'create', { name: 'Campaign', advertiser_id: advertiser })).body.resource_response.data.id;
      const res = await saveAs(t, staffBrowser, board, { advertiser_id: advertiser });
      expect(res.status).toBe(200);
      expect(await pinAdvertiser(t, res.body.resource_response.data.id)).toBe(advertiser);
    });

    it('keeps none on the owner’s pin, or without a context', async () => {
      const { t, owner, staff, advertiser, ownerBrowser, staffBrowser } = await setup();
      const own = await saveAs(t, ownerBrowser, await t.makeBoard(owner.id, 'Own'), { advertiser_id: advertiser });
      expect(own.status).toBe(200);
      expect(await pinAdvertiser(t, own.body.resource_response.data.id)).toBeNull();
      const plain = await saveAs(t, staffBrowser, await t.makeBoard(staff.id, 'Personal'));
      expect(plain.status).toBe(200);
      expect(await pinAdvertiser(t, plain.body.resource_response.data.id)).toBeNull();
    });

    it('refuses a viewer who does not act for the advertiser, or one that does not exist, writing nothing', async () => {
      const { t, advertiser } = await setup();
      const outsider = await t.makeUser('outsider');
      const browser = t.client();
      await browser.logIn(outsider.email, outsider.password);
      const board = await t.makeBoard(outsider.id, 'Mine');
      const refused = await saveAs(t, browser, board, { advertiser_id: advertiser });
      expect(refused.status).toBe(403);
      expect(refused.body.resource_response.error).toMatchObject({ api_error_code: 3, message_detail: 'You do not act for that advertiser.' });
      expect((await saveAs(t, browser, board, { advertiser_id: newId() })).status).toBe(403);
      const malformed = await saveAs(t, browser, board, { advertiser_id: 'brand' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.resource_response.error?.message_detail).toBe('advertiser_id: Must be an id.');
      expect(await t.db.selectFrom('pins').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('images').selectAll().execute()).toEqual([]);
      expect((await t.db.selectFrom('users').select('pin_count').where('id', '=', outsider.id).executeTakeFirstOrThrow()).pin_count).toBe(0);
    });
  });

  describe('repins saved in the context (RepinResource create advertiser_id, as PinResource create)', () => {
    type Setup = Awaited<ReturnType<typeof setup>>;
    /** A pin by someone else on a public board, for the context's people to repin. */
    const sourcePin = async (t: Setup['t']) => {
      const author = await t.makeUser('author');
      const browser = t.client();
      await browser.logIn(author.email, author.password);
      const res = await browser.post('PinResource', 'create', {
        board_id: await t.makeBoard(author.id, 'Inspiration'),
        image_url: t.images.url('lake'),
        method: 'button',
      });
      return res.body.resource_response.data.id as string;
    };
    const repinAs = (browser: ReturnType<Setup['t']['client']>, pin: string, board: string, extra: Record<string, unknown> = {}) =>
      browser.post('RepinResource', 'create', { pin_id: pin, board_id: board, ...extra });
    const pinAdvertiser = async (t: Setup['t'], id: string) =>
      (await t.db.selectFrom('pins').select('advertiser_id').where('id', '=', id).executeTakeFirstOrThrow()).advertiser_id;

    it('keeps the advertiser id on a non-owner member’s repin', async () => {
      const { t, advertiser, staffBrowser } = await setup();
      const pin = await sourcePin(t);
      const board = (await staffBrowser.post('BoardResource', 'create', { name: 'Campaign', advertiser_id: advertiser })).body.resource_response.data.id;
      const res = await repinAs(staffBrowser, pin, board, { advertiser_id: advertiser });
      expect(res.status).toBe(200);
      expect(await pinAdvertiser(t, res.body.resource_response.data.id)).toBe(advertiser);
    });

    it('keeps none on the owner’s repin, or without a context', async () => {
      const { t, owner, staff, advertiser, ownerBrowser, staffBrowser } = await setup();
      const pin = await sourcePin(t);
      const own = await repinAs(ownerBrowser, pin, await t.makeBoard(owner.id, 'Own'), { advertiser_id: advertiser });
      expect(own.status).toBe(200);
      expect(await pinAdvertiser(t, own.body.resource_response.data.id)).toBeNull();
      const plain = await repinAs(staffBrowser, pin, await t.makeBoard(staff.id, 'Personal'));
      expect(plain.status).toBe(200);
      expect(await pinAdvertiser(t, plain.body.resource_response.data.id)).toBeNull();
    });

    it('refuses a viewer who does not act for the advertiser, or one that does not exist, writing nothing', async () => {
      const { t, advertiser } = await setup();
      const pin = await sourcePin(t);
      const outsider = await t.makeUser('outsider');
      const browser = t.client();
      await browser.logIn(outsider.email, outsider.password);
      const board = await t.makeBoard(outsider.id, 'Mine');
      const pinsBefore = await t.db.selectFrom('pins').select('id').execute();
      const refused = await repinAs(browser, pin, board, { advertiser_id: advertiser });
      expect(refused.status).toBe(403);
      expect(refused.body.resource_response.error).toMatchObject({ api_error_code: 3, message_detail: 'You do not act for that advertiser.' });
      expect((await repinAs(browser, pin, board, { advertiser_id: newId() })).status).toBe(403);
      // Checked before the pin is even looked up: an unknown pin answers the same refusal.
      expect((await repinAs(browser, newId(), board, { advertiser_id: advertiser })).status).toBe(403);
      const malformed = await repinAs(browser, pin, board, { advertiser_id: 'brand' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.resource_response.error?.message_detail).toBe('advertiser_id: Must be an id.');
      expect(await t.db.selectFrom('pins').select('id').execute()).toEqual(pinsBefore);
      expect((await t.db.selectFrom('users').select('pin_count').where('id', '=', outsider.id).executeTakeFirstOrThrow()).pin_count).toBe(0);
      expect((await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirstOrThrow()).pin_count).toBe(0);
    });
  });
});
