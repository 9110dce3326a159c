import { boot } from './boot';
import { readPopupQuery } from './query';
import { PinCreate } from './save/PinCreate';
import { firstReadsIn, startFirstReads } from './save/firstReads';

/**
 * The save popup's own bundle (/pin/create/*, the first second after a Save click): the pin-create page
 * alone, none of the app's router, header or other pages. What it shares with the app (Preact, the
 * catalogue, the picker) is a chunk both load, so a visitor who goes on to the app downloads it once.
 * The viewer and the boards are asked for before anything is drawn (the page preloads both), and the
 * first drawing waits a moment for them, so the picker is drawn once, with its boards, not after
 * "Loading" and two more renders.
 */
const query = readPopupQuery(window.location);
const first = startFirstReads(query);
boot(() => <PinCreate query={query} first={first} />, firstReadsIn(first));
