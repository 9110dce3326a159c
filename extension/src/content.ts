import { pickAndSave } from '../../bookmarklet/src/save';
import { handOver } from './handover';

/**
 * content.js, injected into the active tab by the toolbar button, the keyboard shortcut and "Save page"
 * (background.ts, under activeTab). It runs in the extension's isolated world, so the page's CSP and
 * scripts cannot stop it: the bookmarklet's own finder and picker (bookmarklet/src/save.ts), then the
 * popup at /pin/create/extension/. The background calls `corkboardPick(origin)` right after injecting it.
 */
declare global {
  // eslint-disable-next-line no-var
  var corkboardPick: ((product: string) => void) | undefined;
}

globalThis.corkboardPick ??= (product: string) => {
  pickAndSave(product, 'extension', (win, guid, media) => handOver(win, product, guid, media)).catch((error: unknown) => console.warn('[corkboard]', error));
};
