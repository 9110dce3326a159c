import { boot } from './boot';
import { readPopupQuery } from './query';
import { PinCreate } from './save/PinCreate';

/**
 * The save popup's own bundle (/pin/create/*, the first second after a Save click): the pin-create page
 * alone, none of the app's router, header or other pages. What it shares with the app (Preact, the
 * catalogue, the picker) is a chunk both load, so a visitor who goes on to the app downloads it once.
 */
boot(() => <PinCreate query={readPopupQuery(window.location)} />);
