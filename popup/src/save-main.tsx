import { boot } from './boot';
import { readPopupQuery } from './query';
import { PinCreate } from './save/PinCreate';
import { firstReadsIn, startFirstReads } from './save/firstReads';
import { AuthModal } from './save/parts';

/**
 * The save popup's own bundle (/pin/create/*, the first second after a Save click): the pin-create page
 * alone, none of the app's router, header or other pages. What it shares with the app (Preact, the
 * catalogue, the picker) is a chunk both load, so a visitor who goes on to the app downloads it once.
 * The viewer and the boards are asked for before anything is drawn (the page preloads both), and the
 * first drawing waits a moment for them, so the picker is drawn once, with its boards, not after
 * "Loading" and two more renders. What that drawing does not show (the log-in, the create forms, the success
 * screen) is in chunks of their own (save/parts.ts).
 */
const query = readPopupQuery(window.location);
const first = startFirstReads(query);
// A visitor who is not logged in is shown the log-in first: its chunk comes as soon as the viewer is known,
// and the first drawing waits for it as for the reads, so it draws the log-in, not "Loading".
const logIn = first.viewer.promise.then((viewer) => (viewer.type === 'AUTH' ? undefined : AuthModal.load().catch(() => undefined)));
boot(() => <PinCreate query={query} first={first} />, Promise.all([firstReadsIn(first), logIn]));
