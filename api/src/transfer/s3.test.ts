import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaObjects } from '../storage/index.js';
import { startLocalS3, type LocalS3 } from '../storage/testing-s3.js';
import { testApp } from '../testing.js';
import { transferPerson } from './testing.js';

/** Import and export with MEDIA_STORE=s3://…: the files live in the bucket, MEDIA_DIR keeps none. */
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3('transfers');
});
afterAll(() => s3?.stop());

describe('import and export through a bucket', () => {
  it('exports with an image and imports the ZIP into a fresh account; nothing stays in MEDIA_DIR or the bucket but the export', async () => {
    const t = await testApp({ config: s3.config(`transfers-${process.pid}`) });
    const ana = await transferPerson(t, 's3ana');
    const board = await t.makeBoard(ana.user.id, 'Bucket board');
    expect(
      (
        await ana.browser.post('PinResource', 'create', {
          board_id: board,
          image_url: t.images.url('teal'),
          title: 'Teal',
          link: 'https://example.com/teal',
          method: 'button',
        })
      ).status,
    ).toBe(200);
    await t.runJobs();
    await ana.browser.post('ExportResource', 'create', {});
    await t.runJobs();
    const exported = (await ana.status()).export;
    expect(exported).toMatchObject({ status: 'done', total: 2, done: 2 });
    const zip = Buffer.from(await (await t.app.request(exported.download_url, { headers: { cookie: ana.browser.cookie ?? '' } })).arrayBuffer());

    const ben = await transferPerson(t, 's3ben');
    expect((await ben.upload(zip)).status).toBe(200);
    expect((await mediaObjects(t.deps.config).list('transfers/')).map((o) => o.key).sort()).toEqual(expect.arrayContaining([`transfers/${exported.id}.zip`]));
    await t.runJobs();
    expect((await ben.status()).import).toMatchObject({ status: 'done', total: 2, done: 2 });
    const pin = await t.db
      .selectFrom('pins')
      .innerJoin('boards', 'boards.id', 'pins.board_id')
      .leftJoin('images', 'images.id', 'pins.image_id')
      .select(['boards.name', 'pins.title', 'images.width'])
      .where('boards.owner_id', '=', ben.user.id)
      .execute();
    expect(pin).toEqual([{ name: 'Bucket board', title: 'Teal', width: 600 }]);
    expect((await mediaObjects(t.deps.config).list('transfers/')).map((o) => o.key)).toEqual([`transfers/${exported.id}.zip`]);
    expect(
      readdirSync(t.deps.config.mediaDir, { recursive: true })
        .map(String)
        .filter((f) => /\.\w+$/.test(f)),
    ).toEqual([]);
  });
});
