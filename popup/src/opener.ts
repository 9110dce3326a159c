import { saveMessage, type SaveResultPayload } from '../../sdk/src/messages';

/**
 * Tells the page that opened the popup how the save ended: one message, to its exact origin.
 * A severed or closed opener is fine; the save has already happened on the server.
 */
export function tellOpener(hostOrigin: string | null, payload: SaveResultPayload): void {
  if (!hostOrigin) return;
  try {
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) opener.postMessage(saveMessage(payload), hostOrigin);
  } catch {
    // The opener went away between the check and the call.
  }
}
