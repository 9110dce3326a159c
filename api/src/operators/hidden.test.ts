import { describe, expect, it } from 'vitest';
import { world } from '../embeds/testing.js';
import { EMBEDS_PATH } from '../embeds/routes.js';
import type { Answer } from '../testing.js';

/**
 * Hidden means hidden: a pin or a board an operator hid (pins.hidden / boards.hidden) is gone from every
 * list and every outside surface for everyone but its owner, who still sees it on their own lists (and may
 * appeal). Each surface that lists pins or boards is asked here, by a stranger and by the owner.
 */
type World = Awaited<ReturnType<typeof world>>;
const data = (res: Answer) => res.body.resource_response.data;
const ids = (list: Array<{ id: string }>) => list.map((p) => p.id).sort();

async function hiddenWorld() {
  const w = await world();
  // One pin of the public board hidden; the second public board hidden whole, with its one pin.
  await w.t.db.updateTable('pins').set({ hidden: 'hidden', hidden_reason: 'spam' }).where('id', '=', w.pins.open2).execute();
  const browser = w.browser;
  const board = data(await browser.post('BoardResource', 'create', { name: 'Removed board' })).id as string;
  const pinned = await browser.post('PinResource', 'create', {
    board_id: board,
    image_url: w.t.images.url('lake'),
    link: 'https://news.example/removed',
    description: 'About removed #gonetag',
  });
  const onHiddenBoard = data(pinned).id as string;
  await w.t.runJobs();
  await w.t.db.updateTable('boards').set({ hidden: 'removed', hidden_reason: 'hate' }).where('id', '=', board).execute();
  return { ...w, board, onHiddenBoard, stranger: w.t.client() };
}
const page = async (w: World, path: string) =>
  (await w.t.app.request(path, { headers: { accept: 'text/html', 'user-agent': 'Slackbot-LinkExpanding 1.0' } })).text();
const embeds = (w: World, options: Record<string, unknown>) => w.t.client().send(`${EMBEDS_PATH}?data=${encodeURIComponent(JSON.stringify({ options }))}`);

describe('a hidden pin or board', () => {
  it('is gone from the board feed for a stranger, and stays on its owner’s', async () => {
    const w = await hiddenWorld();
    const boardId = (await w.t.db.selectFrom('pins').select('board_id').where('id', '=', w.pins.open).executeTakeFirstOrThrow()).board_id;
    expect(ids(data(await w.stranger.get('BoardFeedResource', { board_id: boardId })).pins)).toEqual([w.pins.open]);
    expect(ids(data(await w.browser.get('BoardFeedResource', { board_id: boardId })).pins)).toEqual([w.pins.open, w.pins.open2].sort());
  });

  it('is gone from a profile’s boards for a stranger, and stays on its owner’s', async () => {
    const w = await hiddenWorld();
    const names = async (b: typeof w.browser) => {
      const answer = data(await b.get('BoardsResource', { username: 'olga' }));
      return ((Array.isArray(answer) ? answer : answer.boards) as Array<{ name: string }>).map((x) => x.name);
    };
    expect(await names(w.stranger)).not.toContain('Removed board');
    expect(await names(w.browser)).toContain('Removed board');
  });

  it('is gone from the owner’s latest saves only when someone else’s board was hidden: their own pins stay', async () => {
    const w = await hiddenWorld();
    const latest = ids(data(await w.browser.get('UserPinsResource', {})).pins);
    expect(latest).toEqual(expect.arrayContaining([w.pins.open2, w.onHiddenBoard]));
  });

  it('is gone from the widgets, the profile widget and the count bubbles', async () => {
    const w = await hiddenWorld();
    const answer = data(
      await embeds(w, {
        boards: ['olga/lake-days', 'olga/removed-board'],
        users: ['olga'],
        pins: [w.pins.open2, w.onHiddenBoard],
        counts: ['https://news.example/lamp', 'https://news.example/removed'],
      }),
    );
    expect(ids(answer.boards['olga/lake-days'].pins)).toEqual([w.pins.open]);
    expect(answer.boards['olga/removed-board']).toBeNull();
    expect(answer.pins).toEqual({ [w.pins.open2]: null, [w.onHiddenBoard]: null });
    expect(ids(answer.users.olga.pins)).toEqual([w.pins.open]);
    expect(answer.counts).toEqual({ 'https://news.example/lamp': 0, 'https://news.example/removed': 0 });
  });

  it('is gone from the RSS feeds, oEmbed and the link previews', async () => {
    const w = await hiddenWorld();
    const boardFeed = await w.t.app.request('/olga/lake-days.rss');
    const boardXml = await boardFeed.text();
    expect(boardXml).toContain('About lake');
    expect(boardXml).not.toContain('About lamp');
    expect((await w.t.app.request('/olga/removed-board.rss')).status).toBe(404);
    const profileXml = await (await w.t.app.request('/olga/feed.rss')).text();
    expect(profileXml).toContain('About lake');
    expect(profileXml).not.toMatch(/About lamp|About removed/);
    for (const pin of [w.pins.open2, w.onHiddenBoard]) {
      const oembed = await w.t.client().send(`/oembed?url=${encodeURIComponent(`http://localhost:8787/pin/${pin}/`)}&format=json`);
      expect(oembed.status).toBe(404);
      const head = await page(w, `/pin/${pin}/`);
      expect(head).not.toMatch(/About lamp|About removed|\/media\//);
    }
    expect(await page(w, '/olga/removed-board/')).not.toMatch(/Removed board|\/media\//);
  });

  it('is gone from search and the hashtag typeahead', async () => {
    const w = await hiddenWorld();
    const tags = await w.stranger.send('/v3/search/autocomplete/?q=%23gonetag');
    expect(JSON.stringify(tags.body)).not.toContain('gonetag');
  });
});
