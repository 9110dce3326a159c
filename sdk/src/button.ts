const CSS = `:host{all:initial;display:inline-block;vertical-align:middle}
button{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:4px;cursor:pointer;
font:700 14px/20px -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
color:#fff;background:#e60023;border-radius:16px;padding:6px 12px;min-height:32px}
button:hover{background:#ad081b}
button:focus-visible{outline:3px solid #0074e8;outline-offset:2px}`;

let sheet: CSSStyleSheet | undefined;

/** Styles go in as a constructed sheet: no inline <style>, so a strict host CSP has nothing to block. */
function styleShadow(shadow: ShadowRoot): void {
  if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    shadow.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement('style');
    style.textContent = CSS;
    shadow.append(style);
  }
}

/** A Save button in its own shadow root: page styles do not reach in, ours do not leak out. */
export function renderButton(label: string, onClick: () => void): HTMLElement {
  const host = document.createElement('span');
  host.setAttribute('data-corkboard', 'button');
  const shadow = host.attachShadow({ mode: 'open' });
  styleShadow(shadow);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    onClick();
  });
  shadow.append(button);
  return host;
}
