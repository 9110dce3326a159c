/**
 * What a browser says about how a request was made (Fetch Metadata: Sec-Fetch-Site, -Mode, -Dest,
 * -User). Every current browser sends Site, Mode and Dest (Chrome 76+, Firefox 90+, Safari 16.4+);
 * Sec-Fetch-User (sent only as "?1", on a user's activation) is not sent by Safari. A page can't set
 * or change any of them, so another site's <img>, fetch or script-driven navigation can't pass for a
 * person's click on one of our pages. A script outside a browser can send anything: what these rules
 * decide is bounded per viewer elsewhere (one click a day).
 */
export type HeaderOf = (name: string) => string | undefined;

export interface FetchMetadata {
  /** Sec-Fetch-Site as sent, or undefined (an old browser, or not a browser). */
  site: string | undefined;
  mode: string | undefined;
  dest: string | undefined;
  user: string | undefined;
}

export const fetchMetadata = (header: HeaderOf): FetchMetadata => ({
  site: header('sec-fetch-site'),
  mode: header('sec-fetch-mode'),
  dest: header('sec-fetch-dest'),
  user: header('sec-fetch-user'),
});

/**
 * A person's top-level navigation from one of our own pages: a link clicked on our origin that opens
 * a document (not an <img>, a fetch, a frame or a form post from elsewhere). Sec-Fetch-User must be
 * "?1" where the browser sends it at all; Safari never does, so its absence alone does not refuse a
 * click (a navigation from our own origin is one of our pages' links: none navigates there by script).
 * Without any Sec-Fetch header (a browser from before 2023, or a script) the answer is no: the request
 * can't show it is a person's click, so it is not billed, nor forwarded without the page asking.
 */
export function isOwnPageClick(m: FetchMetadata): boolean {
  return m.site === 'same-origin' && m.mode === 'navigate' && m.dest === 'document' && (m.user === undefined || m.user === '?1');
}
