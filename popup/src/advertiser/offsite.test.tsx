// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Offsite } from './Offsite';

/** The API as the page reads it: a pin whose link is the shop's, and the link check's answer (or an error, by its code). */
function serve(check: { redirect_status: string; url: string; reason?: string } | { error: number }, link = 'https://shop.example/tart') {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    const answer = (data: unknown, status = 200, code = 0) =>
      new Response(
        JSON.stringify({ resource_response: status === 200 ? { data } : { error: { http_status: status, api_error_code: code, message: 'No.' } } }),
        { status },
      );
    if (input.startsWith('/v3/pins/1/')) return answer({ id: '1', link });
    if (input.startsWith('/v3/pins/')) return answer(null, 404);
    if (input.startsWith('/v3/offsite/')) return 'error' in check ? answer(null, check.error === 60 ? 400 : 502, check.error) : answer(check);
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

const open = (url: string, pinId?: string, name = 'pin_id') =>
  render(<Offsite search={`?url=${encodeURIComponent(url)}${pinId ? `&${name}=${pinId}` : ''}`} />);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the /offsite/ page (no open redirect: it never leaves by itself, and offers only the link a pin carries)', () => {
  it('shows where a link that passed the check goes, with a link to follow it, and never leaves by itself', async () => {
    serve({ redirect_status: 'ok', url: 'https://shop.example/tart' });
    open('https://shop.example/tart', '1', 'pin');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'This link leaves the site' })).toBeTruthy());
    expect(screen.getByText('It goes to shop.example. Continue only if you meant to go there.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to shop.example' }).getAttribute('href')).toBe('https://shop.example/tart');
    await settle();
    expect(replace).not.toHaveBeenCalled();
  });

  it('says when the check could not reach the link, and offers it; an address the rules refuse is not offered', async () => {
    serve({ error: 61 });
    open('https://shop.example/tart', '1');
    await waitFor(() => expect(screen.getByRole('heading', { name: "We couldn't check this link" })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Continue to shop.example' })).toBeTruthy();
    cleanup();
    serve({ error: 60 }, 'http://10.0.0.7/router');
    open('http://10.0.0.7/router', '1');
    await waitFor(() => expect(screen.getByText("That link can't be opened.")).toBeTruthy());
    expect(screen.queryByRole('link', { name: /Continue/ })).toBeNull();
    await settle();
    expect(replace).not.toHaveBeenCalled();
  });

  it('says why a suspicious link is suspicious, and why a blocked one is not followed', async () => {
    serve({ redirect_status: 'suspicious', url: 'https://shop.example@evil.example/', reason: 'credentials' }, 'https://shop.example@evil.example/');
    open('https://shop.example@evil.example/', '1');
    await waitFor(() => expect(screen.getByText('The link hides its real address behind another name.')).toBeTruthy());
    cleanup();
    serve({ redirect_status: 'blocked', url: 'https://www.blocked.example/deal' });
    open('https://shop.example/tart', '1');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'This link is blocked' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: /Continue/ })).toBeNull();
  });

  it('does not leave for a link the pin does not carry, nor without a pin, nor for a pin it cannot read', async () => {
    for (const [url, pinId] of [
      ['https://evil.example/login', '1'],
      ['https://evil.example/login', undefined],
      ['https://evil.example/login', '2'],
    ] as const) {
      serve({ error: 61 }, 'https://shop.example/tart');
      open(url, pinId);
      await waitFor(() => expect(screen.getByText("That link can't be opened.")).toBeTruthy());
      await settle();
      expect(replace).not.toHaveBeenCalled();
      cleanup();
    }
  });
});
