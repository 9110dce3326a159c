// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage, takeHomeError } from './api';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const error = (http_status: number, api_error_code: number, message: string) => ({ resource_response: { error: { api_error_code, http_status, message } } });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The resource layer on a page's first load: retried once on a 5xx, sent home on a 404. */
describe('loadPage', () => {
  const settled = async (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);

  for (const [status, code, message] of [
    [404, 40, "Sorry, we couldn't find that board."],
    [401, 7, 'Please log in to continue.'],
  ] as const) {
    it(`sends a ${status} (code ${code}) home with the error flag, and home shows the message once`, async () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { assign });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(status, error(status, code, message))),
      );
      expect(await settled(loadPage('BoardResource'))).toBe('pending');
      expect(assign).toHaveBeenCalledWith('/?error=1');
      expect(takeHomeError('?error=1')).toBe(message);
      expect(takeHomeError('?error=1')).toBe("Sorry, we couldn't find that.");
      expect(takeHomeError('')).toBeNull();
    });
  }

  it('tries a 5xx once more, and hands other errors to the page', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(500, error(500, 2, 'boom')))
      .mockResolvedValueOnce(answer(200, { resource_response: { data: { ok: 1 } } }));
    vi.stubGlobal('fetch', fetch);
    await expect(loadPage('BoardResource')).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, error(403, 3, 'No.'))),
    );
    await expect(loadPage('BoardResource')).rejects.toMatchObject({ message: 'No.' });
  });
});
