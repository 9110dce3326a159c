/**
 * The reads a page makes as it opens (the save popup, home, a board), written once for both sides: the app
 * asks for them by these URLs (popup/src/api.ts, save/picker/BoardPicker.tsx, place/), and the page's shell
 * names the same URLs for the browser to fetch beside the popup's script (<link rel="preload" as="fetch">). A
 * preload is used only when the later fetch asks for the very same URL, so neither side spells it itself.
 */
/**
 * The element of a page that hands the app the reads the server already made to draw its first screen
 * (api/src/pages/first-screen.ts): JSON, URL → the answer's data; the app takes each once (popup/src/api.ts).
 */
export const FIRST_READS_ID = 'first-reads';

export const resourceGetPath = (name: string, options: unknown = {}) => `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`;

/** The picker's first page of boards (and, with `more`, a next page or a server search). */
export const pickerBoardsOptions = (advertiserId?: string, more: { bookmark?: string; query?: string } = {}) => ({
  field_set_key: 'board_picker',
  shortlist_suggestions: 2,
  isDesktop: true,
  advertiser_id: advertiserId,
  ...more,
});

/** A board's page: the board (BoardPage), and the first page of its pins (a section's with `sectionId`). */
export const boardPageOptions = (username: string, slug: string) => ({ username, slug, field_set_key: 'board_page' });
export const boardFeedOptions = (boardId: string, sectionId?: string) => ({ board_id: boardId, section_id: sectionId });
/** The home page's feed of what the viewer follows. */
export const homeFeedOptions = () => ({});

/** The popup's advertiser as the popup reads it from its query: digits only, else none. */
export const advertiserOf = (value: string | null | undefined) => (value && /^\d{1,20}$/.test(value) ? value : undefined);
