import { renderButton } from './button';
import { popupUrl, readPinLink } from './markup';
import { newGuid, openPopup, waitForResult, type SaveOutcome } from './popup';

/** The embed script: turns Save links into buttons and tells the page how each save ended. */
const LOADED = '__corkboard_loaded';
const LINKS = 'a[data-pin-do="buttonPin"], a[href*="/pin/create/button/"]';

function start(script: HTMLScriptElement | null): void {
  const globals = window as unknown as Record<string, unknown>;
  if (globals[LOADED]) return; // included twice: the first copy does the work
  globals[LOADED] = true;
  const productOrigin = new URL(script?.src || location.href).origin;

  const decorate = (link: HTMLAnchorElement) => {
    const skip = link.getAttribute('data-pin-do');
    if (skip && skip !== 'buttonPin') return;
    const host = renderButton('Save', () => {
      const request = readPinLink(link, { href: location.href, title: document.title });
      const guid = newGuid();
      const win = openPopup(popupUrl(productOrigin, 'button', request, guid, location.origin), guid);
      void waitForResult(win, productOrigin, guid).then((outcome) => announce(host, outcome));
    });
    link.replaceWith(host);
  };

  document.querySelectorAll<HTMLAnchorElement>(LINKS).forEach((link) => guard(() => decorate(link)));
}

function announce(target: HTMLElement, outcome: SaveOutcome): void {
  const event = new CustomEvent('corkboard:save', { bubbles: true, composed: true, detail: outcome });
  (target.isConnected ? target : document).dispatchEvent(event);
}

/** Nothing we do may throw into the host page. */
function guard(work: () => void): void {
  try {
    work();
  } catch (error) {
    if (typeof console !== 'undefined') console.warn('[corkboard]', error);
  }
}

const current = document.currentScript as HTMLScriptElement | null;
guard(() => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => guard(() => start(current)));
  else start(current);
});
