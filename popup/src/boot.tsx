import type { VNode } from 'preact';
import { createRoot } from 'react-dom/client';
import { applyLocale, initialLocale, onLocaleChange } from './i18n';
import { firstScreenPainted, takeOverAtLast } from './first-screen';

/** How long the first drawing waits for reads the page has already asked for before it draws without them. */
const FIRST_READS_WAIT_MS = 1000;

/**
 * Starts a bundle of the web app (main.tsx, the whole app; save-main.tsx, the save popup alone): the
 * catalogue of the visitor's language first (English is in the bundle) and the page's first reads, if it
 * names some (at most a second), then the page, re-drawn in place on a change of language; and, once the page
 * has loaded, the installable web app's service worker (api/src/webapp/worker.ts).
 */
export function boot(page: () => VNode, firstReads?: Promise<unknown>) {
  const root = document.getElementById('app');
  if (root) {
    const app = createRoot(root);
    const draw = () => app.render(page());
    const waited = firstReads ? Promise.race([firstReads, new Promise((resolve) => setTimeout(resolve, FIRST_READS_WAIT_MS))]) : undefined;
    void Promise.all([applyLocale(initialLocale()).catch(() => undefined), waited, firstScreenPainted()]).finally(() => {
      draw();
      takeOverAtLast();
      onLocaleChange(draw);
      whenLoaded(() => afterFrame(registerWorker));
    });
  } else whenLoaded(registerWorker);
}

/**
 * The service worker waits for the page's load event (web.dev's advice) and its first drawing to be shown:
 * registering fetches its script, starts a thread for it and has it download the app's shell, which on a
 * cold open competed with the page's own files, first reads and first drawing. The save popup's load event
 * comes before its first drawing (which waits for the reads), and a worker started there took the cores
 * from that drawing's style and layout (a trace: 61 ms of wall time for 11 of CPU). Nothing of the page
 * needs it to be there sooner.
 */
function registerWorker() {
  if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

function whenLoaded(then: () => void) {
  if (document.readyState === 'complete') then();
  else window.addEventListener('load', then, { once: true });
}

/** After the frame now being drawn has been produced: the task after the next animation frame. */
function afterFrame(then: () => void) {
  requestAnimationFrame(() => setTimeout(then, 0));
}
