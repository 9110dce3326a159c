import { describe, expect, it } from 'vitest';
import { LARGE_BODY_BYTES, largeStep } from './large-steps.js';

describe('steps on large bodies take turns of the event loop', () => {
  it('gives each large step a round of the loop of its own, in the order they asked', async () => {
    // A ticker counts the loop's rounds (each check phase queues the next).
    let round = 0;
    let ticking = true;
    const tick = () => {
      round++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const order: string[] = [];
    const rounds: number[] = [];
    await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (name) => {
        await largeStep(LARGE_BODY_BYTES);
        order.push(name);
        rounds.push(round);
      }),
    );
    ticking = false;
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(new Set(rounds).size).toBe(4);
  });

  it('lets a small body through without waiting', () => {
    expect(largeStep(LARGE_BODY_BYTES - 1)).toBeUndefined();
  });
});
