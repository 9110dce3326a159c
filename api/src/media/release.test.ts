import { ACCOUNT_DELETION_JOB, accountDeletionJobs } from '../auth/deletion.js';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { INGEST_JOB } from '../images/ingest.js';
import { jobQueue } from '../jobs/service.js';
import { testApp, type TestApp } from '../testing.js';
import { mediaObjects } from '../storage/index.js';
import { RELEASE_ABANDONED_MS, RELEASE_JOB, RELEASE_SWEEP_EVERY_MS, releaseJobs, type ReleasePayload } from './release.js';

/** Issue 27: deleting an account deletes the media bytes it alone owned, and no one else's. */

const png = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
const data = (res: { body: any }) => res.body.resource_response.data;

/** The first bytes of an MP4 (an ftyp box), enough for the sniff; the rest is padding. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('isommp41'), Buffer.alloc(2048, 1)]);

async function loggedIn(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client({ cookie: 'cb_flags=video_upload' });
  await browser.logIn(user.email, user.password);
  return { user, browser, board: await t.makeBoard(user.id, `${name}'s board`) };
}

/** The image directories and other objects in MEDIA_DIR (the directory store). */
const objectsOnDisk = async (t: TestApp) =>
  (await readdir(t.deps.config.mediaDir, { recursive: true })).map(String).filter((f) => /\.(jpg|mp4|zip|upload)$/.test(f));
const imageDirs = async (t: TestApp) => new Set((await objectsOnDisk(t)).filter((f) => f.endsWith('.jpg')).map((f) => f.split('/')[0]));

const pg = (await privatePostgres('cb_release', 'the media release Postgres test'))?.connect();

describe('account deletion and its media', () => {
  it("removes the bytes of the account's uploads, avatar, videos, export and unshared images, and keeps those another account's pin shows", async () => {
    await deletesItsMedia(await testApp());
  });

  it('does the same on Postgres', async (ctx) => {
    if (!pg) return ctx.skip();
    await deletesItsMedia(await testApp({ db: pg }));
  });

  it('never leaves a pin naming bytes that are gone, when the same address is saved while they are released', async () => {
    await savedDuringRelease(await testApp());
  });

  it('nor on Postgres', async (ctx) => {
    if (!pg) return ctx.skip();
    await savedDuringRelease(await testApp({ db: pg }));
  });

  it('finishes a release its job gave up between the steps, so an ingest of the address stops waiting', async () => {
    const t = await testApp();
    const saver = await loggedIn(t, 'saver');
    const address = t.images.url('abandoned');
    const pin = data(await saver.browser.post('PinResource', 'create', { board_id: saver.board, image_url: address, method: 'button' }));
    await t.runJobs();
    const image = (await t.db.selectFrom('images').select('id').where('source_url', '=', address).executeTakeFirstOrThrow()).id;
    // As a release job leaves it when it dies after its first step, with a pin linked in the moment before.
    await t.db.updateTable('images').set({ released_at: t.clock.now() }).where('id', '=', image).execute();
    await t.runJobs();
    expect((await t.db.selectFrom('images').select('released_at').where('id', '=', image).executeTakeFirstOrThrow()).released_at).not.toBeNull();
    // Past RELEASE_ABANDONED_MS the worker's upkeep finishes it: the pin waits for its image again and gets it.
    t.clock.advance(RELEASE_ABANDONED_MS + RELEASE_SWEEP_EVERY_MS);
    await t.runJobs();
    t.clock.advance(10 * 60_000);
    await t.runJobs();
    expect((await t.db.selectFrom('pins').select('image_id').where('id', '=', pin.id).executeTakeFirstOrThrow()).image_id).toBe(image);
    expect((await t.db.selectFrom('images').select('released_at').where('id', '=', image).executeTakeFirstOrThrow()).released_at).toBeNull();
    expect((await t.app.request(`/media/${image}/236x.jpg`)).status).toBe(200);
  });
});

/**
 * An image ingested from an address keeps the address's id, so its directory is the one a new save of the
 * address would write. While the leaving account's release empties it: a save of the address is not linked to
 * it and its ingest waits; a pin linked to it just before (a save that looked before the release marked it)
 * is set back to waiting and ingested again. In the end each pin shows an image whose bytes are there.
 */
async function savedDuringRelease(t: TestApp) {
  const leaving = await loggedIn(t, 'leaver');
  const staying = await loggedIn(t, 'stayer');
  const early = await loggedIn(t, 'early');
  const address = t.images.url('contested');
  await leaving.browser.post('PinResource', 'create', { board_id: leaving.board, image_url: address, method: 'button' });
  await t.runJobs();
  const image = (await t.db.selectFrom('images').select('id').where('source_url', '=', address).executeTakeFirstOrThrow()).id;
  // A pin of the early saver's, on another address: the race below points it at the contested image.
  const racing = data(
    await early.browser.post('PinResource', 'create', { board_id: early.board, image_url: address, link: 'https://shop.example/early', method: 'button' }),
  );
  await t.db.updateTable('pins').set({ image_id: null }).where('id', '=', racing.id).execute();
  await t.db.deleteFrom('jobs').execute();

  expect(data(await leaving.browser.post('AccountDeletionResource', 'create', { password: leaving.user.password }))).toEqual({ state: 'deleted' });
  // The account's rows go by their job (auth/deletion.ts), which queues the release of what they named.
  await accountDeletionJobs(t.deps, jobQueue(t.deps))[ACCOUNT_DELETION_JOB]!({ user_id: leaving.user.id });
  await t.db.deleteFrom('jobs').where('kind', '=', ACCOUNT_DELETION_JOB).execute();
  // The release job is run here, its bytes' deletion held open to let the others in at that moment.
  const queued = await t.db.selectFrom('jobs').select(['id', 'payload']).where('kind', '=', RELEASE_JOB).execute();
  await t.db.deleteFrom('jobs').where('kind', '=', RELEASE_JOB).execute();
  const real = mediaObjects(t.deps.config);
  let saved: { id: string } | undefined;
  const held = {
    ...real,
    deleteDir: async (dir: string) => {
      // A save of the address now is not linked to the image on its way out: it waits for an ingest ...
      saved = data(await staying.browser.post('PinResource', 'create', { board_id: staying.board, image_url: address, method: 'button' }));
      expect((await t.db.selectFrom('pins').select('image_id').where('id', '=', saved!.id).executeTakeFirstOrThrow()).image_id).toBeNull();
      // ... which does not write the directory while it is being emptied: it is tried again later.
      await t.jobs.drain();
      expect(await t.db.selectFrom('jobs').select(['kind', 'status']).where('kind', '=', INGEST_JOB).execute()).toEqual([
        { kind: INGEST_JOB, status: 'queued' },
      ]);
      // A save that looked just before the release marked the image links to it now.
      await t.db.updateTable('pins').set({ image_id: image }).where('id', '=', racing.id).execute();
      await real.deleteDir(dir);
    },
  };
  const release = releaseJobs(t.deps, (trx, pinId) => jobQueue(t.deps).enqueue(trx, INGEST_JOB, { pin_id: pinId }), held)[RELEASE_JOB];
  for (const job of queued) await release(JSON.parse(job.payload) as ReleasePayload);
  expect(saved).toBeDefined();
  expect(await t.db.selectFrom('images').select('id').where('id', '=', image).execute()).toEqual([]);
  expect((await t.db.selectFrom('pins').select('image_id').where('id', '=', racing.id).executeTakeFirstOrThrow()).image_id).toBeNull();

  // Past the retry's wait, both ingests fetch the address again: the image is back, with its bytes.
  t.clock.advance(10 * 60_000);
  await t.runJobs();
  for (const pin of [saved!.id, racing.id])
    expect((await t.db.selectFrom('pins').select('image_id').where('id', '=', pin).executeTakeFirstOrThrow()).image_id).toBe(image);
  expect(await imageDirs(t)).toContain(image);
  expect((await t.app.request(`/media/${image}/236x.jpg`)).status).toBe(200);
  // The AVIF renditions come after the JPEGs (images/avif.ts); then nothing is left.
  t.clock.advance(60_000);
  await t.runJobs();
  expect(await t.db.selectFrom('jobs').select(['kind', 'status', 'last_error']).execute()).toEqual([]);
}

/** One account leaves, the other stays: what each had in the media store, after the release job. */
async function deletesItsMedia(t: TestApp) {
  const leaving = await loggedIn(t, 'leaving');
  const staying = await loggedIn(t, 'staying');
  const upload = async (body: Buffer, type: string) =>
    data(
      await leaving.browser.send('/v3/media/uploads/', {
        method: 'POST',
        headers: { origin: t.deps.config.publicOrigin, 'content-type': type },
        body: new Uint8Array(body),
      }),
    );

  // An image only the leaving account saved, and one both saved (ingested once, by its address).
  const alone = data(await leaving.browser.post('PinResource', 'create', { board_id: leaving.board, image_url: t.images.url('alone'), method: 'button' }));
  await leaving.browser.post('PinResource', 'create', { board_id: leaving.board, image_url: t.images.url('shared'), method: 'button' });
  await staying.browser.post('PinResource', 'create', { board_id: staying.board, image_url: t.images.url('shared'), method: 'button' });
  // Two uploads: one stays the leaving account's alone, the other is repinned by the staying account.
  const mine = await upload(await png('#aa2200'), 'image/png');
  const repinned = await upload(await png('#0022aa'), 'image/png');
  await t.runJobs();
  await leaving.browser.post('PinResource', 'create', { board_id: leaving.board, media_upload_id: mine.id, method: 'pinbuilder' });
  const source = data(await leaving.browser.post('PinResource', 'create', { board_id: leaving.board, media_upload_id: repinned.id, method: 'pinbuilder' }));
  const repin = await staying.browser.post('RepinResource', 'create', { pin_id: source.id, board_id: staying.board });
  expect(repin.status, JSON.stringify(repin.body)).toBe(200);
  // A video, on a pin of the leaving account's only.
  const video = await upload(mp4(), 'video/mp4');
  expect(video.video).not.toBeNull();
  // An avatar, and an upload still processing (its staged original).
  const avatar = data(await leaving.browser.post('UserAvatarResource', 'create', { image_base64: (await png('#22aa00')).toString('base64') }))
    .image_medium_url as string;
  await leaving.browser.post('ExportResource', 'create', {});
  await t.runJobs();
  const staged = await upload(await png('#999999'), 'image/png');

  const images = async (pinId: string) => (await t.db.selectFrom('pins').select('image_id').where('id', '=', pinId).executeTakeFirstOrThrow()).image_id!;
  const aloneImage = await images(alone.id);
  const sharedImage = (await t.db.selectFrom('images').select('id').where('source_url', '=', t.images.url('shared')).executeTakeFirstOrThrow()).id;
  const avatarImage = avatar.match(/\/media\/(\d+)\//)![1];
  const before = await imageDirs(t);
  for (const id of [aloneImage, sharedImage, mine.id, repinned.id, avatarImage]) expect(before).toContain(id);
  const theirs = (f: string) => f.includes(video.id) || f.includes(staged.id) || f.startsWith('transfers/');
  expect((await objectsOnDisk(t)).filter(theirs)).toHaveLength(3);

  expect(data(await leaving.browser.post('AccountDeletionResource', 'create', { password: leaving.user.password }))).toEqual({ state: 'deleted' });
  await t.runJobs();

  const after = await imageDirs(t);
  for (const gone of [aloneImage, mine.id, avatarImage]) expect(after).not.toContain(gone);
  for (const kept of [sharedImage, repinned.id]) expect(after).toContain(kept);
  expect((await objectsOnDisk(t)).filter(theirs)).toEqual([]);
  // The rows of the bytes that went are gone; the others' still show.
  expect((await t.db.selectFrom('images').select('id').execute()).map((r) => r.id).sort()).toEqual([sharedImage, repinned.id].sort());
  const page = await t.app.request(`/media/${repinned.id}/236x.jpg`);
  expect(page.status).toBe(200);
  expect(await t.db.selectFrom('jobs').select(['kind', 'status']).where('kind', '=', 'media.release').execute()).toEqual([]);
}
