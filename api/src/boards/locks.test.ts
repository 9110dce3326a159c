import { createServer } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/errors.js';
import { connectRedis } from '../lib/redis.js';
import { redisLocks } from './locks.js';

/** A loopback port nothing listens on: a Redis that is away. */
const closedPort = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const away = connectRedis(`redis://127.0.0.1:${closedPort}`);
away.on('error', () => undefined);
afterAll(() => away.disconnect());

describe('board locks in Redis, with Redis away', () => {
  it('refuse the move as a busy server does (503, Retry-After), not with a 500, and do not run it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const work = vi.fn(async () => 'moved');
    const refusal = await redisLocks(away)
      .run(['board-1'], 'board_busy', work)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: 150, status: 503, data: { retry_after_seconds: 1 } });
    expect(work).not.toHaveBeenCalled();
  });
});
