import { isPinnableUrl, MIN_SIDE } from '../../bookmarklet/src/images';
import { renderButton } from './button';
import { noHover, pageSays, type Look } from './markup';

/** Hover delay 32 ms, scroll suppression 100 ms. */
const HOVER_DELAY_MS = 32;
const SCROLL_QUIET_MS = 100;
/** Where the button sits inside the image's top-left corner. */
const OFFSET = 10;

export function hoverable(img: HTMLImageElement, doc: Document): boolean {
  if (noHover(img) || pageSays(doc, 'nopin') || pageSays(doc, 'nohover')) return false;
  const media = img.getAttribute('data-pin-media') || img.currentSrc || img.src;
  const { width, height } = img.getBoundingClientRect();
  return width > MIN_SIDE && height > MIN_SIDE && isPinnableUrl(media);
}

/**
 * Hover Save buttons (and, for the keyboard, focus ones) without touching a single image: one delegated listener and one floating
 * button, so decorating costs nothing per image, images added later are covered, and the page's
 * layout never moves (the button is fixed-position, over the image). Returns the undo.
 */
export function startHover(
  doc: Document,
  text: string,
  look: Partial<Look>,
  onSave: (img: HTMLImageElement) => void,
  safe: <T extends unknown[]>(fn: (...args: T) => void) => (...args: T) => void,
  // The widgets' own images live in shadow roots, which an event's target hides: the widget script
  // names the real target (composedPath) and which images it answers for (all of its own, whatever their size).
  reach: { target?: (event: Event) => EventTarget | null; accept?: (img: HTMLImageElement) => boolean } = {},
): () => void {
  const targetOf = reach.target ?? ((event: Event) => event.target);
  const accept = reach.accept ?? ((img: HTMLImageElement) => hoverable(img, doc));
  let current: HTMLImageElement | null = null;
  // The focused element a keyboard-shown button follows (null while the mouse drives it).
  let anchor: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // True from a scroll until 100 ms after the last one.
  let scrolling = false;
  let made: [HTMLElement, HTMLButtonElement] | undefined;
  // Made on first use, so a page nobody hovers pays nothing for it. The host is fixed at the
  // viewport's corner (its :host rule wins over any page style); the button inside, out of the
  // page's reach, is placed over the image.
  const ui = () => {
    if (!made) {
      made = renderButton(text, look, () => current && onSave(current));
      made[0].setAttribute('data-float', '');
      made[1].classList.add('float');
    }
    return made;
  };

  const later = (delay: number, work: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(safe(work), delay);
  };
  const hide = () => {
    clearTimeout(timer);
    current = anchor = null;
    made?.[0].remove();
  };
  // At the top-left of the image's visible part: a hero image taller or wider than the window, scrolled
  // into, keeps its button in view. One read and two writes: no layout is forced between them.
  const show = (img: HTMLImageElement) => {
    const [host, button] = ui();
    const rect = img.getBoundingClientRect();
    button.style.top = `${Math.max(rect.top, 0) + OFFSET}px`;
    button.style.left = `${Math.max(rect.left, 0) + OFFSET}px`;
    if (!host.isConnected) doc.documentElement.append(host);
  };
  // While the page scrolls, a shown button follows the visible part, once a frame.
  let frame = 0;
  const follow = safe(() => {
    frame = 0;
    if (current && made?.[0].isConnected) show(current);
  });
  const onOver = safe((event: MouseEvent) => {
    const target = targetOf(event);
    if (target === made?.[0] || target === current) return;
    if (target instanceof HTMLImageElement && accept(target)) {
      // An image the scroll brought under the pointer waits for the scroll's quiet check: a scroll suppresses hovers.
      if (scrolling) {
        made?.[0].remove();
        anchor = null;
        current = target;
        return;
      }
      hide();
      current = target;
      later(HOVER_DELAY_MS, () => show(target));
    } else if (!anchor && !scrolling) hide();
  });
  // Keyboard users get the same button: focusing a link (or anything focusable) around a pinnable
  // image shows it, placed right after that element so the next Tab reaches it.
  const onFocus = safe((event: FocusEvent) => {
    const target = targetOf(event) as Element;
    if (target === made?.[0]) return;
    const img = target instanceof HTMLImageElement ? target : target.querySelector?.('img');
    if (img && accept(img)) {
      hide();
      current = img;
      anchor = target;
      target.after(ui()[0]);
      show(img);
    } else hide();
  });
  // While the page scrolls a shown button stays at the top-left of the image's visible part; 100 ms after
  // the last scroll it stays only if the pointer is still on the image (or the focus on its anchor).
  const onScroll = () => {
    scrolling = true;
    // No button up, no frame asked for: a scroll costs the host a flag and a timer.
    if (current) frame ||= requestAnimationFrame(follow);
    later(SCROLL_QUIET_MS, () => {
      scrolling = false;
      if (current && (anchor || current.matches(':hover'))) show(current);
      else hide();
    });
  };
  const options = { capture: true, passive: true };
  doc.addEventListener('mouseover', onOver, options);
  doc.addEventListener('scroll', onScroll, options);
  doc.addEventListener('focusin', onFocus, options);
  return () => {
    cancelAnimationFrame(frame);
    doc.removeEventListener('focusin', onFocus, options);
    hide();
    doc.removeEventListener('mouseover', onOver, options);
    doc.removeEventListener('scroll', onScroll, options);
  };
}
