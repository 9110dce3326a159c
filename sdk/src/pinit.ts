import { readSettings } from './markup';
import { createSdk, safe } from './sdk';

/**
 * The embed script (/js/pinit.js, also served as /pinit.js): reads the script tag's data-pin-* settings, decorates the page
 * and puts the API on window.PinUtils. Included twice, the first copy does the work.
 */
const LOADED = '__corkboard_loaded';
const globals = window as unknown as Record<string, unknown>;
const script = (document.currentScript ?? document.querySelector('script[src*="/js/pinit.js"],script[src$="/pinit.js"]')) as HTMLScriptElement | null;

const start = safe(() => {
  const settings = readSettings(script, document);
  const api = createSdk(new URL(script?.src || location.href).origin, settings, document);
  globals[settings.util] = api;
  // data-pin-build names a global function the page may call to decorate new markup (pinit.js's parsePins).
  if (settings.build) globals[settings.build] = api.build;
});

safe(() => {
  if (globals[LOADED]) return;
  globals[LOADED] = true;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
