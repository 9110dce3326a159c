import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { createApp } from '../api/src/app.js';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { systemClock } from '../api/src/lib/clock.js';
import { newToken, sha256 } from '../api/src/lib/ids.js';
import { createLogger } from '../api/src/core/log.js';

/**
 * The home feed against what its reader follows, in one process on SQLite (the figure is the route's CPU:
 * session, statements, answer; no network): 10,000 people with two boards each (every tenth secret) and
 * 20 pins each, and three readers following 10, 1,000 and 10,000 of them. Printed: server CPU per page
 * (process.cpuUsage over the first page and the next four by bookmark, best of ROUNDS alternated rounds),
 * each reader's beside the 10-followed reader's in the same run; goal ≤ 1.5× at 1,000.
 */
const PEOPLE = 10_000;
const PINS_EACH = 20;
const READERS = [10, 1_000, 10_000];
const PAGES = 5;
const WALKS = 20;
const ROUNDS = 3;
const RATIO_GOAL = 1.5;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export function seed(file: string) {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  const trigger = raw.prepare(`select sql from sqlite_master where type = 'trigger' and name = 'pins_search_insert'`).get() as { sql: string } | undefined;
  // The search index is not read here: its per-pin trigger is set aside while a million rows go in.
  if (trigger) raw.exec('drop trigger pins_search_insert');
  const id = (kind: number, n: number) => `${kind}${String(n).padStart(17, '0')}`;
  raw.transaction(() => {
    raw
      .prepare(
        `with recursive c(n) as (select 0 union all select n + 1 from c where n + 1 < ?)
       insert into users (id, email, username, first_name, last_name, created_at) select printf('1%017d', n), 'p' || n || '@bench.example', 'p' || n, 'P', 'P', 0 from c`,
      )
      .run(PEOPLE + READERS.length);
    raw
      .prepare(
        `with recursive c(n) as (select 0 union all select n + 1 from c where n + 1 < ?)
       insert into boards (id, owner_id, name, slug, description, privacy, pin_count, section_count, created_at, sort_digit, sort_key)
       select printf('2%017d', n), printf('1%017d', n / 2), 'Board ' || n, 'board-' || n, '', case when n % 10 = 3 then 'secret' else 'public' end, 0, 0, 0, 0, 'board ' || n from c`,
      )
      .run(PEOPLE * 2);
    // Pins spread in time across everyone, as a day's saves are: person p's i-th pin at i * PEOPLE + p.
    raw
      .prepare(
        `with recursive c(n) as (select 0 union all select n + 1 from c where n + 1 < ?)
       insert into pins (id, board_id, section_id, pinner_id, image_id, image_url, link, title, description, method, guid, color, created_at)
       select printf('9%017d', n), printf('2%017d', (n % ?) * 2 + (n / ?) % 2), null, printf('1%017d', n % ?), null, '', 'https://publisher.example/' || n, 'Pin ' || n, '', 'button', null, '#d9a441', 1000000 + n from c`,
      )
      .run(PEOPLE * PINS_EACH, PEOPLE, PEOPLE, PEOPLE);
    const follow = raw.prepare('insert into follows (follower_id, followee_id, created_at) values (?, ?, 0)');
    const session = raw.prepare('insert into sessions (id, user_id, created_at, expires_at, mfa_at, logged_in_at) values (?, ?, ?, ?, null, ?)');
    for (const [r, count] of READERS.entries()) {
      const reader = id(1, PEOPLE + r);
      // Spread over everyone, so a small reader's boards are as busy as a big one's.
      for (let i = 0; i < count; i++) follow.run(reader, id(1, Math.floor((i * PEOPLE) / count)));
      const token = newToken();
      session.run(sha256(token), reader, Date.now(), Date.now() + 86_400_000, Date.now());
      tokens.push(token);
    }
  })();
  if (trigger) raw.exec(trigger.sql);
  raw.exec('analyze');
  raw.close();
}
const tokens: string[] = [];

export async function feedBench() {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-feed-'));
  const file = join(dir, 'bench.sqlite');
  tokens.length = 0;
  const db = connectSqlite(file);
  await migrate(db);
  await db.destroy();
  seed(file);
  const live = connectSqlite(file);
  const app = createApp({ db: live, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock, log: createLogger('silent') });
  const page = async (token: string, bookmark?: string) => {
    const res = await app.request(`/resource/HomeFeedResource/get/?data=${encodeURIComponent(JSON.stringify({ options: bookmark ? { bookmark } : {} }))}`, {
      headers: { cookie: `cb_session=${token}` },
    });
    if (res.status !== 200) throw new Error(`the feed answered ${res.status}`);
    return (await res.json()).resource_response.data as { pins: unknown[]; bookmark: string };
  };
  /** CPU (user + system) per page of a walk through the first PAGES pages, WALKS times. */
  const cpuPerPage = async (token: string) => {
    let pages = 0;
    const started = process.cpuUsage();
    for (let w = 0; w < WALKS; w++) {
      let bookmark: string | undefined;
      for (let p = 0; p < PAGES; p++) {
        const answer = await page(token, bookmark);
        pages++;
        bookmark = answer.bookmark;
      }
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000 / pages;
  };
  const best = READERS.map(() => Number.POSITIVE_INFINITY);
  for (const token of tokens) if ((await page(token)).pins.length !== 25) throw new Error('a reader has no full page');
  for (let r = 0; r < ROUNDS; r++) for (const [i, token] of tokens.entries()) best[i] = Math.min(best[i]!, await cpuPerPage(token));
  await live.destroy();
  rmSync(dir, { recursive: true, force: true });
  const reference = best[0]!;
  return [
    { name: `load average (${availableParallelism()} cores)`, value: round(loadavg()[0]!, 1), unit: '' },
    ...READERS.map((n, i) => ({
      name: `CPU per page, ${n.toLocaleString('en')} followed`,
      value: round(best[i]!),
      unit: `ms (first ${PAGES} pages, best of ${ROUNDS})`,
    })),
    ...READERS.slice(1).map((n, i) => ({
      name: `${n.toLocaleString('en')} ÷ 10 followed`,
      value: round(best[i + 1]! / reference),
      ...(n === 1_000 ? { budget: RATIO_GOAL } : {}),
      unit: '×',
    })),
  ];
}
