import { imageMessage, isImageRequest } from '../../sdk/src/messages';

/**
 * Listens, in the page, for the popup's one request for the picked image (popup/src/save/opener.ts
 * askOpenerForImage), sent only when the server could not fetch it. The bytes are read here, with the
 * page's origin and cookies (the user's own view of an intranet or logged-in page), and posted to that
 * very window at the product origin. Nothing is read unless asked; the listener goes with the answer.
 */
export function handOver(win: Window | null, product: string, guid: string, media: string): void {
  if (!win || !media) return;
  const onMessage = async (event: MessageEvent) => {
    if (event.source !== win || event.origin !== product || !isImageRequest(event.data) || event.data.payload.guid !== guid) return;
    removeEventListener('message', onMessage);
    let data: string | null = null;
    try {
      const response = await fetch(media, { credentials: 'include' });
      if (response.ok) data = await asDataUrl(await response.blob());
    } catch {
      // Not readable from the page either (another origin without CORS): the popup shows the server's error.
    }
    win.postMessage(imageMessage(guid, data), product);
  };
  addEventListener('message', onMessage);
}

const asDataUrl = (blob: Blob) =>
  new Promise<string | null>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
