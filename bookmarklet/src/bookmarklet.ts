import { rank } from './images';

/**
 * Injected by the bookmarklet's javascript: loader. For now it takes the best image of the
 * page and opens the popup with it; the picker builds on the same ranking.
 */
(() => {
  try {
    const script = document.currentScript as HTMLScriptElement | null;
    const productOrigin = new URL(script?.src || location.href).origin;
    const best = rank(
      Array.from(document.images, (img) => ({ url: img.currentSrc || img.src, width: img.naturalWidth, height: img.naturalHeight })),
    )[0];
    const query = new URLSearchParams({
      url: location.href,
      description: (String(getSelection() ?? '') || document.title).slice(0, 500),
      origin: location.origin,
    });
    if (best) query.set('media', best.url);
    window.open(`${productOrigin}/pin/create/bookmarklet/?${query}`, 'corkboard_bookmarklet', 'popup,width=750,height=800');
  } catch (error) {
    console.warn('[corkboard]', error);
  }
})();
