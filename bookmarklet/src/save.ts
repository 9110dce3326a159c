import { DESCRIPTION_MAX, popupUrl } from '../../sdk/src/markup';
import { newGuid, openPopup } from '../../sdk/src/popup';
import { findImages, type Found } from './find';
import { ownPinId } from './images';
import { openPicker, type PickerText } from './picker';

/** Told when a new pin's popup opened: the extension hands the page's copy of the image over if asked (extension/src/handover.ts). */
export type Opened = (win: Window | null, guid: string, media: string, product: string) => void;

/**
 * The in-page save flow, one for the bookmarklet and the extension: our own pin page goes to
 * its repin page; anywhere else the picker over the page's images, and the chosen one (or the page's
 * link) opens the popup at /pin/create/{method}/ on the product origin. A second start while the picker
 * is open does nothing new.
 */
export async function pickAndSave(
  productOrPending: string | Promise<string>,
  method: string,
  { opened, text }: { opened?: Opened; text?: PickerText } = {},
): Promise<void> {
  if (document.querySelector('corkboard-picker')) return;
  // The page is read while the product origin arrives (the extension reads it from its storage, an
  // asynchronous call): the finder's synchronous walk runs before the first await (toolbar to grid).
  const finding = findImages(document);
  const product = await productOrPending;
  // Our own pin page: repin it rather than scrape it.
  const ownPin = location.origin === product && ownPinId(location.pathname);
  if (ownPin) return location.assign(`${product}/pin/${ownPin}/repin/x/`);

  const selection = String(getSelection() ?? '').trim();
  const open = (found?: Found) => {
    if (found?.pinId && /^\d+$/.test(found.pinId)) return void openPopup(`${product}/pin/${found.pinId}/repin/x/`, found.pinId);
    const guid = newGuid();
    const description = (found?.description || selection || found?.alt || document.title).slice(0, DESCRIPTION_MAX);
    const media = found?.url ?? '';
    // Opened first, told after: an optional call would skip evaluating its arguments when nobody listens.
    const win = openPopup(popupUrl(product, method, { url: found?.link || location.href, media, description }, guid, location.origin), guid);
    opened?.(win, guid, media, product);
  };
  openPicker({ ...(await finding), onChoose: open, onSaveLink: () => open(), text });
}
