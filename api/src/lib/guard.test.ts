import { describe, expect, it } from 'vitest';
import { JSON_BODY as MAX_BODY_BYTES } from './declare.js';
import { testApp, TEST_ORIGIN } from '../testing.js';

const login = JSON.stringify({ options: { username_or_email: 'a@example.com', password: 'x' } });

describe('writes', () => {
  it('are refused without our Origin', async () => {
    const t = await testApp();
    const res = await t.client().send('/resource/UserSessionResource/create/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: login,
    });
    expect(res.status).toBe(403);
    expect(res.body.resource_response.error?.message).toBe('This request did not come from Corkboard and was refused.');
  });

  it('are refused from another origin', async () => {
    const t = await testApp();
    const res = await t.client().send('/resource/UserSessionResource/create/', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:8788', 'content-type': 'application/json' },
      body: login,
    });
    expect(res.status).toBe(403);
  });

  it('must be JSON', async () => {
    const t = await testApp();
    const res = await t.client().send('/resource/UserSessionResource/create/', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username_or_email=a',
    });
    expect(res.status).toBe(415);
    expect(res.body.resource_response.error?.api_error_code).toBe(32);
  });

  it('have a size cap', async () => {
    const t = await testApp();
    const res = await t.client().send('/resource/UserSessionResource/create/', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ options: { username_or_email: 'a'.repeat(MAX_BODY_BYTES), password: 'x' } }),
    });
    expect(res.status).toBe(413);
    expect(res.body.resource_response.error?.message).toBe('The request body is too large.');
  });
});
