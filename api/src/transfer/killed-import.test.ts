import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect.js';
import { ROOT } from '../lib/paths.js';
import { freePort } from '../testing-hosts.js';
import { testApp } from '../testing.js';
import { bookmarksFile } from './bookmarks-file.js';

/**
 * kill -9 of the server running an import: the next server takes the job up (a lease of a few seconds,
 * jobs/service.ts), finishes it, and no scratch file is left in MEDIA_DIR/transfers-work (jobs/scratch.ts).
 * Real server processes over one SQLite file, as `npm start` runs them.
 */
const dir = mkdtempSync(join(tmpdir(), 'cb-killed-import-'));
const databaseUrl = `sqlite:${join(dir, 'corkboard.db')}`;
const mediaDir = join(dir, 'media');
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function server(): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mediaDir,
      PORT: String(port),
      EXAMPLES_PORT: String(await freePort()),
      PUBLIC_ORIGIN: `http://localhost:${port}`,
    },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}
const scratch = () =>
  readdirSync(join(mediaDir, 'transfers-work'), { withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => f.name);
const until = async (what: string, condition: () => boolean | Promise<boolean>, ms = 150_000) => {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('an import whose server is killed', () => {
  it('is taken up by the next server and finished, and leaves no scratch file', async () => {
    // The file is received (staged, its job queued) by an app over the same database and media directory.
    const db = connect(databaseUrl);
    const t = await testApp({ db, config: { mediaDir } });
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const FOLDERS = 40;
    const LINKS = 1500;
    const received = await browser.send('/v3/imports/', {
      method: 'POST',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bookmarksFile(FOLDERS, LINKS)),
    });
    expect(received.status).toBe(200);
    const id = received.body.resource_response.data.id as string;
    const transfer = () => db.selectFrom('transfers').select(['status', 'done', 'total']).where('id', '=', id).executeTakeFirstOrThrow();

    // The first server takes the job and copies the file to its scratch: killed there.
    const first = await server();
    await until('the import to be under way', async () => scratch().some((name) => name.endsWith('.import')) && Number((await transfer()).done) > 0);
    const gone = once(first, 'exit');
    first.kill('SIGKILL');
    await gone;
    expect(scratch().length).toBeGreaterThan(0);
    expect((await transfer()).status).not.toBe('done');

    const second = await server();
    await until('the import to be done and its scratch swept', async () => (await transfer()).status === 'done' && scratch().length === 0);
    expect(await transfer()).toMatchObject({ status: 'done', done: FOLDERS * LINKS });
    expect(
      Number(
        (
          await db
            .selectFrom('pins')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(FOLDERS * LINKS);
    expect(await db.selectFrom('jobs').select('kind').execute()).toEqual([]);
    const stopped = once(second, 'exit');
    second.kill('SIGTERM');
    await stopped;
    await db.destroy();
  }, 240_000);
});
