import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solveChallenge } from './challenge';
import { searchSlice, sha256Hex } from './sha256';

afterEach(() => vi.unstubAllGlobals());

describe("the popup's SHA-256", () => {
  it('agrees with node:crypto at every padding boundary, ASCII or not', () => {
    const inputs = ['', 'abc', ...[55, 56, 63, 64, 119, 120, 200].map((n) => 'x'.repeat(n)), 'héllo wörld ✓', '✓'.repeat(60)];
    for (const text of inputs) expect(sha256Hex(text), `length ${text.length}`).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('finds the number of a challenge only in the slice that holds it', async () => {
    const c = await createChallenge({ hmacKey: 'test-key-test-key-test', maxnumber: 5000, number: 4321 });
    expect(searchSlice(c.challenge, c.salt, 0, 4000)).toBeNull();
    expect(searchSlice(c.challenge, c.salt, 4000, 5001)).toBe(4321);
  });
});

describe("the popup's challenge solver", () => {
  it('solves a server challenge into a token the server accepts', async () => {
    const challenge = await createChallenge({ hmacKey: 'test-key-test-key-test', maxnumber: 20_000 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ resource_response: { data: challenge } }), { headers: { 'content-type': 'application/json' } })),
    );
    const token = await solveChallenge();
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    expect(await verifySolution(payload, 'test-key-test-key-test', false)).toBe(true);
  });
});
