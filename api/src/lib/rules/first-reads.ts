/**
 * The reads the save popup makes as it opens, written once for both sides: the popup asks for them by
 * these URLs (popup/src/api.ts, save/picker/BoardPicker.tsx), and the shell of /pin/create/* names the
 * same URLs for the browser to fetch beside the popup's script (<link rel="preload" as="fetch">). A
 * preload is used only when the later fetch asks for the very same URL, so neither side spells it itself.
 */
export const resourceGetPath = (name: string, options: Record<string, unknown> = {}) => `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`;

/** The picker's first page of boards (and, with `more`, a next page or a server search). */
export const pickerBoardsOptions = (advertiserId?: string, more: { bookmark?: string; query?: string } = {}) => ({
  field_set_key: 'board_picker',
  shortlist_suggestions: 2,
  isDesktop: true,
  advertiser_id: advertiserId,
  ...more,
});

/** The popup's advertiser (saving.md section 6) as the popup reads it from its query: digits only, else none. */
export const advertiserOf = (value: string | null | undefined) => (value && /^\d{1,20}$/.test(value) ? value : undefined);
