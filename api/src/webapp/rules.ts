/**
 * The installable web app's rules, pure: the manifest's fixed parts and what a share is. Shared by the
 * server (webapp/routes.ts) and its tests.
 */

/** Where the share sheet posts (the manifest's share_target.action). */
export const SHARE_TARGET_PATH = '/share-target/';
export const THEME_COLOR = '#e60023';
export const BACKGROUND_COLOR = '#ffffff';
export const ICON_SIZES = [192, 512] as const;
/** The shared image's field (the manifest's share_target.params.files name). */
export const SHARED_FILE_FIELD = 'image';

/** The manifest (W3C Web App Manifest), named for the product (BRAND_NAME). */
export function manifestFor(brand: string) {
  return {
    name: brand,
    short_name: brand.slice(0, 12),
    description: `Save ideas to ${brand} from any app.`,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: ICON_SIZES.map((size) => ({ src: `/img/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: SHARED_FILE_FIELD, accept: ['image/*'] }] },
    },
  };
}

/**
 * The link a share carries: its `url`, else the first http(s) address in its text (many apps share a link
 * as text, "Look at this https://…"). Null when there is none.
 */
export function sharedLink(fields: { url?: string; text?: string }): string | null {
  const candidates = [fields.url?.trim() ?? '', ...((fields.text ?? '').match(/https?:\/\/[^\s<>"']+/gi) ?? [])];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // Not an address: the next one.
    }
  }
  return null;
}

/** The pin's description from a share: its title, else its text without the link, one line, capped. */
export function sharedDescription(fields: { title?: string; text?: string }, link: string | null): string {
  const text = (fields.text ?? '').replace(link ?? '\u0000', ' ');
  return (fields.title?.trim() || text).replace(/\s+/g, ' ').trim().slice(0, 500);
}
