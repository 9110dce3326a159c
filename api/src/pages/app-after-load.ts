import { createHash } from 'node:crypto';

/** The data block naming the app's files on a page whose first screen the server drew. */
export const APP_FILES_ID = 'app-files';

/** What the loader reads from that block: the app's entry script, and the modules it imports (named so they come at once). */
export interface AppFiles {
  script: string;
  modules: string[];
}

/**
 * On a page whose first screen the server drew, the app's files are asked for once the page has loaded (its
 * stylesheets and first pictures in), or after LATEST_MS if a picture hangs: on a few cores and connections,
 * twenty scripts fetched and compiled beside the first pictures delayed their paint, and the drawn page needs
 * no script to be read or followed. Inline, so it costs no request; allowed by its hash alone (APP_AFTER_LOAD_CSP).
 */
const LATEST_MS = 3000;
export const APP_AFTER_LOAD = `(function(){var done=false;function go(){if(done)return;done=true;var f=JSON.parse(document.getElementById('${APP_FILES_ID}').textContent),h=document.head;f.modules.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});var s=document.createElement('script');s.type='module';s.src=f.script;h.appendChild(s)}addEventListener('load',go);setTimeout(go,${LATEST_MS})})()`;

/** The loader's CSP source: this script and no other inline one. */
export const APP_AFTER_LOAD_CSP = `'sha256-${createHash('sha256').update(APP_AFTER_LOAD).digest('base64')}'`;
