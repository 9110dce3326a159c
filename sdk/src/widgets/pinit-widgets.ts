import { HANDOFF, safe, type WidgetHandoff } from '../sdk';
import { createWidgets, type Item } from './widgets';

/**
 * /js/pinit-widgets.js: loaded by pinit.js only when a page has widget or count markup. It takes over
 * pinit.js's queue (roots it found, counted buttons it drew) and everything pinit.js finds later.
 */
safe(() => {
  const handoff = (window as unknown as Record<string, WidgetHandoff | undefined>)[HANDOFF];
  if (!handoff || handoff.destroy) return;
  const widgets = createWidgets({ origin: handoff.origin, lang: handoff.settings.lang, save: handoff.save });
  handoff.destroy = widgets.destroy;
  const queue = handoff.queue;
  for (const item of queue.splice(0)) widgets.add(item as Item);
  queue.push = (...items) => {
    for (const item of items) widgets.add(item as Item);
    return 0;
  };
})();
