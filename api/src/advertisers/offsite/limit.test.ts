import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lib/limits.js';
import { testApp } from '../../testing.js';

/** GET /v3/offsite/?url= makes this server fetch the link it names: limited per client (lib/limits.ts). */
describe('GET /v3/offsite/ without a pin', () => {
  it('answers 429 code 206 in the envelope, with Retry-After, once a client has checked its share of links', async () => {
    const t = await testApp();
    const visitor = t.client();
    // A loopback link is refused without any fetch; refused checks count too.
    const check = () => visitor.send(`/v3/offsite/?url=${encodeURIComponent('http://127.0.0.1/admin')}`);
    for (let i = 0; i < LIMITS.offsiteCheckAddress.points; i++) expect((await check()).status).not.toBe(429);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(refused.body.resource_response.error).toMatchObject({
      api_error_code: 206,
      message: "You're checking a lot of links. Try again in a little while.",
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
