import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectSqlite, driverOf } from '../db/connect.js';
import { imageFixtures } from '../images/fixtures.js';
import { testApp } from '../testing.js';
import { CHECK_FRESH_MS, dependencyHealth, dependencyHealthAt } from './dependencies.js';
import { capturedLog } from '../core/testing.js';

const fixtures = await imageFixtures();
const json = async (response: Response) => (await response.json()) as { resource_response: { data?: any; error?: any } };

describe('a full database disk', () => {
  it('answers saves and log-ins 507 database_full, logs the real error, and /ready says the database is full', async () => {
    const captured = capturedLog();
    const db = connectSqlite(join(mkdtempSync(join(tmpdir(), 'corkboard-full-')), 'full.sqlite'));
    const t = await testApp({ db, log: captured.log });
    const user = await t.makeUser();
    const board = await t.makeBoard(user.id, 'Kept');
    const browser = t.client();
    expect((await browser.logIn(user.email, user.password)).status).toBe(200);
    expect((await t.app.request('/ready')).status).toBe(200);

    // No page more than it has: the next write that needs one fails with SQLITE_FULL, as on a full disk.
    const sqlite = (driverOf(db) as { database: import('better-sqlite3').Database }).database;
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);

    let answer: { status: number; body: any } | undefined;
    for (let i = 0; i < 500; i++) {
      answer = await browser.post('PinResource', 'create', {
        board_id: board,
        image_url: fixtures.url('tart'),
        link: `https://a.example/${i}/${'x'.repeat(2000)}`,
        method: 'button',
        description: 'y'.repeat(400),
      });
      if (answer.status !== 200) break;
    }
    expect(answer!.status).toBe(507);
    expect(answer!.body.resource_response.error).toMatchObject({
      api_error_code: 412,
      http_status: 507,
      message: "We're out of storage space and can't save changes right now. Please try again later.",
    });

    // A log-in writes its session: told the same, not a 500, once the pages left are taken.
    let other: { status: number; body: any } | undefined;
    for (let i = 0; i < 200; i++) {
      other = await t.client().logIn(user.email, user.password);
      if (other.status !== 200) break;
    }
    expect(other!.status).toBe(507);
    expect(other!.body.resource_response.error.api_error_code).toBe(412);

    const ready = await t.app.request('/ready');
    expect(ready.status).toBe(503);
    expect((await json(ready)).resource_response.error).toMatchObject({
      message_detail: 'Not ready: the database is full.',
      data: { ready: false, checks: { database: 'full' } },
    });

    // The log names SQLite's own error, not a failed rollback after it.
    const logged = captured.entries().filter((entry) => entry.msg === 'database full');
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).toMatch(/database or disk is full/);
    expect(JSON.stringify(captured.entries())).not.toMatch(/cannot rollback/);
  });
});

describe('readiness checks under load', () => {
  it('keep a check’s answer for a moment: probes arriving together ask the database once', async () => {
    const t = await testApp();
    let asked = 0;
    const counting = { ...t.deps, db: t.db.withPlugin({ transformQuery: (args) => (asked++, args.node), transformResult: async (args) => args.result }) };
    const health = dependencyHealth(counting);
    await Promise.all(Array.from({ length: 20 }, () => health.states()));
    await health.states();
    expect(asked).toBe(1);
  });

  it('call a database that answered before down only after consecutive failed checks, and ok again when it answers', async () => {
    const t = await testApp();
    let failing = false;
    const flaky = {
      ...t.deps,
      db: t.db.withPlugin({
        transformQuery: (args) => {
          if (failing) throw new Error('slow');
          return args.node;
        },
        transformResult: async (args) => args.result,
      }),
    };
    let now = 0;
    const health = dependencyHealthAt(flaky, () => now);
    expect((await health.states()).database).toBe('ok');
    failing = true;
    now += CHECK_FRESH_MS;
    expect((await health.states()).database).toBe('ok');
    now += CHECK_FRESH_MS;
    expect((await health.states()).database).toBe('down');
    failing = false;
    now += CHECK_FRESH_MS;
    expect((await health.states()).database).toBe('ok');
  });
});
