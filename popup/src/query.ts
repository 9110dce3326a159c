import { advertiserOf } from '../../api/src/lib/rules/first-reads';
import { PIN_METHODS, type PinMethod } from '../../api/src/pins/rules/methods';
import { oneOf } from './choice';
/** What the popup was opened with: query parameters only. */
export interface PopupQuery {
  method: PinMethod;
  url: string;
  media: string;
  description: string;
  guid: string;
  color: string;
  /** The opener's origin, the exact target of our one postMessage; null when missing or malformed. */
  hostOrigin: string | null;
  /** Create (a new pin) or repin (of pinId). */
  action: 'create' | 'repin';
  pinId?: string;
  /** The board the repinned pin is on: a section of it, picked, goes to its page. */
  originalBoardId?: string;
  /** Set when the popup saves on behalf of an advertiser. */
  advertiserId?: string;
  /**
   * Opened by the bookmarklet's loader because the page's CSP blocked its script (bookmarklet/src/loader.ts):
   * no media parameter at all. The in-page picker always sends one (empty for 'Save the page link').
   */
  cspFallback?: boolean;
}

export function readPopupQuery(location: { pathname: string; search: string }): PopupQuery {
  const q = new URLSearchParams(location.search);
  // A path the server does not know as a method (it serves only these) is a plain create.
  const method = oneOf(PIN_METHODS, /^\/pin\/create\/([a-z]+)\/?$/.exec(location.pathname)?.[1] ?? 'create');
  return {
    method,
    url: q.get('url') ?? '',
    media: q.get('media') ?? '',
    description: q.get('description') ?? '',
    guid: q.get('guid') ?? '',
    // A colour the server would refuse is dropped here, so a publisher's typo does not stop the save.
    color: /^#[0-9a-f]{6}$/i.test(q.get('color') ?? '') ? (q.get('color') as string) : '',
    hostOrigin: exactOrigin(q.get('origin')),
    action: q.get('action') === 'repin' ? 'repin' : 'create',
    advertiserId: advertiserOf(q.get('advertiser_id')),
    cspFallback: method === 'bookmarklet' && !q.has('media'),
  };
}

export function exactOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? value : null;
  } catch {
    return null;
  }
}
