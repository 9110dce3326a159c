import type { Look } from './markup';

/**
 * Every style of ours (`all:initial` on the host resets whatever the page set on it) lives in a shadow root. `:host` rules are !important because, across the shadow
 * boundary, the inner !important beats the page's: a page that restyles span, button or img (even
 * with !important) changes nothing in here, and none of these rules can reach the page.
 */
const CSS = `:host{all:initial!important;display:inline-block!important;vertical-align:middle!important}\
:host([data-float]){position:fixed!important;top:0!important;left:0!important;z-index:2147483647!important}.float{position:fixed}\
:host([data-count]){position:relative!important}:host([data-count=beside]){padding-right:44px!important}:host([data-count=above]){padding-top:32px!important}\
button{all:initial;box-sizing:border-box;display:block;text-align:center;cursor:pointer;white-space:nowrap;\
font:700 11px/20px system-ui,sans-serif;color:#fff;background:#e60023;border-radius:3px;height:20px;padding:0 6px}\
.tall{height:28px;font-size:14px;line-height:28px;padding:0 10px;border-radius:4px}\
.round{border-radius:50%;width:20px;padding:0}.round.tall{width:32px;height:32px}\
.white{background:#fff;color:#e60023;box-shadow:inset 0 0 0 1px #cdcdcd}.gray{background:#efefef;color:#333}\
button:hover{filter:brightness(.9)}button:focus-visible{outline:3px solid #0074e8;outline-offset:2px}\
svg{display:block;width:60%;height:60%;margin:20% auto;fill:currentColor}\
.overlay{position:fixed;inset:0;background:#000c;overflow:auto;padding:48px 16px;box-sizing:border-box;display:flex;flex-wrap:wrap;gap:12px;justify-content:center;align-content:flex-start}\
.overlay button{display:flex;align-items:center;justify-content:center;background:#fff;width:160px;height:160px;padding:0;border-radius:8px;overflow:hidden}img{max-width:100%;max-height:100%}\
.overlay .close{position:fixed;top:12px;right:12px;width:auto;height:32px;padding:0 12px;color:#111}`;

const sheets = new Map<string, CSSStyleSheet>();

/**
 * A host element with its own shadow root and our styles. Styles go in as a constructed sheet: no
 * <style> element, so a strict host CSP has nothing to block; where constructed sheets are missing we
 * fall back to a <style> (which such a CSP may block: the button then works, unstyled).
 */
export function shadowHost(css = CSS): [HTMLElement, ShadowRoot] {
  const host = document.createElement('span');
  host.setAttribute('data-corkboard', '');
  const shadow = host.attachShadow({ mode: 'open' });
  adopt(shadow, css);
  return [host, shadow];
}

/** Adds a stylesheet to a shadow root (the widgets' styles, a count bubble's in a button's root), each made once. */
export function adopt(shadow: ShadowRoot, css: string) {
  try {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = css;
    shadow.append(style);
  }
}

const SVG = 'http://www.w3.org/2000/svg';

/** A push-pin glyph for round buttons (which have no text: the label becomes the accessible name). */
function pinIcon(): SVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M12 2a6 6 0 0 0-2 11.7V22l2-2 2 2v-8.3A6 6 0 0 0 12 2z');
  svg.append(path);
  return svg;
}

/** A real <button> in its own shadow root: keyboard reachable, focus ring, the label as its name. */
export function renderButton(text: string, look: Partial<Look>, onClick: () => void): [HTMLElement, HTMLButtonElement] {
  const [host, shadow] = shadowHost();
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `${look.tall ? 'tall ' : ''}${look.round ? 'round ' : ''}${look.color ?? ''}`;
  if (look.round) {
    button.setAttribute('aria-label', text);
    button.append(pinIcon());
  } else button.textContent = text;
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    onClick();
  });
  shadow.append(button);
  return [host, button];
}
