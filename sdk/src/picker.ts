import { rankBySize, type Candidate } from '../../bookmarklet/src/images';
import { shadowHost } from './button';
import { noPin } from './markup';

export type Found = Candidate & { img: HTMLImageElement };

/**
 * The page's images as candidates for the shared ranking rules (bookmarklet/src/images.ts). That
 * module holds the rules only, so this small in-page collection lives here: natural sizes, the
 * publisher's data-pin-media marks an image, nopin images are left out.
 */
export function findImages(doc: Document): Found[] {
  const found: Found[] = [];
  for (const img of Array.from(doc.images)) {
    if (noPin(img)) continue;
    const marked = img.getAttribute('data-pin-media');
    found.push({ img, url: marked || img.currentSrc || img.src, width: img.naturalWidth, height: img.naturalHeight, marked: !!marked });
  }
  return rankBySize(found);
}

/**
 * The "pick any image" overlay of buttonBookmark and pinAny(): one button per image, in rank order.
 * The popup must open inside the click on an image, so onPick runs synchronously there.
 * Escape, the Close button or a click beside the images closes it; focus goes back where it was.
 */
export function showPicker(doc: Document, found: Found[], texts: { save: string; close: string }, onPick: (chosen: Found) => void): () => void {
  const [host, shadow] = shadowHost();
  // The focused element, looked up through shadow roots (our own buttons live in one).
  let before = doc.activeElement as HTMLElement | null;
  while (before?.shadowRoot?.activeElement) before = before.shadowRoot.activeElement as HTMLElement;
  const overlay = document.createElement('div');
  overlay.className = 'overlay';
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', texts.save);
  const close = () => {
    host.remove();
    doc.removeEventListener('keydown', onKey, true);
    before?.focus?.();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  for (const candidate of found) {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', `${texts.save}: ${candidate.img.alt || candidate.url.split(/[?#]/)[0]!.split('/').pop()}`);
    const thumb = document.createElement('img');
    thumb.src = candidate.url;
    thumb.alt = '';
    button.append(thumb);
    button.addEventListener('click', () => {
      close();
      onPick(candidate);
    });
    overlay.append(button);
  }
  const closeButton = document.createElement('button');
  closeButton.className = 'close';
  closeButton.textContent = texts.close;
  closeButton.addEventListener('click', close);
  overlay.addEventListener('click', (event) => event.target === overlay && close());
  overlay.append(closeButton);
  shadow.append(overlay);
  doc.documentElement.append(host);
  doc.addEventListener('keydown', onKey, true);
  (overlay.firstElementChild as HTMLElement | null)?.focus();
  return close;
}
