import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventQuery } from '../../../api/src/events/contract';
import { EVENT_QUERY_MAX } from '../../../api/src/events/rules';
import { track } from './track';

/** What track() asked the browser to load. */
function sent(pathname: string, search: string, run: () => void): string[] {
  const srcs: string[] = [];
  vi.stubGlobal('location', { pathname, search });
  vi.stubGlobal(
    'Image',
    class {
      set src(value: string) {
        srcs.push(value);
      }
    },
  );
  run();
  return srcs;
}

afterEach(() => vi.unstubAllGlobals());

describe('track (the tracking image request)', () => {
  it('sends client, event, pin id, path and query as one image request the API’s contract takes', async () => {
    const search = '?url=https%3A%2F%2Fexample.com%2F&media=https%3A%2F%2Fexample.com%2Fa.png&guid=abc';
    const [src] = sent('/pin/create/button/', search, () => track('pin_create_success', { pin_id: '123456789012345678' }));
    const url = new URL(src!, 'http://localhost:8787');
    expect(url.pathname).toBe('/v3/callback/event/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client: 'web',
      event: 'pin_create_success',
      path: '/pin/create/button/',
      query: search.slice(1),
      pin_id: '123456789012345678',
    });
    // The route reads the query with this schema (api/src/events/routes.test.ts stores it).
    expect(eventQuery.safeParse(Object.fromEntries(url.searchParams)).error).toBeUndefined();
  });

  it('cuts a long query to what the API stores, and carries a failure’s error code', async () => {
    const [src] = sent('/pin/create/button/', `?description=${'x'.repeat(5000)}`, () => track('pin_create_fail', { error_code: 51 }));
    const params = new URL(src!, 'http://localhost:8787').searchParams;
    expect(params.get('query')).toHaveLength(EVENT_QUERY_MAX);
    expect(params.get('error_code')).toBe('51');
    expect(params.has('pin_id')).toBe(false);
    expect(eventQuery.safeParse(Object.fromEntries(params)).error).toBeUndefined();
  });
});
