import { popupUrl, type PinRequest } from './markup';
import { isSaveMessage, type SaveResultPayload } from './messages';

/** What the host page is told: the popup's answer, or "unknown" when the popup closed or was cut off. */
export type SaveOutcome = SaveResultPayload | { guid: string; status: 'unknown' };

export const POPUP_FEATURES = 'popup,width=750,height=800';
const CLOSED_POLL_MS = 500;

export function newGuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Opens the popup. Must run synchronously inside the click handler, or popup blockers step in;
 * a blocked popup falls back to a new tab with the same URL.
 */
export function openPopup(url: string, guid: string): Window | null {
  return window.open(url, `corkboard_${guid}`, POPUP_FEATURES) ?? window.open(url, '_blank');
}

/**
 * Resolves once with the save's final outcome, from messages accepted only from our origin and that
 * very window. A success is final (the popup shows its success screen and saves nothing more), so it
 * resolves at once. An error is not: the user may pick another board in the same popup (a 'Psst!'
 * duplicate, then a save that works), so we keep listening until the popup closes and the last
 * message wins; a popup that closes with no message, or whose opener link was cut (COOP), is "unknown".
 */
export function waitForResult(win: Window | null, productOrigin: string, guid: string): Promise<SaveOutcome> {
  return new Promise((resolve) => {
    if (!win) return resolve({ guid, status: 'unknown' });
    let last: SaveOutcome = { guid, status: 'unknown' };
    const finish = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      resolve(last);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== productOrigin || event.source !== win || !isSaveMessage(event.data)) return;
      if (event.data.payload.guid !== guid) return;
      last = event.data.payload;
      if (last.status === 'success') finish();
    };
    window.addEventListener('message', onMessage);
    const timer = setInterval(() => win.closed && finish(), CLOSED_POLL_MS);
  });
}

/**
 * One save: opens the popup at once (call it inside the click handler), then reports the outcome.
 * Resolves, never rejects: a blocked, closed or severed popup is "unknown".
 */
export function save(productOrigin: string, method: string, request: PinRequest & { id?: string; lang?: string }): Promise<SaveOutcome> {
  const guid = newGuid();
  const win = openPopup(popupUrl(productOrigin, method, request, guid, location.origin), guid);
  return waitForResult(win, productOrigin, guid);
}
