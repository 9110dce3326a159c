import { DESCRIPTION_MAX, popupUrl } from '../../sdk/src/markup';
import { newGuid, openPopup } from '../../sdk/src/popup';
import { findImages, type Found } from './find';
import { ownPinId } from './images';
import { openPicker } from './picker';

/**
 * bookmarklet.js, injected by the javascript: loader (loader.ts) from the product origin. It finds
 * the page's pinnable images, shows the picker, and opens the popup with the chosen one.
 * Like the SDK it never throws into the host page.
 */
(async () => {
  try {
    const script = document.currentScript as HTMLScriptElement | null;
    const product = new URL(script?.src || location.href).origin;

    // Our own pin page: repin it rather than scrape it (saving.md section 2.3).
    const ownPin = location.origin === product && ownPinId(location.pathname);
    if (ownPin) return location.assign(`${product}/pin/${ownPin}/repin/x/`);
    // A second click while the picker is open does nothing new.
    if (document.querySelector('corkboard-picker')) return;

    const selection = String(getSelection() ?? '').trim();
    const open = (found?: Found) => {
      if (found?.pinId && /^\d+$/.test(found.pinId)) return void openPopup(`${product}/pin/${found.pinId}/repin/x/`, found.pinId);
      const guid = newGuid();
      const description = (found?.description || selection || found?.alt || document.title).slice(0, DESCRIPTION_MAX);
      openPopup(popupUrl(product, 'bookmarklet', { url: found?.link || location.href, media: found?.url ?? '', description }, guid, location.origin), guid);
    };
    openPicker({ ...(await findImages(document)), onChoose: open, onSaveLink: () => open() });
  } catch (error) {
    console.warn('[corkboard]', error);
  }
})();
