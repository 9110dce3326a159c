import { CLIENT_EVENT_PATH, EVENT_PATH_MAX, EVENT_QUERY_MAX, type ClientEventName } from '../../../api/src/events/rules';

/**
 * The tracking image request: client web, the event, the pin id, and this page's
 * path and query, sent as an image (fire and forget; the popup CSP's img-src 'self' allows it). The
 * answer is 204, so nothing is cached and a repeat is sent again.
 */
export function track(event: ClientEventName, extra: { pin_id?: string; error_code?: number } = {}): void {
  const params = new URLSearchParams({
    client: 'web',
    event,
    path: location.pathname.slice(0, EVENT_PATH_MAX),
    query: location.search.slice(1, EVENT_QUERY_MAX + 1),
  });
  if (extra.pin_id) params.set('pin_id', extra.pin_id);
  if (extra.error_code !== undefined) params.set('error_code', String(extra.error_code));
  new Image().src = `${CLIENT_EVENT_PATH}?${params}`;
}
