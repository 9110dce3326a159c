import { describe, expect, it } from 'vitest';
import { markUpsellSeen, SEEN_KEY, showInstagramUpsell } from './instagram';

const memory = (initial: Record<string, string> = {}) => {
  const data = { ...initial };
  return { getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v), data };
};
const settings = { connected_to_instagram: false, listed_website_url: 'https://www.instagram.com/me' };

describe('the Instagram upsell', () => {
  it('shows for an Instagram link to a user who lists Instagram and has not claimed it, once', () => {
    const storage = memory();
    expect(showInstagramUpsell('https://www.instagram.com/p/abc/', settings, storage)).toBe(true);
    markUpsellSeen(storage);
    expect(JSON.parse(storage.data[SEEN_KEY] ?? '[]')).toEqual(['POST_CREATE_UPSELL_V2']);
    expect(showInstagramUpsell('https://www.instagram.com/p/abc/', settings, storage)).toBe(false);
  });

  it.each([
    ['a link elsewhere', 'https://notinstagram.com/p/', settings],
    ['a claimed account', 'https://instagram.com/p/', { ...settings, connected_to_instagram: true }],
    ['no Instagram website', 'https://instagram.com/p/', { ...settings, listed_website_url: 'https://me.example' }],
    ['no website', 'https://instagram.com/p/', { ...settings, listed_website_url: null }],
  ])('does not show for %s', (_name, link, s) => {
    expect(showInstagramUpsell(link, s, memory())).toBe(false);
  });

  it('survives a broken seen list', () => {
    expect(showInstagramUpsell('https://instagram.com/p/', settings, memory({ [SEEN_KEY]: '{oops' }))).toBe(true);
  });
});
