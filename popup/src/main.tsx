import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyLocale, initialLocale, onLocaleChange } from './i18n';

const root = document.getElementById('app');
// The catalogue of the visitor's language comes first (English is in the bundle); a change re-renders in place.
if (root) {
  const app = createRoot(root);
  const draw = () => app.render(<App location={window.location} />);
  void applyLocale(initialLocale()).catch(() => undefined).finally(() => {
    draw();
    onLocaleChange(draw);
  });
}
// The installable web app's service worker (api/src/webapp/worker.ts): the app shell, cached; never an API answer.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
