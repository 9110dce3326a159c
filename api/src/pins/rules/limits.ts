/** A pin's text limits, shared by the save's schema (pins/routes.ts) and the pin builder's fields. */

/** Board and pin descriptions hold at most 500 characters. */
export const DESCRIPTION_MAX = 500;
export const PIN_TITLE_MAX = 100;
/** The pin builder's alt text: the spec gives no limit; a description's 500. */
export const ALT_TEXT_MAX = 500;
