import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import yazl from 'yazl';
import { authService } from '../api/src/auth/service.js';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { systemClock } from '../api/src/lib/clock.js';
import { seedBoards, seedPins } from './seed.js';
import { healthProbe, percentile, rssMb, startServer } from './uploads.js';

/**
 * Background work under budgets: the real server (SQLite, one process) while each hostile import file the
 * attacks used is staged and read by its job, and while an account of 100,000 pins is deleted. A probe in a
 * process of its own asks /health every 10 ms; the server's RSS is sampled from /proc. Printed per case:
 * /health p99 against 50 ms and RSS growth over the server's RSS before the case against +200 MB, and how
 * the job ended (each hostile file must fail with its code, not stop the server).
 */
const HEALTH_P99_BUDGET_MS = 50;
const RSS_GROWTH_BUDGET_MB = 200;
const DELETED_PINS = Number(process.env.DELETE_PINS ?? 100_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of entries) zip.addBuffer(body, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The files of the attacks, as reproduced on the server before the import's job read under budgets. */
async function hostileFiles(): Promise<Array<{ name: string; file: Buffer }>> {
  const nested = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>${'<DL>'.repeat(200_000)}${'<DT><A HREF="https://example.com/a">a</A>'.repeat(12_000)}`;
  const sections = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), title: `Section ${i}` }));
  const boardsJson = (n: number) =>
    Buffer.from(JSON.stringify({ format: 'corkboard-export', version: 1, boards: [{ id: '1', name: 'Board', sections: sections(n) }] }));
  const pins = Buffer.from(
    JSON.stringify({
      pins: Array.from({ length: 100_001 }, (_, i) => ({ title: `Pin ${i}`, link: `https://example.com/${i}`, board_name: `Board ${i % 30}` })),
    }),
  );
  return [
    { name: 'CSV, 3 MB of blank lines', file: Buffer.concat([Buffer.from('Title,Link,Board\n'), Buffer.alloc(3 * 1024 * 1024, '\n')]) },
    { name: 'bookmarks, 200,000 nested lists', file: Buffer.from(nested) },
    {
      name: 'ZIP, boards.json 970,000 sections',
      file: await zipOf([
        ['boards.json', boardsJson(970_000)],
        ['pins.json', Buffer.from('[]')],
      ]),
    },
    {
      name: 'ZIP, boards.json 180,000 sections',
      file: await zipOf([
        ['boards.json', boardsJson(180_000)],
        ['pins.json', Buffer.from('[]')],
      ]),
    },
    { name: 'JSON, 100,001 pins (one over)', file: pins },
  ];
}

export async function hostileImports() {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-hostile-bench-'));
  const file = join(dir, 'bench.sqlite');
  const importer = { email: 'importer@example.com', password: 'correct horse battery staple', username: 'importer' };
  const leaver = { email: 'leaver@example.com', password: 'correct horse battery staple', username: 'leaver' };
  const curator = { email: 'curator@example.com', password: 'correct horse battery staple', username: 'curator' };
  let leaverId: string;
  let bigBoard: string;
  {
    const db = connectSqlite(file);
    await migrate(db);
    const auth = authService({ db, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock });
    await auth.createAccount({ ...importer, firstName: 'Import' });
    leaverId = await auth.createAccount({ ...leaver, firstName: 'Leaving' });
    const curatorId = await auth.createAccount({ ...curator, firstName: 'Curating' });
    await db.destroy();
    await seedPins(file, leaverId, seedBoards(file, leaverId, 20, '8'), DELETED_PINS);
    bigBoard = seedBoards(file, curatorId, 1, '9')[0]!;
    await seedPins(file, curatorId, [bigBoard], DELETED_PINS, '7');
  }
  const files = await hostileFiles();
  const server = await startServer(dir);
  const probe = healthProbe(server.origin);
  try {
    const { origin } = server;
    const logIn = async (who: { email: string; password: string }) => {
      const res = await fetch(`${origin}/resource/UserSessionResource/create/`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ options: { username_or_email: who.email, password: who.password } }),
      });
      if (res.status !== 200) throw new Error(`log-in refused: ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((l) => l.split(';')[0])
        .join('; ');
    };
    const cookie = await logIn(importer);
    const status = async () => {
      const res = await fetch(`${origin}/resource/ImportExportResource/get/?data=${encodeURIComponent('{"options":{}}')}`, { headers: { origin, cookie } });
      return (await res.json()).resource_response.data.import as { id: string; status: string; error_code: number | null };
    };

    /** /health p99 and RSS growth while `work` runs until `done` says so. */
    const measure = async (work: () => Promise<unknown>, done: () => Promise<boolean>) => {
      await sleep(500);
      const before = rssMb(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25);
      probe.start();
      const started = performance.now();
      await work();
      while (!(await done())) {
        if (performance.now() - started > 10 * 60_000) throw new Error('the job did not end in 10 minutes');
        await sleep(100);
      }
      const seconds = (performance.now() - started) / 1000;
      const times = await probe.take();
      clearInterval(sampler);
      return { p99: Math.round(percentile(times, 99)), growth: Math.round(peak - before), seconds: Math.round(seconds * 10) / 10 };
    };

    const rows: Array<{ name: string; value: number; budget?: number; unit: string }> = [];
    const judged = (name: string, m: { p99: number; growth: number }) =>
      rows.push(
        { name: `${name}: /health p99`, value: m.p99, budget: HEALTH_P99_BUDGET_MS, unit: 'ms' },
        { name: `${name}: RSS growth`, value: m.growth, budget: RSS_GROWTH_BUDGET_MB, unit: 'MB' },
      );

    // One import first, unmeasured: a server's first import loads and compiles the readers (a one-time cost
    // of a cold process, not of the file); the figures are of a server that has imported before.
    {
      const res = await fetch(`${origin}/v3/imports/`, {
        method: 'POST',
        headers: { origin, cookie, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(files[0]!.file),
      });
      const id = (await res.json()).resource_response.data.id;
      while (!(await status().then((now) => now.id === id && (now.status === 'failed' || now.status === 'done')))) await sleep(100);
    }

    for (const { name, file: body } of files) {
      let id = '';
      let ended = '';
      const m = await measure(
        async () => {
          const res = await fetch(`${origin}/v3/imports/`, {
            method: 'POST',
            headers: { origin, cookie, 'content-type': 'application/octet-stream' },
            body: new Uint8Array(body),
          });
          const answer = await res.json();
          if (res.status !== 200) throw new Error(`${name}: upload refused ${JSON.stringify(answer)}`);
          id = answer.resource_response.data.id;
        },
        async () => {
          const now = await status();
          ended = now.id === id && (now.status === 'failed' || now.status === 'done') ? `${now.status}${now.error_code ? ` (${now.error_code})` : ''}` : '';
          return !!ended;
        },
      );
      console.log(`    ${name} (${(body.length / 1e6).toFixed(1)} MB): ${ended} after ${m.seconds} s`);
      judged(name, m);
    }

    const reader = new SQLite(file, { readonly: true });
    const curating = await logIn(curator);
    const b = await measure(
      async () => {
        const res = await fetch(`${origin}/resource/BoardResource/delete/`, {
          method: 'POST',
          headers: { origin, cookie: curating, 'content-type': 'application/json' },
          body: JSON.stringify({ options: { board_id: bigBoard } }),
        });
        if (res.status !== 200) throw new Error(`board deletion refused: ${await res.text()}`);
      },
      async () => !reader.prepare('select 1 from boards where id = ?').get(bigBoard),
    );
    console.log(`    board of ${DELETED_PINS.toLocaleString('en')} pins deleted after ${b.seconds} s`);
    judged(`delete ${DELETED_PINS / 1000}k-pin board`, b);

    const leaving = await logIn(leaver);
    const m = await measure(
      async () => {
        const res = await fetch(`${origin}/resource/AccountDeletionResource/create/`, {
          method: 'POST',
          headers: { origin, cookie: leaving, 'content-type': 'application/json' },
          body: JSON.stringify({ options: { password: leaver.password } }),
        });
        if (res.status !== 200) throw new Error(`deletion refused: ${await res.text()}`);
      },
      async () => !reader.prepare('select 1 from users where id = ?').get(leaverId),
    );
    reader.close();
    console.log(`    account of ${DELETED_PINS.toLocaleString('en')} pins deleted after ${m.seconds} s`);
    judged(`delete ${DELETED_PINS / 1000}k-pin account`, m);
    rows.unshift({ name: `load average (${availableParallelism()} cores)`, value: Math.round(loadavg()[0]! * 10) / 10, unit: '' });
    return rows;
  } finally {
    probe.close();
    await server.close();
  }
}
