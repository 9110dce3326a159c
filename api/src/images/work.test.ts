import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { imageFixtures } from './fixtures.js';
import { imageIdFor, PARTIAL_PREFIX, sweepPartialRenditions, USER_IMAGES_IN_FLIGHT, writeRenditions } from './service.js';
import { RENDITIONS, type Rendition } from './encode.js';
import { imageGate, imageWork } from './work.js';
import { mediaObjects } from '../storage/index.js';
import { localObjects } from '../storage/local.js';

const fixtures = await imageFixtures();

/** Work the test finishes by hand. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => done };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the image gate (images/work.ts)', () => {
  it('runs at most its slots at once, and holds no more decoded pixels than its budget', async () => {
    const gate = imageGate(2, 100);
    const jobs = [held(), held(), held()];
    const runs = jobs.map((j) => gate.run(30, j.work));
    await tick();
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    jobs[0]!.finish();
    await tick();
    expect([gate.running, gate.waiting]).toEqual([2, 0]);
    jobs[1]!.finish();
    jobs[2]!.finish();
    await Promise.all(runs);

    // 80 pixels held: a 30-pixel image waits for the room, though a slot is free; then goes.
    const big = held();
    const small = held();
    const bigRun = gate.run(80, big.work);
    const smallRun = gate.run(30, small.work);
    await tick();
    expect([gate.running, gate.waiting]).toEqual([1, 1]);
    big.finish();
    await tick();
    expect([gate.running, gate.waiting]).toEqual([1, 0]);
    small.finish();
    await Promise.all([bigRun, smallRun]);
    // Larger than the whole budget: runs, alone.
    expect(await gate.run(500, async () => 'alone')).toBe('alone');
  });
});

const files = (): Record<Rendition, Buffer> => Object.fromEntries(RENDITIONS.map((r) => [r, Buffer.from(`jpeg ${r}`)])) as Record<Rendition, Buffer>;
const listing = async (dir: string) => (await readdir(dir, { recursive: true })).map(String).sort();

describe('renditions, complete or not at all', () => {
  it('appear whole under the image id, leave nothing partial, and a second write of the same id keeps the first', async () => {
    const t = await testApp();
    const dir = t.deps.config.mediaDir;
    await writeRenditions(localObjects(dir), '111', files());
    expect(await listing(dir)).toEqual(['111', '111/236x.jpg', '111/474x.jpg', '111/736x.jpg', '111/originals.jpg']);
    // A retry whose predecessor finished the directory (killed before its row): the directory stays as it was.
    await writeRenditions(localObjects(dir), '111', { ...files(), '236x': Buffer.from('other') });
    expect(await listing(dir)).toEqual(['111', '111/236x.jpg', '111/474x.jpg', '111/736x.jpg', '111/originals.jpg']);
  });

  it('a write killed half-way is swept once older than a lease, and a fresh one is left to finish', async () => {
    const t = await testApp();
    const dir = t.deps.config.mediaDir;
    const killed = join(dir, `${PARTIAL_PREFIX}222.dead`);
    const fresh = join(dir, `${PARTIAL_PREFIX}333.live`);
    for (const partial of [killed, fresh]) {
      await mkdir(partial, { recursive: true });
      await writeFile(join(partial, '236x.jpg'), 'half');
    }
    const now = Date.now();
    await utimes(killed, new Date(now - 120_000), new Date(now - 120_000));
    expect(await sweepPartialRenditions(dir, now, 60_000)).toBe(1);
    expect(await readdir(dir)).toEqual([`${PARTIAL_PREFIX}333.live`]);
  });

  it('a job retried after a kill between its files and its row finishes with those files, and the pin shows them', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const board = await t.makeBoard(user.id, 'Retry');
    const url = fixtures.url('retried');
    // What the killed attempt left: the image's directory, whole (it is renamed in one step), and no row.
    await writeRenditions(mediaObjects(t.deps.config), imageIdFor(url), files());
    const saved = await browser.post('PinResource', 'create', { board_id: board, image_url: url, method: 'button' });
    await t.runJobs();
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.images['236x'].url).toContain(`/media/${imageIdFor(url)}/236x.jpg`);
    expect((await listing(t.deps.config.mediaDir)).filter((f) => f.includes(PARTIAL_PREFIX))).toEqual([]);
  });
});

async function saver(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser, board: await t.makeBoard(user.id, 'Device') };
}

describe('images from one user’s device', () => {
  it(`re-encodes ${USER_IMAGES_IN_FLIGHT} at once per user; one more is refused with Retry-After, another user is not`, async () => {
    const t = await testApp();
    const a = await saver(t);
    const b = await saver(t);
    const png = (seed: number) =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: { r: seed, g: 80, b: 120 } } })
        .png()
        .toBuffer();
    const send = async (who: typeof a, seed: number) =>
      who.browser.post('PinResource', 'create', { board_id: who.board, image_base64: (await png(seed)).toString('base64'), method: 'pinbuilder' });
    // The machine is busy with a big image: the process's gate is full, so device images wait in it.
    const gate = imageWork(t.deps.config);
    const blocker = held();
    const blocking = gate.run(t.deps.config.imagePixelsInFlight, blocker.work);
    const waiting = [send(a, 1), send(a, 2)];
    for (let i = 0; i < 100 && gate.waiting < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gate.waiting).toBe(2);
    const refused = await send(a, 3);
    expect(refused.status).toBe(429);
    expect(refused.body.resource_response.error?.api_error_code).toBe(280);
    expect(refused.headers.get('retry-after')).toBe('2');
    const other = send(b, 4);
    blocker.finish();
    await blocking;
    expect((await Promise.all([...waiting, other])).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await t.db.selectFrom('pins').select('id').execute()).length).toBe(3);
  });
});
