/**
 * The Instagram claiming upsell shows after a save only when the
 * pin's link is on Instagram, the upsell was not seen on this browser, the user has not claimed
 * Instagram, and the website listed on their profile is an Instagram link.
 */
export const SEEN_KEY = 'claiming_upsells_seen';
export const UPSELL_ENTRY = 'POST_CREATE_UPSELL_V2';
const INSTAGRAM_HOST = 'instagram.com';

const isInstagram = (url: string | null) => {
  if (!url) return false;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === INSTAGRAM_HOST || host.endsWith(`.${INSTAGRAM_HOST}`);
  } catch {
    return false;
  }
};

export function seenUpsells(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function showInstagramUpsell(
  link: string,
  settings: { connected_to_instagram: boolean; listed_website_url: string | null },
  storage: Pick<Storage, 'getItem'>,
): boolean {
  return isInstagram(link) && !seenUpsells(storage).includes(UPSELL_ENTRY) && !settings.connected_to_instagram && isInstagram(settings.listed_website_url);
}

export function markUpsellSeen(storage: Pick<Storage, 'getItem' | 'setItem'>): void {
  const seen = seenUpsells(storage);
  if (!seen.includes(UPSELL_ENTRY)) storage.setItem(SEEN_KEY, JSON.stringify([...seen, UPSELL_ENTRY]));
}
