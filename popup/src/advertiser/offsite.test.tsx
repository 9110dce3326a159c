// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Offsite } from './Offsite';

/** The API as the page reads it: a pin whose link is the shop's, and the link check's answer (or an error). */
function serve(check: { redirect_status: string; url: string } | 'error', link = 'https://shop.example/tart') {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    const answer = (data: unknown, status = 200) => new Response(JSON.stringify({ resource_response: status === 200 ? { data } : { error: { http_status: status, api_error_code: 0, message: 'No.' } } }), { status });
    if (input.startsWith('/v3/pins/1/')) return answer({ id: '1', link });
    if (input.startsWith('/v3/pins/')) return answer(null, 404);
    if (input.startsWith('/v3/offsite/')) return check === 'error' ? answer(null, 502) : answer(check);
    return answer(null, 404);
  });
  return asked;
}

let replace: ReturnType<typeof vi.fn>;
beforeEach(() => {
  replace = vi.fn();
  vi.spyOn(window.location, 'replace').mockImplementation(replace);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url: string, pinId?: string) => render(<Offsite search={`?url=${encodeURIComponent(url)}${pinId ? `&pin_id=${pinId}` : ''}`} />);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the /offsite/ page (no open redirect: it leaves only for the link a pin carries)', () => {
  it('opens the pin’s own link when the check lets it through, and on an error of the check', async () => {
    serve({ redirect_status: 'ok', url: 'https://shop.example/tart' });
    open('https://shop.example/tart', '1');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://shop.example/tart'));
    cleanup();
    replace.mockClear();
    serve('error');
    open('https://shop.example/tart', '1');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://shop.example/tart'));
  });

  it('does not leave for a link the pin does not carry, nor without a pin, nor for a pin it cannot read', async () => {
    for (const [url, pinId] of [
      ['https://evil.example/login', '1'],
      ['https://evil.example/login', undefined],
      ['https://evil.example/login', '2'],
    ] as const) {
      serve('error', 'https://shop.example/tart');
      open(url, pinId);
      await waitFor(() => expect(screen.getByText("That link can't be opened.")).toBeTruthy());
      await settle();
      expect(replace).not.toHaveBeenCalled();
      cleanup();
    }
  });
});
