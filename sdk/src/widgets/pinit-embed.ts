import { save } from '../popup';
import { safe } from '../sdk';
import { createWidgets } from './widgets';

/**
 * /js/pinit-embed.js: the one script of our iframe embeds (/embed/*, api/src/embeds/oembed.ts). It draws
 * the page's widget and its hover Save with the widgets' own engine, without pinit.js's buttons: the
 * page holds one widget and nothing else to decorate, so a visitor of a publisher's page pays for the
 * widget alone. A save opens the popup as any widget's does.
 */
safe(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const origin = new URL(script?.src || location.href).origin;
  const lang = document.documentElement.lang;
  const widgets = createWidgets({ origin, lang, save: (_target, request) => void save(origin, 'button', { ...request, lang }) });
  widgets.add(document);
})();
