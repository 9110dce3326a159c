import { pickAndSave } from '../../bookmarklet/src/save';
import { handOver } from './handover';
import { readSettings } from './settings';

/**
 * content.js, injected into the active tab by the toolbar button, the keyboard shortcut and "Save page"
 * (background.ts, under activeTab). It runs in the extension's isolated world, so the page's CSP and
 * scripts cannot stop it: the bookmarklet's own finder and picker (bookmarklet/src/save.ts), then the
 * popup at /pin/create/extension/. Each injection is one press: it reads the product origin from the
 * options itself (chrome.storage is open to content scripts) and starts the picker, so a press costs the
 * background one call into the page, not a second one to hand it the origin.
 */
readSettings()
  .then(({ origin }) => pickAndSave(origin, 'extension', (win, guid, media) => handOver(win, origin, guid, media)))
  .catch((error: unknown) => console.warn('[corkboard]', error));
