import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import yazl from 'yazl';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { connectSqlite } from '../db/connect.js';
import { systemClock } from '../lib/clock.js';
import { ROOT } from '../lib/paths.js';
import { startProduct } from '../product.js';
import { testApp } from '../testing.js';
import { mediaObjects } from '../storage/index.js';
import { startLocalS3 } from '../storage/testing-s3.js';
import { backup, backupEntries, restore, runBackupAdmin, safeMediaName } from './backup.js';

const run = promisify(execFile);

/** Every file under a directory, relative, with its bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name).slice(dir.length + 1), readFileSync(join(entry.parentPath, entry.name)));
  }
  return files;
}

describe('backup and restore (SQLite and the media directory)', () => {
  it('backs up a server with pins and images while it runs, restores into a fresh directory, and a server started on it serves every pin and image', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corkboard-backup-'));
    const databasePath = join(dir, 'live', 'corkboard.sqlite');
    const mediaDir = join(dir, 'live', 'media');
    mkdirSync(mediaDir, { recursive: true });
    const t = await testApp({ db: connectSqlite(databasePath), config: { mediaDir } });
    const user = await t.makeUser('keeper');
    const board = await t.makeBoard(user.id, 'Kept');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const pinIds: string[] = [];
    for (const name of ['tart', 'pie', 'bread']) {
      const saved = await browser.post('PinResource', 'create', {
        board_id: board,
        image_url: t.images.url(name),
        link: `https://a.example/${name}`,
        method: 'button',
      });
      pinIds.push(saved.body.resource_response.data.id);
    }
    // One pin with no image at all.
    pinIds.push(
      (await browser.post('PinResource', 'create', { board_id: board, link: 'https://a.example/words', color: '#336699', title: 'Words' })).body
        .resource_response.data.id,
    );
    await t.runJobs();
    // A cut-off upload's part file is not worth keeping.
    mkdirSync(join(mediaDir, 'uploads'), { recursive: true });
    writeFileSync(join(mediaDir, 'uploads', 'cut-off.part'), 'half');
    const media = filesOf(mediaDir);
    expect([...media.keys()].filter((name) => !name.endsWith('.part')).length).toBeGreaterThanOrEqual(3);

    // Online: the live database stays open (and written to) around the backup.
    const file = join(dir, 'backup.zip');
    const config = { ...t.deps.config, databaseUrl: `sqlite:${databasePath}` };
    const made = await backup(config, file);
    await browser.post('PinResource', 'create', { board_id: board, link: 'https://a.example/after', color: '#336699', title: 'After the backup' });
    expect(made.mediaFiles).toBe(media.size - 1);
    const names = await backupEntries(file);
    expect(names.slice(0, 2)).toEqual(['manifest.json', 'corkboard.sqlite']);
    expect(names).not.toContain('media/uploads/cut-off.part');
    await t.db.destroy();

    const restoredDir = join(dir, 'restored');
    const restored = await restore({ databaseUrl: undefined, mediaDir: 'unused' }, file, restoredDir);
    expect(restored).toMatchObject({ databasePath: join(restoredDir, 'corkboard.sqlite'), mediaDir: join(restoredDir, 'media'), pins: 4 });
    // Every media file back, byte for byte; nothing staged left beside it.
    const back = filesOf(restored.mediaDir);
    for (const [name, bytes] of media) if (!name.endsWith('.part')) expect(back.get(name)?.equals(bytes), name).toBe(true);
    expect(readdirSync(restoredDir).sort()).toEqual(['corkboard.sqlite', 'media']);

    // A server started on the restored directory, over real HTTP.
    const serverConfig = {
      ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: `sqlite:${restored.databasePath}`, MEDIA_DIR: restored.mediaDir }),
      imageConcurrency: 1,
    };
    const product = startProduct({ db: connectSqlite(restored.databasePath), config: serverConfig, clock: systemClock }, { port: 0, host: '127.0.0.1' });
    try {
      await new Promise((listening) => product.server.once('listening', listening));
      const base = `http://127.0.0.1:${product.port}`;
      let images = 0;
      for (const id of pinIds) {
        const pin = (await (await fetch(`${base}/v3/pins/${id}/`)).json()) as {
          resource_response: { data: { id: string; images?: Record<string, { url: string }> | null } };
        };
        expect(pin.resource_response.data.id).toBe(id);
        for (const { url } of Object.values(pin.resource_response.data.images ?? {})) {
          const path = new URL(url).pathname;
          if (!path.startsWith('/media/')) continue;
          const answer = await fetch(`${base}${path}`);
          expect(answer.status, path).toBe(200);
          expect(Buffer.from(await answer.arrayBuffer()).length).toBeGreaterThan(0);
          images++;
        }
      }
      expect(images).toBeGreaterThanOrEqual(3);
      expect((await fetch(`${base}/ready`)).status).toBe(200);
    } finally {
      await product.stop();
    }
  });

  it('backs up the media of a bucket (MEDIA_STORE=s3://…) into the same archive, restored as a directory', async () => {
    const s3 = await startLocalS3('backup');
    try {
      const dir = mkdtempSync(join(tmpdir(), 'corkboard-backup-s3-'));
      const databasePath = join(dir, 'live.sqlite');
      const t = await testApp({ db: connectSqlite(databasePath), config: { ...s3.config(`backup-${process.pid}`), mediaDir: join(dir, 'media') } });
      const user = await t.makeUser('bucketeer');
      const board = await t.makeBoard(user.id, 'In a bucket');
      const browser = t.client();
      await browser.logIn(user.email, user.password);
      await browser.post('PinResource', 'create', { board_id: board, image_url: t.images.url('bucket'), link: 'https://a.example/b', method: 'button' });
      await t.runJobs();
      expect((await t.app.request('/ready')).status).toBe(200);
      const store = mediaObjects(t.deps.config);
      const objects = await store.list('');
      expect(objects.length).toBeGreaterThanOrEqual(3);

      const file = join(dir, 'backup.zip');
      expect((await backup({ ...t.deps.config, databaseUrl: `sqlite:${databasePath}` }, file)).mediaFiles).toBe(objects.length);
      await t.db.destroy();
      const restored = await restore(t.deps.config, file, join(dir, 'restored'));
      for (const { key } of objects) expect(readFileSync(join(restored.mediaDir, ...key.split('/'))).equals((await store.read(key))!), key).toBe(true);
    } finally {
      await s3.stop();
    }
  });

  it('refuses to write over a database or media that exist, and an archive that is not a backup, leaving nothing behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corkboard-backup-refuse-'));
    const databasePath = join(dir, 'live.sqlite');
    const t = await testApp({ db: connectSqlite(databasePath), config: { mediaDir: join(dir, 'media') } });
    await t.makeUser('someone');
    const file = join(dir, 'backup.zip');
    await backup({ ...t.deps.config, databaseUrl: `sqlite:${databasePath}` }, file);

    const taken = join(dir, 'taken');
    await restore({ databaseUrl: undefined, mediaDir: '' }, file, taken);
    await expect(restore({ databaseUrl: undefined, mediaDir: '' }, file, taken)).rejects.toThrow(
      /A database is already at .*corkboard\.sqlite: restore into a new --dir/,
    );

    // A zip of someone else's, with an entry that climbs out of the media directory.
    const foreign = join(dir, 'foreign.zip');
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from(JSON.stringify({ format: 'corkboard-backup', version: 1, created_at: 'x', database: 'corkboard.sqlite', media_files: 1 })),
      'manifest.json',
    );
    zip.addBuffer(readFileSync(databasePath), 'corkboard.sqlite');
    zip.addBuffer(Buffer.from('x'), 'media/a/b.png');
    zip.addBuffer(Buffer.from('x'), 'media2/evil.png');
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(foreign));
    const fresh = join(dir, 'fresh');
    await expect(restore({ databaseUrl: undefined, mediaDir: '' }, foreign, fresh)).rejects.toThrow(/an entry outside the backup's layout: "media2\/evil.png"/);
    expect(existsSync(fresh) ? readdirSync(fresh) : []).toEqual([]);
    await expect(restore({ databaseUrl: undefined, mediaDir: '' }, databasePath, fresh)).rejects.toThrow();
    expect(existsSync(fresh) ? readdirSync(fresh) : []).toEqual([]);

    for (const bad of ['media/../x', 'media/', 'media//x', 'media/a\\b', '../media/x', 'media/./x']) expect(safeMediaName(bad), bad).toBeUndefined();
    expect(safeMediaName('media/ab/cd/236x.webp')).toBe('ab/cd/236x.webp');
    await t.db.destroy();
  });

  it('runs as npm run admin -- backup / restore, and names pg_dump on Postgres', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corkboard-backup-cli-'));
    const databasePath = join(dir, 'db.sqlite');
    const t = await testApp({ db: connectSqlite(databasePath), config: { mediaDir: join(dir, 'media') } });
    await t.makeUser('cli');
    await t.db.destroy();
    const admin = (args: string[], env: Record<string, string>) =>
      run(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'api/src/admin.ts'), ...args], {
        cwd: dir,
        env: { ...process.env, NODE_ENV: 'test', ...env },
      });
    const env = { DATABASE_URL: `sqlite:${databasePath}`, MEDIA_DIR: join(dir, 'media') };
    const made = await admin(['backup', join(dir, 'cli.zip')], env);
    expect(made.stdout).toMatch(/^Backed up the database and 0 media files to .*cli\.zip/);
    const restored = await admin(['restore', join(dir, 'cli.zip'), '--dir', join(dir, 'again')], env);
    expect(restored.stdout).toContain(
      `Start on it with: DATABASE_URL=sqlite:${join(dir, 'again', 'corkboard.sqlite')} MEDIA_DIR=${join(dir, 'again', 'media')} npm start`,
    );
    // The same command over Postgres (in process: a third start of tsx costs seconds on a busy machine).
    await expect(
      runBackupAdmin({ ...loadConfig({ NODE_ENV: 'test', MEDIA_DIR: join(dir, 'media') }), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, [
        'backup',
        join(dir, 'pg.zip'),
      ]),
    ).rejects.toThrow(/This database is Postgres: back it up with pg_dump -Fc and restore it with pg_restore/);
    await expect(runBackupAdmin(env as never, ['restore'])).rejects.toThrow(/^Backup and restore/);
  }, 120_000);
});
