import type { VNode } from 'preact';
import { createRoot } from 'react-dom/client';
import { applyLocale, initialLocale, onLocaleChange } from './i18n';

/**
 * Starts a bundle of the web app (main.tsx, the whole app; save-main.tsx, the save popup alone): the
 * catalogue of the visitor's language first (English is in the bundle), then the page, re-drawn in place
 * on a change of language; and the installable web app's service worker (api/src/webapp/worker.ts).
 */
export function boot(page: () => VNode) {
  const root = document.getElementById('app');
  if (root) {
    const app = createRoot(root);
    const draw = () => app.render(page());
    void applyLocale(initialLocale())
      .catch(() => undefined)
      .finally(() => {
        draw();
        onLocaleChange(draw);
      });
  }
  if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
