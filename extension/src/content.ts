import { pickAndSave } from '../../bookmarklet/src/save';
import { handOver } from './handover';
import { readSettings } from './settings';
import { t } from './i18n';

/**
 * content.js, injected into the active tab by the toolbar button, the keyboard shortcut and "Save page"
 * (background.ts, under activeTab). It runs in the extension's isolated world, so the page's CSP and
 * scripts cannot stop it: the bookmarklet's own finder and picker (bookmarklet/src/save.ts), then the
 * popup at /pin/create/extension/. Each injection is one press: it reads the product origin from the
 * options itself (chrome.storage is open to content scripts) while the finder reads the page, so a press
 * costs the background one call into the page, not a second one to hand it the origin.
 */
pickAndSave(
  readSettings().then((settings) => settings.origin),
  'extension',
  {
    opened: (win, guid, media, product) => handOver(win, product, guid, media),
    // The picker in the browser's language (the bookmarklet's stays English: it has no browser catalogue).
    text: { title: t('pickerTitle'), close: t('close'), none: t('pickerNone'), saveLink: t('saveLink'), nopinTitle: t('cannotTitle') },
  },
).catch((error: unknown) => console.warn('[corkboard]', error));
