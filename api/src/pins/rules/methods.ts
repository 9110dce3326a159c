/** How a pin was made: the save popup reads it from its path, the server checks it. */
export const PIN_METHODS = ['create', 'button', 'bookmarklet', 'scraped', 'uploaded', 'pinbuilder', 'extension'] as const;
export type PinMethod = (typeof PIN_METHODS)[number];
