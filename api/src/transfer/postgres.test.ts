import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp } from '../testing.js';
import { transferPerson } from './testing.js';

/** Migration 0029 and import/export through Postgres, in a database of this file's own (skipped with a reason when no server answers). */
const db = (await privatePostgres('cb_transfer', 'the import and export Postgres tests'))?.connect();

describe('import and export on Postgres', () => {
  it('imports bookmarks, exports them with an image and imports the ZIP into a fresh account', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const ana = await transferPerson(t, `pgana${Date.now().toString(36)}`);
    expect((await ana.upload(await readFile(join(import.meta.dirname, 'fixtures', 'bookmarks-chrome.html')))).status).toBe(200);
    await t.runJobs();
    expect((await ana.status()).import).toMatchObject({ status: 'done', total: 5, done: 5 });
    const recipes = await t.db.selectFrom('boards').select('id').where('owner_id', '=', ana.user.id).where('name', '=', 'Recipes').executeTakeFirstOrThrow();
    expect(
      (await ana.browser.post('PinResource', 'create', { board_id: recipes.id, image_url: t.images.url('plum'), title: 'Plum', method: 'button' })).status,
    ).toBe(200);
    await t.runJobs();

    await ana.browser.post('ExportResource', 'create', {});
    await t.runJobs();
    const exported = (await ana.status()).export;
    expect(exported).toMatchObject({ status: 'done', total: 7, done: 7 });
    const zip = Buffer.from(await (await t.app.request(exported.download_url, { headers: { cookie: ana.browser.cookie ?? '' } })).arrayBuffer());

    const ben = await transferPerson(t, `pgben${Date.now().toString(36)}`);
    expect((await ben.upload(zip)).status).toBe(200);
    await t.runJobs();
    expect((await ben.status()).import).toMatchObject({ status: 'done', total: 7, done: 7 });
    const shape = (owner: string) =>
      t.db
        .selectFrom('pins')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .leftJoin('board_sections', 'board_sections.id', 'pins.section_id')
        .leftJoin('images', 'images.id', 'pins.image_id')
        .select(['boards.name as board', 'board_sections.title as section', 'pins.title', 'pins.link', 'images.width'])
        .where('boards.owner_id', '=', owner)
        .orderBy('pins.title')
        .execute();
    expect(await shape(ben.user.id)).toEqual(await shape(ana.user.id));
    expect((await shape(ben.user.id)).find((p) => p.title === 'Plum')?.width).toBe(600);
  });
});
