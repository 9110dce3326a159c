import fc from 'fast-check';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { jobsStore } from '../jobs/store.js';
import { IMPORT_MAX_NESTING, IMPORT_MAX_SECTIONS } from './rules.js';
import { IMPORT_JOB } from './service.js';
import { transferPerson } from './testing.js';

/**
 * Hostile files, made by fast-check, each uploaded and read by its job as a server's worker would, while
 * the server answers /health in the middle of that job (the job never holds it in one synchronous piece)
 * and the process lives on; each ends with a code of the catalogue on the import's status, nothing written.
 */

async function zipOf(entries: Array<[string, Buffer | string]>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of entries) zip.addBuffer(Buffer.from(body), name, { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The ZIP with every size its headers give for its entries (local and central) set to `size`: a lie. */
function lyingSizes(zip: Buffer, size: (real: number) => number): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 46 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt32LE(size(out.readUInt32LE(at + 22)) >>> 0, at + 22);
    else if (signature === 0x02014b50) out.writeUInt32LE(size(out.readUInt32LE(at + 24)) >>> 0, at + 24);
  }
  return out;
}

/** Uploads the file, then runs its job; /health is asked while the job runs, and must answer before it ends. */
async function importWhileHealthAnswers(t: TestApp, person: Awaited<ReturnType<typeof transferPerson>>, file: Buffer) {
  t.clock.advance(1000);
  const staged = await person.upload(file);
  expect(staged.status, JSON.stringify(staged.body)).toBe(200);
  let finished = false;
  const job = t.runJobs().finally(() => void (finished = true));
  const health = await t.app.request('/health');
  const answeredDuringJob = !finished;
  await job;
  expect(health.status).toBe(200);
  expect(answeredDuringJob).toBe(true);
  return (await person.status()).import as { status: string; error_code: number | null; error: string | null };
}

const nothingWritten = async (t: TestApp) => {
  expect(await t.db.selectFrom('pins').select('id').execute()).toEqual([]);
  expect(await t.db.selectFrom('boards').select('id').execute()).toEqual([]);
  expect(await t.db.selectFrom('jobs').select(['kind', 'status']).execute()).toEqual([]);
  expect(await readdir(join(t.deps.config.mediaDir, 'transfers')).catch(() => [])).toEqual([]);
};

const RUNS = { numRuns: 4 };

// Several megabytes per case, a few cases per property: more than the default time on a shared machine.
describe('a hostile import file, read by its job while the server answers', { timeout: 90_000 }, () => {
  it('a CSV of blank lines (any mix of line ends, spaces, empty fields): no pins, import_empty', async () => {
    const t = await testApp();
    const person = await transferPerson(t);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('\n', '\r\n', '\r', ',,,\n', '  \n'), fc.integer({ min: 1_000, max: 200_000 }), async (blank, lines) => {
        const csv = Buffer.from(`Title,Link,Board\n${blank.repeat(lines)}`);
        expect(await importWhileHealthAnswers(t, person, csv)).toMatchObject({ status: 'failed', error_code: 383 });
        await nothingWritten(t);
      }),
      RUNS,
    );
  });

  it('a CSV whose quote never closes: refused at the longest row a pin could have, import_invalid', async () => {
    const t = await testApp();
    const person = await transferPerson(t);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 3 }), async (megabytes) => {
        const csv = Buffer.concat([Buffer.from('Title,Link\n"'), Buffer.alloc(megabytes * 1024 * 1024, 'a,\n')]);
        expect(await importWhileHealthAnswers(t, person, csv)).toMatchObject({ status: 'failed', error_code: 381 });
        await nothingWritten(t);
      }),
      { numRuns: 2 },
    );
  });

  it('bookmarks nested far deeper than any folder tree, with links at every level: import_invalid', async () => {
    const t = await testApp();
    const person = await transferPerson(t);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: IMPORT_MAX_NESTING + 1, max: 200_000 }), fc.boolean(), async (depth, named) => {
        const level = named ? '<DT><H3>f</H3><DL><p><DT><A HREF="https://example.com/">x</A>' : '<DL><p><DT><A HREF="https://example.com/">x</A>';
        const html = Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>${level.repeat(depth)}`);
        expect(await importWhileHealthAnswers(t, person, html)).toMatchObject({ status: 'failed', error_code: 381, error: expect.stringContaining('nests') });
        await nothingWritten(t);
      }),
      RUNS,
    );
  });

  it('a ZIP whose boards.json holds a huge count of sections: import_too_many', async () => {
    const t = await testApp();
    const person = await transferPerson(t);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: IMPORT_MAX_SECTIONS + 1, max: 150_000 }), fc.integer({ min: 1, max: 3 }), async (count, boards) => {
        const sections = Array.from({ length: Math.ceil(count / boards) }, (_, i) => ({ id: String(i), title: `s${i}` }));
        const json = JSON.stringify({
          format: 'corkboard-export',
          version: 1,
          boards: Array.from({ length: boards }, (_, b) => ({ id: String(b), name: `b${b}`, sections })),
        });
        const zip = await zipOf([
          ['boards.json', json],
          ['pins.json', '[]'],
        ]);
        expect(await importWhileHealthAnswers(t, person, zip)).toMatchObject({ status: 'failed', error_code: expect.toBeOneOf([382, 385]) });
        await nothingWritten(t);
      }),
      RUNS,
    );
  });

  it('a ZIP whose directory claims a huge count of entries: refused before any is read', async () => {
    const t = await testApp();
    const person = await transferPerson(t);
    const zip = await zipOf([
      ['boards.json', '{}'],
      ['pins.json', '[]'],
      ['images/1.jpg', ''],
    ]);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 4, max: 0xffff }), async (claimed) => {
        // The end of the central directory: its entry counts (this disk, all) at +8 and +10.
        const lying = Buffer.from(zip);
        const end = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
        lying.writeUInt16LE(claimed, end + 8);
        lying.writeUInt16LE(claimed, end + 10);
        expect(await importWhileHealthAnswers(t, person, lying)).toMatchObject({ status: 'failed', error_code: expect.toBeOneOf([381, 384]) });
        await nothingWritten(t);
      }),
      RUNS,
    );
  });

  it('a ZIP whose headers lie about its sizes, smaller or larger: refused (damaged or unsafe), never read past the lie', async () => {
    const t = await testApp();
    const person = await transferPerson(t);
    const boards = JSON.stringify({ format: 'corkboard-export', version: 1, boards: [{ id: '1', name: 'b', sections: [] }] });
    const pins = JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ board_id: '1', link: `https://example.com/${i}`, title: 'x'.repeat(200) })));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.double({ min: 0, max: 0.9, noNaN: true }), fc.integer({ min: 200, max: 1_000_000 })), async (lie) => {
        const zip = lyingSizes(
          await zipOf([
            ['boards.json', boards],
            ['pins.json', pins],
          ]),
          (real) => Math.floor(real * lie),
        );
        const result = await importWhileHealthAnswers(t, person, zip);
        expect(result).toMatchObject({ status: 'failed', error_code: expect.toBeOneOf([381, 382, 384]) });
        await nothingWritten(t);
      }),
      RUNS,
    );
  });

  it('an import whose every attempt killed its worker is given up after two, told on its status, and never read again', async () => {
    const t = await testApp();
    const person = await transferPerson(t);
    expect((await person.upload(Buffer.from('Title,Link\nx,https://example.com/\n'))).status).toBe(200);
    // Two workers in turn take the job and die holding it (the file took their process down).
    const jobs = jobsStore(t.db);
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await jobs.claim(t.clock.now(), t.deps.config.jobLeaseMs)).toMatchObject({ kind: IMPORT_JOB, attempts: attempt });
      t.clock.advance(t.deps.config.jobLeaseMs);
    }
    await t.runJobs();
    expect((await person.status()).import).toMatchObject({ status: 'failed', error_code: 382, error: expect.stringContaining('stopped our import worker') });
    expect(await t.db.selectFrom('jobs').select(['kind', 'status']).execute()).toEqual([{ kind: IMPORT_JOB, status: 'failed' }]);
    t.clock.advance(t.deps.config.jobLeaseMs);
    await t.runJobs();
    expect(await t.db.selectFrom('pins').select('id').execute()).toEqual([]);
    expect(await readdir(join(t.deps.config.mediaDir, 'transfers')).catch(() => [])).toEqual([]);
  });
});
