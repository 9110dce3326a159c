import { useEffect, useRef } from 'react';

/**
 * The first screen a page's HTML may carry (the server draws a board's: api/src/pages/first-screen.ts), out of
 * the app's way: the app draws beside it, hidden by the stylesheet while it is there, and takes its place here.
 */
const FIRST_SCREEN_ID = 'first-screen';
/** How long the app's tiles may take to decode before the swap goes ahead anyway. */
const DECODE_WAIT_MS = 1000;
/** How long the app's first drawing waits for the drawn screen's pictures to be on screen. */
const PAINT_WAIT_MS = 1500;
/** Whatever happens to the page, the app is shown after this long. */
const LAST_RESORT_MS = 5000;

/**
 * The app's page replaces the drawn one: once the app's first pictures in `drawn` (the same files, already in the
 * cache) are decoded, so the swap shows the same pictures in the same boxes in one frame; at once without any.
 */
export function takeOver(drawn?: Element | null): void {
  const screen = document.getElementById(FIRST_SCREEN_ID);
  if (!screen) return;
  const pictures = [...(drawn?.querySelectorAll<HTMLImageElement>('img[loading="eager"]') ?? [])];
  const decoded = Promise.all(pictures.map((img) => img.decode().catch(() => undefined)));
  void Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, DECODE_WAIT_MS))]).then(() => screen.remove());
}

/** The app is never left hidden behind a drawn screen its page did not take over (an error, another route). */
export function takeOverAtLast(): void {
  if (document.getElementById(FIRST_SCREEN_ID)) setTimeout(() => document.getElementById(FIRST_SCREEN_ID)?.remove(), LAST_RESORT_MS);
}

/**
 * Settled once the drawn screen's pictures in view are on screen (loaded, decoded, and a frame painted), or at
 * once without a drawn screen: the app's first drawing waits for it, as running the app's page holds the main
 * thread, and a picture that arrives while it is held is painted only after (that paint is the page's LCP).
 */
export function firstScreenPainted(): Promise<void> {
  const screen = document.getElementById(FIRST_SCREEN_ID);
  if (!screen) return Promise.resolve();
  const inView = [...screen.querySelectorAll('img')].filter((img) => img.getBoundingClientRect().top < innerHeight);
  const painted = Promise.all(inView.map((img) => img.decode().catch(() => undefined))).then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, PAINT_WAIT_MS))]);
}

/** A feed's element, which takes the drawn first screen's place once `ready` (its first page drawn, or failed). */
export function useTakeOver<T extends Element>(ready: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ready) takeOver(ref.current);
  }, [ready]);
  return ref;
}
