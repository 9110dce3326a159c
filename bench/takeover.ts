import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { authService } from '../api/src/auth/service.js';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { systemClock } from '../api/src/lib/clock.js';
import { freePort } from './net.js';
import { bookmarksFile } from '../api/src/transfer/bookmarks-file.js';

/**
 * A killed worker's job taken up (jobs/service.ts: a lease of JOB_LEASE_MS renewed by a heartbeat). Two
 * real servers over one SQLite file; the first runs a long import (a bookmarks file of 90,000 links) and,
 * once the second is up and polling, is killed with SIGKILL in the middle of it; printed: the time from the kill to the second server's
 * worker holding the job (its attempt counted in the jobs table), against the 10 s budget.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUDGET_S = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function takeover() {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-takeover-'));
  const dbPath = join(dir, 'takeover.sqlite');
  const user = { email: 'taken@example.com', password: 'correct horse battery staple', username: 'taken' };
  const db = connectSqlite(dbPath);
  await migrate(db);
  await authService({ db, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock }).createAccount({ ...user, firstName: 'Taken' });
  const children: ChildProcess[] = [];
  const server = async () => {
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      EXAMPLES_PORT: String(await freePort()),
      DATABASE_URL: `sqlite:${dbPath}`,
      MEDIA_DIR: join(dir, 'media'),
    };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: ROOT, env, stdio: 'ignore' });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null || i > 600) throw new Error('A server did not start.');
      if (
        await request(`${base}/health`).then(
          (r) => (r.body.dump(), true),
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    return { child, base, origin: `http://localhost:${port}` };
  };
  try {
    const first = await server();
    const login = await request(`${first.base}/resource/UserSessionResource/create/`, {
      method: 'POST',
      headers: { origin: first.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ options: { username_or_email: user.email, password: user.password } }),
    });
    await login.body.dump();
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .map((l) => l.split(';')[0])
      .join('; ');
    const upload = await request(`${first.base}/v3/imports/`, {
      method: 'POST',
      headers: { origin: first.origin, cookie, 'content-type': 'application/octet-stream' },
      body: bookmarksFile(90, 1000),
    });
    if (upload.statusCode !== 200) throw new Error(`The import was refused: ${await upload.body.text()}`);
    await upload.body.dump();
    const held = () => db.selectFrom('jobs').select(['attempts', 'status']).executeTakeFirst();
    const transfer = () => db.selectFrom('transfers').select(['done', 'status']).executeTakeFirstOrThrow();
    // Under way on the first server; then a second server, idle, polling the same queue.
    while (!(Number((await transfer()).done) > 0)) await sleep(20);
    await server();
    const running = await held();
    if (running?.status !== 'running') throw new Error('The import finished before it could be killed; make it longer.');
    const attempts = Number(running.attempts);
    const gone = once(first.child, 'exit');
    const killedAt = performance.now();
    first.child.kill('SIGKILL');
    await gone;
    let takenUp = Number.NaN;
    while (performance.now() - killedAt < 120_000) {
      const job = await held();
      if (!job || Number(job.attempts) > attempts) {
        takenUp = (performance.now() - killedAt) / 1000;
        break;
      }
      await sleep(20);
    }
    console.log(`    lease ${loadConfig({ NODE_ENV: 'test' }).jobLeaseMs} ms; import ${(await transfer()).status} when measured`);
    return [{ name: "killed worker's job taken up", value: Math.round(takenUp * 100) / 100, budget: BUDGET_S, unit: 's' }];
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
