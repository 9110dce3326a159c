import { popupUrl, readImage, selectedText } from '../../sdk/src/markup';
import { startHover } from '../../sdk/src/hover';
import { newGuid, openPopup } from '../../sdk/src/popup';
import { handOver } from './handover';
import { readSettings } from './settings';

/**
 * hover.js: the optional hover Save buttons, registered on every site only once the user
 * turned them on and granted host access (background.ts syncHover). The SDK's own hover code draws them:
 * one floating button in a shadow root, nothing per image, nopin / data-pin-nopin / nohover honoured.
 * Never throws into the page; stops at once on a site the user said "never here" about.
 */
const safe =
  <T extends unknown[]>(fn: (...args: T) => void) =>
  (...args: T) => {
    try {
      fn(...args);
    } catch (error) {
      console.warn('[corkboard]', error);
    }
  };

void (async () => {
  try {
    let { origin, never } = await readSettings();
    if (never.includes(location.hostname)) return;
    const stop = startHover(
      document,
      'Save',
      {},
      (img) => {
        const request = readImage(img, document, selectedText());
        const guid = newGuid();
        const win = openPopup(popupUrl(origin, 'extension', request, guid, location.origin), guid);
        handOver(win, origin, guid, request.media);
      },
      safe,
    );
    // Turned off, "never here" on this site or another product address, from the options page or the
    // context menu: followed without a reload.
    chrome.storage.onChanged.addListener((_, area) => {
      if (area !== 'local') return;
      void readSettings().then((now) => {
        origin = now.origin;
        if (!now.hover || now.never.includes(location.hostname)) stop();
      }, console.warn);
    });
  } catch (error) {
    console.warn('[corkboard]', error);
  }
})();
