import { pickAndSave } from './save';

/**
 * bookmarklet.js, injected by the javascript: loader (loader.ts) from the product origin. It finds
 * the page's pinnable images, shows the picker, and opens the popup with the chosen one (save.ts,
 * shared with the extension). Like the SDK it never throws into the host page.
 */
(async () => {
  try {
    const script = document.currentScript as HTMLScriptElement | null;
    await pickAndSave(new URL(script?.src || location.href).origin, 'bookmarklet');
  } catch (error) {
    console.warn('[corkboard]', error);
  }
})();
