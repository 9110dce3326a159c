import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { pinsStore } from './store.js';
import { PRODUCT_TAGS_MAX } from './rules/product-tags.js';
import { privatePostgres } from '../db/testing-postgres.js';

/** The same save and rollback through Postgres, in a database of this file's own (skipped where none answers). */
const pg = (await privatePostgres('cb_pg_tags', 'the product-tag Postgres tests'))?.connect();

const TAGS = [
  { url: 'https://shop.example/lamp', title: 'Brass lamp', price: '€89' },
  { url: 'https://shop.example/shade', title: 'Linen shade' },
];

async function account(t: TestApp, name: string, partner: boolean) {
  const user = await t.makeUser(name);
  if (partner) await t.db.updateTable('users').set({ is_partner: 1 }).where('id', '=', user.id).execute();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, `${name} board`);
  const save = (extra: Record<string, unknown>) =>
    browser.post('PinResource', 'create', { board_id: board, link: 'https://shop.example/', title: 'Living room', method: 'pinbuilder', ...extra });
  return { user, browser, board, save };
}

const tagRows = (t: TestApp) =>
  t.db.selectFrom('pin_product_tags').select(['pin_id', 'position', 'url', 'title', 'price']).orderBy('pin_id').orderBy('position').execute();
const pinCount = async (t: TestApp) => (await t.db.selectFrom('pins').select('id').execute()).length;
const error = (res: { body: { resource_response: { error?: { api_error_code: number; message: string; message_detail?: string } } } }) =>
  res.body.resource_response.error;

describe('product tags on a pin (shop the pin)', () => {
  it('a business account tags products: stored in order with the pin, answered by get to anyone who may see the pin', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const res = await shop.save({ product_tags: TAGS });
    expect(res.status).toBe(200);
    const id = res.body.resource_response.data.id;
    expect(await tagRows(t)).toEqual([
      { pin_id: id, position: 0, url: TAGS[0]!.url, title: 'Brass lamp', price: '€89' },
      { pin_id: id, position: 1, url: TAGS[1]!.url, title: 'Linen shade', price: null },
    ]);
    const expected = [
      { url: TAGS[0]!.url, title: 'Brass lamp', price: '€89' },
      { url: TAGS[1]!.url, title: 'Linen shade', price: null },
    ];
    expect((await t.client().get('PinResource', { id })).body.resource_response.data.product_tags).toEqual(expected);
    // An edit answers the pin as its page shows it, tags included.
    expect((await shop.browser.post('PinResource', 'update', { id, title: 'Cosy corner' })).body.resource_response.data.product_tags).toEqual(expected);
    // A pin without tags answers an empty list; the ad scenario opens the gate too.
    const plain = (await shop.save({ link: 'https://shop.example/other' })).body.resource_response.data.id;
    expect((await t.client().get('PinResource', { id: plain })).body.resource_response.data.product_tags).toEqual([]);
    expect((await shop.save({ link: 'https://shop.example/ad', scenario: 'ad_creation', product_tags: TAGS })).status).toBe(200);
  });

  it('a personal account is refused in the envelope, and nothing is written', async () => {
    const t = await testApp();
    const pinner = await account(t, 'pinner', false);
    const res = await pinner.save({ product_tags: TAGS });
    expect(res.status).toBe(403);
    expect(error(res)).toMatchObject({ api_error_code: 2195, message: 'Only business accounts can tag products on a Pin.' });
    expect(await pinCount(t)).toBe(0);
    expect(await tagRows(t)).toEqual([]);
    // An empty list is no tagging: the save goes through.
    expect((await pinner.save({ product_tags: [] })).status).toBe(200);
  });

  it('a business account is refused where the gate is closed (a story scenario)', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const res = await shop.save({ scenario: 'story_pin', product_tags: TAGS });
    expect(error(res)?.api_error_code).toBe(2195);
    expect(await pinCount(t)).toBe(0);
  });

  it('refuses bad tags with a clear message, writing nothing', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const tag = (extra: Record<string, unknown>) => [{ url: 'https://shop.example/a', title: 'A', ...extra }];
    const cases: [unknown, string][] = [
      [tag({ url: 'http://shop.example/a' }), 'product_tags.0.url: A product link must be an https URL.'],
      [tag({ url: 'javascript:alert(1)' }), 'product_tags.0.url: Must be an http or https URL.'],
      [tag({ url: 'data:text/html,<b>x</b>' }), 'product_tags.0.url: Must be an http or https URL.'],
      [tag({ url: 'https://shop.example@evil.example/' }), 'product_tags.0.url: A product link may not hold a user name or password'],
      [tag({ url: `https://shop.example/${'a'.repeat(2048)}` }), 'product_tags.0.url: Must be at most 2048 characters.'],
      [tag({ url: 'https://203.0.113.7/lamp' }), 'product_tags.0.url: A product link must name its shop plainly'],
      [tag({ url: 'https://shop.example:8443/lamp' }), 'product_tags.0.url: A product link must name its shop plainly'],
      [tag({ url: 'https://аpple.example/lamp' }), 'product_tags.0.url: A product link must name its shop plainly'],
      [tag({ title: '' }), 'product_tags.0.title: Give the product a title.'],
      [tag({ title: 'x'.repeat(101) }), 'product_tags.0.title:'],
      [tag({ title: 'evil\u202Egpj.exe' }), 'product_tags.0.title: Please remove the text-direction control characters'],
      [tag({ price: 'p'.repeat(33) }), 'product_tags.0.price:'],
      [
        Array.from({ length: PRODUCT_TAGS_MAX + 1 }, (_, i) => ({ url: `https://shop.example/${i}`, title: `P${i}` })),
        `product_tags: A Pin can tag at most ${PRODUCT_TAGS_MAX} products.`,
      ],
      [
        [
          { url: 'https://shop.example/a', title: 'A' },
          { url: 'https://SHOP.example:443/a#reviews', title: 'Again' },
        ],
        'product_tags.1.url: This product is already tagged on the Pin.',
      ],
      ['https://shop.example/a', 'product_tags: Must be a list of products.'],
      [[{ url: 'https://shop.example/a' }], 'product_tags.0.title:'],
    ];
    for (const [product_tags, detail] of cases) {
      const res = await shop.save({ product_tags });
      expect(res.status, detail).toBe(400);
      expect(error(res)?.api_error_code, detail).toBe(1);
      expect(`${error(res)?.message_detail ?? error(res)?.message}`, detail).toContain(detail);
    }
    expect(await pinCount(t)).toBe(0);
    expect(await tagRows(t)).toEqual([]);
  });

  it("a hidden pin's tags reach no stranger; its pinner still reads them beside the decision", async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const id = (await shop.save({ product_tags: TAGS })).body.resource_response.data.id;
    for (const state of ['hidden', 'removed'] as const) {
      await t.db.updateTable('pins').set({ hidden: state, hidden_reason: 'spam' }).where('id', '=', id).execute();
      const stranger = await t.client().get('PinResource', { id });
      expect(stranger.status).toBe(404);
      expect(JSON.stringify(stranger.body)).not.toContain('shop.example/lamp');
      const own = (await shop.browser.get('PinResource', { id })).body.resource_response.data;
      expect(own).toMatchObject({ moderation: { state }, product_tags: [{ title: 'Brass lamp' }, { title: 'Linen shade' }] });
    }
  });

  it("a repin does not carry the business's tags", async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const pinner = await account(t, 'pinner', false);
    const id = (await shop.save({ product_tags: TAGS })).body.resource_response.data.id;
    const repin = (await pinner.browser.post('RepinResource', 'create', { pin_id: id, board_id: pinner.board })).body.resource_response.data.id;
    expect((await t.client().get('PinResource', { id: repin })).body.resource_response.data.product_tags).toEqual([]);
  });

  it('deleting the pin, its board or its account removes its tags', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const pinOf = async (link: string, board = shop.board) =>
      (await shop.save({ board_id: board, link, product_tags: TAGS })).body.resource_response.data.id as string;
    const one = await pinOf('https://shop.example/one');
    const other = await pinOf('https://shop.example/other');
    expect((await shop.browser.post('PinResource', 'delete', { id: one })).status).toBe(200);
    expect((await tagRows(t)).map((r) => r.pin_id)).toEqual([other, other]);

    const second = await t.makeBoard(shop.user.id, 'Second');
    const onSecond = await pinOf('https://shop.example/second', second);
    expect((await shop.browser.post('BoardResource', 'delete', { board_id: second })).status).toBe(200);
    await t.runJobs();
    expect((await tagRows(t)).map((r) => r.pin_id)).not.toContain(onSecond);
    expect((await tagRows(t)).length).toBe(2);

    expect((await shop.browser.post('AccountDeletionResource', 'create', { password: shop.user.password })).status).toBe(200);
    await t.runJobs();
    expect(await tagRows(t)).toEqual([]);
  });

  it.for(['SQLite', 'Postgres'])('writes the tags with the pin or not at all: a failing tag insert leaves no pin behind (%s)', async (kind, ctx) => {
    if (kind === 'Postgres' && !pg) return ctx.skip();
    const t = await testApp(kind === 'Postgres' ? { db: pg! } : {});
    const shop = await account(t, 'shop', true);
    const store = pinsStore(t.db);
    const pin = {
      id: '900000000000000001',
      board_id: shop.board,
      section_id: null,
      pinner_id: shop.user.id,
      image_id: null,
      image_url: null,
      link: 'https://shop.example/x',
      title: '',
      description: '',
      method: 'pinbuilder',
      guid: null,
      color: null,
      created_at: t.clock.now(),
      advertiser_id: null,
      alt_text: '',
      video_upload_id: null,
    };
    const tags = store.productTagsInsert(
      pin.id,
      TAGS.map((tag) => ({ ...tag, price: tag.price ?? null })),
    )!;
    // The same rows twice: the second insert breaks the primary key, so the whole save rolls back.
    await expect(store.savePin(pin, null, [tags, tags])).rejects.toThrow();
    expect(await t.db.selectFrom('pins').select('id').where('id', '=', pin.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('pin_product_tags').select('pin_id').where('pin_id', '=', pin.id).execute()).toEqual([]);
    // Once alone, the same rows go in with the pin, and out with it.
    await store.savePin(pin, null, [tags]);
    expect((await t.db.selectFrom('pin_product_tags').select('pin_id').where('pin_id', '=', pin.id).execute()).length).toBe(2);
    expect((await shop.browser.get('PinResource', { id: pin.id })).body.resource_response.data.product_tags.map((tag: { title: string }) => tag.title)).toEqual(
      ['Brass lamp', 'Linen shade'],
    );
    expect((await shop.browser.post('PinResource', 'delete', { id: pin.id })).status).toBe(200);
    expect(await t.db.selectFrom('pin_product_tags').select('pin_id').where('pin_id', '=', pin.id).execute()).toEqual([]);
  });
});
