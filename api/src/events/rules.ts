/**
 * The tracking image request, as both ends read it. Pure constants: the popup
 * imports them without bundling zod.
 */
export const CLIENT_EVENT_PATH = '/v3/callback/event/';
/** How a save ended, and the success dialog's promote-or-send metric, logged when it is shown. */
export const CLIENT_EVENTS = ['pin_create_success', 'pin_create_fail', 'promote_or_send_success'] as const;
export type ClientEventName = (typeof CLIENT_EVENTS)[number];

/** Caps on what one event may store: a GET that writes must not write big rows. */
export const EVENT_PATH_MAX = 256;
export const EVENT_QUERY_MAX = 2048;
