import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { decodeEnvelope, decodeResponse, encodeEnvelope, UNKNOWN_ERROR_MESSAGE } from './envelope.client.js';

const error = { api_error_code: 30, http_status: 404, message: "Sorry, we couldn't find that." };

describe('the one envelope decoder', () => {
  it('hands back the data of an answer, null included', () => {
    expect(decodeEnvelope(encodeEnvelope({ data: { id: '1' } }), 200)).toEqual({ ok: true, data: { id: '1' } });
    expect(decodeEnvelope(encodeEnvelope({ data: null }), 200)).toEqual({ ok: true, data: null });
  });

  it("hands back the server's error as it is", () => {
    expect(decodeEnvelope(encodeEnvelope({ error }), 404)).toEqual({ ok: false, error });
  });

  // What a proxy, a crashed server or a hostile page can send instead of an envelope: each is the one
  // unknown error with the status it came with, never an exception and never `undefined` taken for data.
  for (const [what, body] of [
    ['no body (not JSON)', null],
    ['a JSON string', 'oops'],
    ['an array', [1, 2]],
    ['an object without the envelope', { data: { id: '1' } }],
    ['an envelope that is not an object', { resource_response: 'hello' }],
  ] as const) {
    it(`turns ${what} into the unknown error`, () => {
      expect(decodeEnvelope(body, 502)).toEqual({ ok: false, error: { api_error_code: 0, http_status: 502, message: UNKNOWN_ERROR_MESSAGE } });
    });
  }

  it('reads a Response whose body is an HTML error page as the unknown error with its status', async () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    expect(await decodeResponse(response)).toEqual({ ok: false, error: { api_error_code: 0, http_status: 502, message: UNKNOWN_ERROR_MESSAGE } });
  });
});

describe("the API tests' typed call", () => {
  it('decodes an answer and an error of the real app with the same decoder', async () => {
    const { client } = await testApp();
    const browser = client();
    const viewer = await browser.call('ViewerResource', 'get', {});
    expect(viewer.status).toBe(200);
    expect(viewer.ok && viewer.data.type).toBe('UNAUTH');

    const pin = await browser.call('PinResource', 'get', { id: '123456789012345678' });
    expect(pin.status).toBe(404);
    expect(pin.ok).toBe(false);
    if (!pin.ok) expect(pin.error.api_error_code).toBeGreaterThan(0);
  });
});
