/**
 * What FindPinImagesResource answers (saving.md section 7; issue 26's contract): a page's pinnable images,
 * as the server reads them (html.ts) and the save popup shows them. Pure: the web app imports it.
 */
export interface PinnableItem {
  type: 'pinnable';
  url: string;
  width?: number;
  height?: number;
  description?: string;
  /** The video this image is the cover of: a `<video>`'s poster, or the og:image of a page whose og:video is a video file. */
  video?: string;
}

export interface PageImages {
  title: string;
  /** The page's own nopin reason, when it asks not to be saved from; items is then empty. */
  nopin?: string;
  items: PinnableItem[];
}

export interface FoundPage extends PageImages {
  /** Where the page was read from, after redirects. */
  url: string;
}
