import type { BrowserContext, Page } from '@playwright/test';

/** What a page logs once its board picker is usable (its first All boards row is in the page). */
const READY = 'corkboard-bench:picker-ready';

/**
 * Stamps, in every page the context or page opens, the moment its board picker is usable: `__ready` (the page's
 * performance.now()) and `__readyAt` (the browser's clock, comparable across pages), and logs READY.
 */
export async function stampPickerReady(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript((ready) => {
    const w = window as unknown as { __ready?: number; __readyAt?: number };
    new MutationObserver(() => {
      if (w.__ready !== undefined || !document.querySelector('[aria-label="All boards"] .board-row')) return;
      w.__ready = performance.now();
      w.__readyAt = performance.timeOrigin + w.__ready;
      console.debug(ready);
    }).observe(document, { childList: true, subtree: true });
  }, READY);
}

/**
 * Settles once a page of `target` has stamped its picker usable. Heard as a console message, not polled with
 * waitForFunction: that puts Playwright's injected script into the page as it loads (60-80 ms compiled on its
 * main thread on a cold open), which a page timed against another without it must not pay.
 */
export async function pickerReady(target: BrowserContext | Page, timeout = 30_000): Promise<void> {
  await (target as Page).waitForEvent('console', { predicate: (message) => message.text() === READY, timeout });
}
