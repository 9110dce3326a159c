import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectSqlite, driverOf } from './connect.js';
import { walSyncer } from './group-commit.js';
import { migrate } from './migrate.js';

const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
const readlinkOr = (path: string) => {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('walSyncer', () => {
  it('gives callers that arrive while a sync runs one shared sync that starts after it', async () => {
    const db = connectSqlite(join(dir, 'a.sqlite'));
    await migrate(db);
    const sync = walSyncer(join(dir, 'a.sqlite-wal'));
    const first = sync();
    // Three commits made while the first sync runs share the second sync.
    const later = [sync(), sync(), sync()];
    expect(new Set(later).size).toBe(1);
    expect(later[0]).not.toBe(first);
    await Promise.all([first, ...later]);
    // Nothing running: the next caller starts a fresh sync at once.
    const again = sync();
    expect(again).not.toBe(later[0]);
    await again;
    await db.destroy();
  });

  // Counted in /proc (Linux): the descriptors that name the WAL.
  it.runIf(existsSync('/proc/self/fd'))('lets the WAL go when closed, after the sync under way, and opens it again for a later caller', async () => {
    const db = connectSqlite(join(dir, 'c.sqlite'));
    await migrate(db);
    const sync = walSyncer(join(dir, 'c.sqlite-wal'));
    const open = () => readdirSync('/proc/self/fd').filter((fd) => readlinkOr(`/proc/self/fd/${fd}`) === join(dir, 'c.sqlite-wal')).length;
    const before = open();
    const running = sync();
    sync.close();
    await running;
    // SQLite's own connection keeps its descriptor; the syncer's is gone once its sync ended.
    expect(open()).toBe(before);
    await sync();
    expect(open()).toBe(before + 1);
    sync.close();
    expect(open()).toBe(before);
    await db.destroy();
  });

  it('rejects when the WAL cannot be opened, and tries again on the next call', async () => {
    const sync = walSyncer(join(dir, 'missing.sqlite-wal'));
    await expect(sync()).rejects.toThrow();
    await expect(sync()).rejects.toThrow();
  });

  it('is set up for a file database and not for :memory:', async () => {
    const file = connectSqlite(join(dir, 'b.sqlite'));
    const memory = connectSqlite(':memory:');
    const fileDriver = driverOf(file);
    const memoryDriver = driverOf(memory);
    expect(fileDriver?.kind === 'sqlite' && typeof fileDriver.walSync).toBe('function');
    expect(memoryDriver?.kind === 'sqlite' && memoryDriver.walSync).toBeUndefined();
    // A file database syncs its WAL once it has one.
    await migrate(file);
    if (fileDriver?.kind === 'sqlite') await fileDriver.walSync?.();
    expect(fileDriver?.kind === 'sqlite' && fileDriver.database.pragma('synchronous', { simple: true })).toBe(1);
    await file.destroy();
    await memory.destroy();
  });
});
