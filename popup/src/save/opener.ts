import { imageRequest, isImageMessage, saveMessage, type SaveResultPayload } from '../../../sdk/src/messages';

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

/** How long the extension may take to read the image in the page and send it. */
export const IMAGE_HANDOVER_MS = 15_000;

/**
 * The picked image's bytes as the page that opened us sees them (a data: URL), asked of the
 * extension in that page when the server could not fetch the image itself. Only an answer from the
 * opener, from its exact origin, for this popup's guid counts; no opener, no answer in time, or an
 * answer without bytes is null.
 */
export function askOpenerForImage(hostOrigin: string | null, guid: string, timeoutMs = IMAGE_HANDOVER_MS): Promise<string | null> {
  const opener = window.opener as Window | null;
  if (!hostOrigin || !guid || !opener || opener.closed) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (data: string | null) => {
      removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(data);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === opener && event.origin === hostOrigin && isImageMessage(event.data) && event.data.payload.guid === guid)
        done(event.data.payload.data);
    };
    addEventListener('message', onMessage);
    const timer = setTimeout(() => done(null), timeoutMs);
    try {
      opener.postMessage(imageRequest(guid), hostOrigin);
    } catch {
      done(null);
    }
  });
}
