import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { connectSqlite } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { manualClock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { connectRedis } from '../lib/redis.js';
import { boardLocks } from './locks.js';

/** A loopback port nothing listens on: a Redis that is away. */
const closedPort = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const away = connectRedis(`redis://127.0.0.1:${closedPort}`);
afterAll(() => away.disconnect());

describe('board locks in Redis, with Redis away', () => {
  it('lock in the database instead: the move runs, and a second move on the same board meanwhile is refused busy', async () => {
    const db = connectSqlite(':memory:');
    await migrate(db);
    const locks = boardLocks({ db, clock: manualClock(), redis: away });
    let second: unknown;
    const moved = await locks.run(['board-1'], 'board_busy', async () => {
      second = await locks.run(['board-1'], 'board_busy', async () => 'interleaved').catch((error: unknown) => error);
      return 'moved';
    });
    expect(moved).toBe('moved');
    expect(second).toBeInstanceOf(ApiError);
    expect(second).toMatchObject({ status: 409, errorName: 'board_busy' });
    // Given back: the next move runs.
    expect(await locks.run(['board-1'], 'board_busy', async () => 'again')).toBe('again');
    await db.destroy();
  });
});
