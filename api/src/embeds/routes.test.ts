import { describe, expect, it } from 'vitest';
import type { testApp, Answer } from '../testing.js';
import { world } from './testing.js';
import { EMBEDS_PATH } from './routes.js';
import { MAX_COUNTS, MAX_EMBEDS } from './contract.js';
import { EMBED_FEED_SIZE } from './service.js';

/**
 * EmbedsResource get: every widget of a publisher's page in one public, cookie-free answer.
 * A secret, protected, archived or missing board (and a pin on one) is null, never its data.
 */

const data = (res: Answer) => res.body.resource_response.data;
const PUBLISHER = 'https://publisher.example';
const ask = (t: Awaited<ReturnType<typeof testApp>>, options: unknown, headers: Record<string, string> = { origin: PUBLISHER }) =>
  t.client().send(`${EMBEDS_PATH}?data=${encodeURIComponent(JSON.stringify({ options }))}`, { headers });

describe('EmbedsResource get', () => {
  it('answers a page’s board, profile, pin and counts in one request, with both renditions for srcset', async () => {
    const { t, pins } = await world();
    const res = await ask(t, {
      boards: ['olga/lake-days'],
      users: ['olga'],
      pins: [pins.open],
      counts: ['https://news.example/lake', 'https://elsewhere.example/'],
    });
    expect(res.status).toBe(200);
    const answer = data(res);
    const board = answer.boards['olga/lake-days'];
    expect(board).toMatchObject({
      name: 'Lake days',
      url: 'http://localhost:8787/olga/lake-days/',
      pin_count: 2,
      owner: { username: 'olga', url: 'http://localhost:8787/olga/' },
    });
    const ids = (list: Array<{ id: string }>) => list.map((p) => p.id).sort();
    expect(ids(board.pins)).toEqual([pins.open, pins.open2].sort());
    const pin = answer.pins[pins.open];
    expect(pin).toMatchObject({
      id: pins.open,
      url: `http://localhost:8787/pin/${pins.open}/`,
      description: 'About lake',
      board: { name: 'Lake days' },
      pinner: { username: 'olga' },
    });
    expect(pin.images['236x']).toEqual({ url: expect.stringMatching(/\/media\/\d+\/236x\.jpg$/), width: 236, height: 157 });
    expect(pin.images['474x']).toEqual({ url: expect.stringMatching(/\/media\/\d+\/474x\.jpg$/), width: 474, height: 316 });
    // The profile shows only pins on boards anyone may see.
    expect(ids(answer.users.olga.pins)).toEqual([pins.open, pins.open2].sort());
    expect(answer.counts).toEqual({ 'https://news.example/lake': 1, 'https://elsewhere.example/': 0 });
  });

  it('never answers a secret, protected or archived board, nor a pin on one; missing ones are null too', async () => {
    const { t, pins } = await world();
    const res = await ask(t, {
      boards: ['olga/secret-plans', 'olga/old-stuff', 'olga/campaign', 'olga/nothing-here', 'nobody/lake-days', 'not a key', 'a/b/c'],
      users: ['nobody', 'Not-A-Name!'],
      pins: [pins.secret, pins.archived, pins.protected, '999999'],
      counts: ['https://news.example/hidden', 'https://news.example/old', 'https://news.example/promo'],
    });
    expect(res.status).toBe(200);
    const answer = data(res);
    expect(Object.values(answer.boards)).toEqual([null, null, null, null, null, null, null]);
    expect(answer.users).toEqual({ nobody: null, 'Not-A-Name!': null });
    expect(answer.pins).toEqual({ [pins.secret]: null, [pins.archived]: null, [pins.protected]: null, '999999': null });
    expect(answer.counts).toEqual({ 'https://news.example/hidden': 0, 'https://news.example/old': 0, 'https://news.example/promo': 0 });
    // Nothing of theirs: no board name, no description (the keys asked for are only echoed).
    expect(JSON.stringify(res.body)).not.toMatch(/Secret plans|Campaign|Old stuff|About /);
  });

  it('answers a suspended or deactivated account’s profile and boards as missing ones (null)', async () => {
    const { t, olga } = await world();
    for (const state of ['suspended', 'deactivated'] as const) {
      await t.db.updateTable('users').set({ state }).where('id', '=', olga.id).execute();
      const answer = data(await ask(t, { boards: ['olga/lake-days'], users: ['olga'] }));
      expect(answer, state).toMatchObject({ boards: { 'olga/lake-days': null }, users: { olga: null } });
    }
  });

  it('is the same for its owner: the session cookie is never read, and no credentials are invited', async () => {
    const { t, browser } = await world();
    const res = await t
      .client({ cookie: browser.cookies })
      .send(`${EMBEDS_PATH}?data=${encodeURIComponent(JSON.stringify({ options: { boards: ['olga/secret-plans'] } }))}`, { headers: { origin: PUBLISHER } });
    expect(data(res).boards['olga/secret-plans']).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('carries a short public cache and an ETag that answers a repeat with 304', async () => {
    const { t } = await world();
    const first = await ask(t, { boards: ['olga/lake-days'] });
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await t.client().send(`${EMBEDS_PATH}?data=${encodeURIComponent(JSON.stringify({ options: { boards: ['olga/lake-days'] } }))}`, {
      headers: { origin: PUBLISHER, 'if-none-match': tag! },
    });
    expect(again.status).toBe(304);
  });

  it('shows at most a board page of pins (25)', async () => {
    const { t, olga } = await world();
    const board = await t.makeBoard(olga.id, 'Many');
    const browser = t.client();
    await browser.logIn(olga.email, olga.password);
    for (let i = 0; i < EMBED_FEED_SIZE + 2; i++) await browser.post('PinResource', 'create', { board_id: board, link: `https://many.example/${i}` });
    expect(data(await ask(t, { boards: ['olga/many'] })).boards['olga/many'].pins).toHaveLength(EMBED_FEED_SIZE);
  });

  it('refuses bad input in the envelope: wrong types, too many widgets or counts, an overlong URL, not JSON', async () => {
    const { t } = await world();
    const many = Array.from({ length: MAX_EMBEDS + 1 }, (_, i) => `olga/b${i}`);
    const cases: unknown[] = [
      { pins: ['abc'] },
      { boards: 'olga/lake-days' },
      { users: [42] },
      { boards: many },
      { boards: many.slice(0, 10), users: many.slice(0, 11).map((_, i) => `u${i}`) },
      { counts: Array.from({ length: MAX_COUNTS + 1 }, (_, i) => `https://x.example/${i}`) },
      { counts: [`https://x.example/${'a'.repeat(600)}`] },
    ];
    for (const options of cases) {
      const res = await ask(t, options);
      expect(res.status).toBe(400);
      expect(res.body.resource_response.error?.api_error_code).toBe(1);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const broken = await t.client().send(`${EMBEDS_PATH}?data=%7Bnope`, { headers: { origin: PUBLISHER } });
    expect(broken.status).toBe(400);
  });
});
