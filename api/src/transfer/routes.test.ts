import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { transferPerson } from './testing.js';
import { INGEST_JOB } from '../images/ingest.js';
import { LIMITS, limitsFor } from '../lib/limits.js';
import { siteOf } from '../lib/outbound-limits.js';

const fixture = (name: string) => readFile(join(import.meta.dirname, 'fixtures', name));

/** A ZIP made of these entries, as bytes. */
async function zipOf(entries: Record<string, Buffer | string>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of Object.entries(entries)) zip.addBuffer(Buffer.from(body), name, { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Everything an import could have written. */
const written = async (t: TestApp) => ({
  transfers: (await t.db.selectFrom('transfers').select('id').execute()).length,
  jobs: (await t.db.selectFrom('jobs').select('id').execute()).length,
  boards: (await t.db.selectFrom('boards').select('id').execute()).length,
  pins: (await t.db.selectFrom('pins').select('id').execute()).length,
  files: await readdir(join(t.deps.config.mediaDir, 'transfers'))
    .catch(() => [])
    .then(async (stored) => [...stored, ...(await readdir(join(t.deps.config.mediaDir, 'transfers-work')).catch(() => []))]),
});
const nothing = { transfers: 0, jobs: 0, boards: 0, pins: 0, files: [] };

describe('importing a file', () => {
  it('a bookmarks file is staged by its request, read and written by its job with progress, and its folders become boards and sections', async () => {
    const t = await testApp();
    const { user, upload, status } = await transferPerson(t);
    const res = await upload(await fixture('bookmarks-chrome.html'));
    expect(res.status).toBe(200);
    // Its size is known once the job has read it: the request only judges it cheaply.
    expect(res.body.resource_response.data).toMatchObject({ kind: 'import', format: 'bookmarks', status: 'queued', total: 0, done: 0 });
    expect(await t.db.selectFrom('pins').select('id').execute()).toEqual([]);

    await t.runJobs();
    expect((await status()).import).toMatchObject({ status: 'done', total: 5, done: 5, error: null });
    const boards = await t.db
      .selectFrom('boards')
      .select(['name', 'slug', 'section_count', 'pin_count'])
      .where('owner_id', '=', user.id)
      .orderBy('name')
      .execute();
    expect(boards).toEqual([
      { name: 'Bookmarks', slug: 'bookmarks', section_count: 0, pin_count: 1 },
      { name: 'Recipes', slug: 'recipes', section_count: 1, pin_count: 3 },
      { name: 'Trips', slug: 'trips', section_count: 0, pin_count: 1 },
    ]);
    const desserts = await t.db.selectFrom('board_sections').select(['title', 'slug', 'pin_count']).execute();
    expect(desserts).toEqual([{ title: 'Desserts', slug: 'desserts', pin_count: 2 }]);
    const user2 = await t.db.selectFrom('users').select('pin_count').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(user2.pin_count).toBe(5);
    // The file is gone once written.
    expect((await written(t)).files).toEqual([]);
  });

  it("a Pinterest CSV's images go through the ingest job and its outbound rules; a board of the same name takes the pins", async () => {
    const t = await testApp();
    const { user, upload, status } = await transferPerson(t);
    await t.makeBoard(user.id, 'kitchen IDEAS');
    const csv = `Title,Media URL,Pinterest board,Description,Link\nRed,${t.images.url('red')},Kitchen ideas,#red,https://example.com/red\nLocal,http://127.0.0.1:1/x.png,Kitchen ideas,,https://example.com/local\n`;
    expect((await upload(Buffer.from(csv))).status).toBe(200);
    await t.runJobs();
    expect((await status()).import).toMatchObject({ status: 'done', done: 2 });
    expect(await t.db.selectFrom('boards').select('name').execute()).toEqual([{ name: 'kitchen IDEAS' }]);
    const pins = await t.db
      .selectFrom('pins')
      .leftJoin('images', 'images.id', 'pins.image_id')
      .select(['pins.title', 'images.width', 'pins.image_url'])
      .orderBy('pins.title')
      .execute();
    // The fixture host is exempt (OUTBOUND_ALLOW in tests); another loopback address is refused by the ingest job.
    expect(pins).toEqual([
      { title: 'Local', width: null, image_url: 'http://127.0.0.1:1/x.png' },
      { title: 'Red', width: 600, image_url: t.images.url('red') },
    ]);
    expect(await t.db.selectFrom('pin_hashtags').select('tag').execute()).toEqual([{ tag: 'red' }]);
  });

  it("an import of many images on one site fetches no more than that site's share; the rest wait, not failed", async () => {
    const t = await testApp();
    const { upload, status } = await transferPerson(t);
    // Saves and other imports have used all but 3 of the fixture site's share (lib/limits.ts outboundSite).
    const share = LIMITS.outboundSite.points;
    await limitsFor(t.deps).take('outboundSite', siteOf(new URL(t.images.origin).hostname), share - 3);
    const rows = Array.from({ length: 8 }, (_, i) => `Image ${i},${t.images.url(`site-${i}`)},Kitchen`);
    expect((await upload(Buffer.from(`Title,Media URL,Board\n${rows.join('\n')}\n`))).status).toBe(200);
    await t.runJobs();
    expect((await status()).import).toMatchObject({ status: 'done', done: 8 });
    const pins = await t.db.selectFrom('pins').select(['title', 'image_id']).orderBy('title').execute();
    expect(pins.filter((p) => p.image_id)).toHaveLength(3);
    // The others wait for the share to come back: queued, no attempt spent, no error.
    const waiting = await t.db.selectFrom('jobs').select(['kind', 'status', 'attempts', 'last_error']).where('kind', '=', INGEST_JOB).execute();
    expect(waiting).toEqual(Array.from({ length: 5 }, () => ({ kind: INGEST_JOB, status: 'queued', attempts: 0, last_error: null })));
    expect((await limitsFor(t.deps).usage('outboundSite', siteOf(new URL(t.images.origin).hostname))).used).toBe(share);
  });

  it('an archived board of the same name is not saved to (the policy): the import makes a board named apart', async () => {
    const t = await testApp();
    const { user, upload } = await transferPerson(t);
    const archived = await t.makeBoard(user.id, 'Trips');
    await t.db.updateTable('boards').set({ archived_at: t.clock.now() }).where('id', '=', archived).execute();
    expect((await upload(await fixture('bookmarks-chrome.html'))).status).toBe(200);
    await t.runJobs();
    const boards = await t.db.selectFrom('boards').select(['name', 'pin_count']).where('owner_id', '=', user.id).orderBy('name').execute();
    expect(boards).toEqual([
      { name: 'Bookmarks', pin_count: 1 },
      { name: 'Recipes', pin_count: 3 },
      { name: 'Trips', pin_count: 0 },
      { name: 'Trips 2', pin_count: 1 },
    ]);
  });

  it('refuses on its request, by its first bytes, a file of no format of ours, an empty one, a CSV without the columns, one too large; writes nothing', async () => {
    const t = await testApp();
    const { upload } = await transferPerson(t);
    const code = async (body: Buffer) => {
      const res = await upload(body);
      return [
        res.status,
        res.body.resource_response.error?.api_error_code,
        res.body.resource_response.error?.message_detail ?? res.body.resource_response.error?.message,
      ];
    };
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    expect(await code(png)).toEqual([400, 380, expect.stringContaining('bookmarks file')]);
    expect(await code(Buffer.from('<html><body><p>Not bookmarks</p></body></html>'))).toEqual([400, 380, expect.any(String)]);
    expect(await code(Buffer.from('Board,Title\nKitchen,Blue\n'))).toEqual([400, 381, expect.stringContaining('no column of links or images')]);
    expect(await code(Buffer.alloc(0))).toEqual([400, 383, expect.any(String)]);
    // Over the size a text file may have.
    const huge = Buffer.concat([Buffer.from('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL>'), Buffer.alloc(64 * 1024 * 1024 + 10, 0x20)]);
    expect(await code(huge)).toEqual([413, 382, expect.any(String)]);
    expect(await written(t)).toEqual(nothing);
  });

  it('reads a file only in its job: one that is no bookmarks file, a damaged ZIP, a ZIP not ours, a zip bomb, a name climbing out each fail there with their code, writing nothing', async () => {
    const t = await testApp();
    const { upload, status } = await transferPerson(t);
    const verdict = async (body: Buffer) => {
      // Each upload the latest by its time.
      t.clock.advance(1000);
      const res = await upload(body);
      expect(res.body.resource_response.data).toMatchObject({ status: 'queued' });
      await t.runJobs();
      const { error_code, error } = (await status()).import;
      return [error_code, error];
    };
    expect(await verdict(Buffer.from('<!DOCTYPE NETSCAPE-Bookmark-file-1><p>no list</p>'))).toEqual([381, expect.stringContaining('no list of links')]);
    expect(await verdict(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]))).toEqual([381, 'This ZIP file is damaged.']);
    expect(await verdict(await zipOf({ 'notes.txt': 'hello' }))).toEqual([381, expect.stringContaining('not an export from us')]);
    // A zip bomb: 60 MB of zeros packed into a few KB.
    expect(await verdict(await zipOf({ 'boards.json': Buffer.alloc(60 * 1024 * 1024), 'pins.json': '[]' }))).toEqual([
      384,
      expect.stringContaining('unpacks to far more'),
    ]);
    // A name that climbs out of the folder it is unpacked to (written over a safe name of the same length).
    const traversal = (await zipOf({ 'boards.json': '{}', 'pins.json': '[]', 'xx/images/evil.jpg': 'x' }))
      .toString('latin1')
      .replaceAll('xx/images/evil.jpg', '../images/evil.jpg');
    expect(await verdict(Buffer.from(traversal, 'latin1'))).toEqual([384, expect.stringContaining('outside it')]);
    expect({ ...(await written(t)), transfers: 0 }).toEqual(nothing);
  });

  it('a file whose fault only a full read shows fails in its job, before anything is written, with its code', async () => {
    const t = await testApp();
    const { upload, status } = await transferPerson(t);
    expect((await upload(Buffer.from('{"pins": [{"title": "a", "link": "https://example.com/"}, '))).status).toBe(200);
    await t.runJobs();
    expect((await status()).import).toMatchObject({ status: 'failed', error_code: 381, error: 'This JSON file is not valid JSON.' });
    expect({ ...(await written(t)), transfers: 0, jobs: 0 }).toEqual(nothing);
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    // A failed one no longer stands in the way of the next.
    expect((await upload(await fixture('pinterest.csv'))).status).toBe(200);
  });

  it('is for a logged-in person, one import or export at a time', async () => {
    const t = await testApp();
    const anonymous = await t
      .client()
      .send('/v3/imports/', { method: 'POST', headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/octet-stream' }, body: 'x' });
    expect(anonymous.status).toBe(401);
    const { upload } = await transferPerson(t);
    expect((await upload(await fixture('pinterest.json'))).status).toBe(200);
    const second = await upload(await fixture('pinterest.csv'));
    expect([second.status, second.body.resource_response.error?.api_error_code]).toEqual([409, 386]);
  });
});

describe('export, then import into a fresh account', () => {
  it('gives the same boards, sections, pins and images', async () => {
    const t = await testApp();
    const alice = await transferPerson(t);
    const kitchen = await t.makeBoard(alice.user.id, 'Kitchen');
    const secret = await t.makeBoard(alice.user.id, 'Surprise party', 'secret');
    await t.makeBoard(alice.user.id, 'Empty for now');
    const section = (await alice.browser.post('BoardSectionResource', 'create', { board_id: kitchen, name: 'Shelves' })).body.resource_response.data.id;
    const save = (options: Record<string, unknown>) => alice.browser.post('PinResource', 'create', { method: 'button', ...options });
    expect(
      (
        await save({
          board_id: kitchen,
          section,
          image_url: t.images.url('teal', { w: 800, h: 600 }),
          title: 'Teal shelves',
          description: 'Open #shelves',
          link: 'https://example.com/teal',
        })
      ).status,
    ).toBe(200);
    expect((await save({ board_id: kitchen, image_url: t.images.url('amber'), title: 'Amber lamp', link: 'https://example.com/lamp' })).status).toBe(200);
    expect((await save({ board_id: secret, link: 'https://example.com/cake', title: 'Cake', description: 'Chocolate' })).status).toBe(200);
    await t.runJobs();

    const started = await alice.browser.post('ExportResource', 'create', {});
    expect(started.body.resource_response.data).toMatchObject({ kind: 'export', status: 'queued', total: 3 });
    await t.runJobs();
    const exported = (await alice.status()).export;
    expect(exported).toMatchObject({ status: 'done', download_url: `/v3/exports/${exported.id}/download/` });
    const file = await t.app.request(exported.download_url, { headers: { cookie: alice.browser.cookie ?? '' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="corkboard-export-\d{4}-\d\d-\d\d\.zip"$/);
    const zip = Buffer.from(await file.arrayBuffer());
    // Not anyone else's to download.
    const bob = await transferPerson(t);
    expect((await bob.browser.send(exported.download_url)).status).toBe(404);

    expect((await bob.upload(zip)).body.resource_response.data).toMatchObject({ format: 'corkboard-zip', status: 'queued', total: 0 });
    await t.runJobs();
    expect((await bob.status()).import).toMatchObject({ status: 'done', total: 5, done: 5 });

    const boardsOf = (owner: string) =>
      t.db
        .selectFrom('boards')
        .select(['name', 'description', 'privacy', 'section_count', 'pin_count', 'image_cover_url'])
        .where('owner_id', '=', owner)
        .orderBy('name')
        .execute();
    const pinsOf = (owner: string) =>
      t.db
        .selectFrom('pins')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .leftJoin('board_sections', 'board_sections.id', 'pins.section_id')
        .leftJoin('images', 'images.id', 'pins.image_id')
        .select([
          'boards.name as board',
          'board_sections.title as section',
          'pins.title',
          'pins.description',
          'pins.link',
          'images.width',
          'images.height',
          'images.dominant_color',
          'pins.image_id',
        ])
        .where('boards.owner_id', '=', owner)
        .orderBy('pins.title')
        .execute();
    const aliceBoards = await boardsOf(alice.user.id);
    const bobBoards = await boardsOf(bob.user.id);
    expect(bobBoards.map(({ image_cover_url: _, ...b }) => b)).toEqual(aliceBoards.map(({ image_cover_url: _, ...b }) => b));
    expect(bobBoards.map((b) => !!b.image_cover_url)).toEqual(aliceBoards.map((b) => !!b.image_cover_url));
    const alicePins = await pinsOf(alice.user.id);
    const bobPins = await pinsOf(bob.user.id);
    expect(bobPins.map(({ image_id: _, ...p }) => p)).toEqual(alicePins.map(({ image_id: _, ...p }) => p));
    expect(bobPins.filter((p) => p.width).length).toBe(2);
    // Bob's images are his own copies, served from our media like any other.
    for (const pin of bobPins.filter((p) => p.image_id)) {
      const original = await t.app.request(`/media/${pin.image_id}/originals.jpg`);
      expect(original.status).toBe(200);
      expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(pin.width);
    }
    expect(
      await t.db
        .selectFrom('pin_hashtags')
        .innerJoin('pins', 'pins.id', 'pin_hashtags.pin_id')
        .select('tag')
        .where('pins.pinner_id', '=', bob.user.id)
        .execute(),
    ).toEqual([{ tag: 'shelves' }]);
  });
});
