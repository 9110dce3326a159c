import { feedUrls, oembedUrl, type Card } from '../embeds/rules.js';
import { escapeHtml } from '../lib/html.js';
import type { Locale } from '../lib/rules/locales.js';
import { previewWord } from './preview-words.js';

/**
 * The head of a pin's, a board's or a profile's page as a link preview reads it (chat apps, mail,
 * social posts, crawlers: none runs the app's script): title, description, canonical URL, Open Graph,
 * the Twitter card, and the oEmbed and feed links. With no card (hidden, missing) the generic head: the
 * product's name and tagline and nothing else, the same for a secret board's pin as for no pin at all.
 */

/** A description a preview shows: one paragraph, cut at a word near this length. */
export const DESCRIPTION_MAX = 300;

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2))}…`;
};

const meta = (attr: 'name' | 'property', key: string, value: string | number) => `<meta ${attr}="${key}" content="${escapeHtml(String(value))}">`;
const link = (rel: string, href: string, more = '') => `<link rel="${rel}" href="${escapeHtml(href)}"${more}>`;

/** The title and description a card shows, in the page's language where it has no words of its own. */
export function previewText(card: Card, brand: string, locale: Locale): { title: string; description: string } {
  const name = card.author.name;
  const title =
    card.kind === 'pin'
      ? card.title || clip(card.description).slice(0, 100) || previewWord(locale, brand, 'pinTitle', { name, board: card.board })
      : card.title;
  const fallback =
    card.kind === 'pin'
      ? previewWord(locale, brand, 'pinTitle', { name, board: card.board })
      : previewWord(locale, brand, card.kind === 'board' ? 'boardDescription' : 'profileDescription', { name });
  return { title, description: clip(card.description) || fallback };
}

export function previewHead(card: Card | null, brand: string, locale: Locale, origin: string): string {
  if (!card) {
    const tagline = previewWord(locale, brand, 'tagline');
    return [
      `<title>${escapeHtml(brand)}</title>`,
      meta('name', 'description', tagline),
      meta('property', 'og:site_name', brand),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:title', brand),
      meta('property', 'og:description', tagline),
      meta('name', 'twitter:card', 'summary'),
    ].join('\n');
  }
  const { title, description } = previewText(card, brand, locale);
  const feeds = feedUrls(card);
  return [
    `<title>${escapeHtml(`${title} | ${brand}`)}</title>`,
    meta('name', 'description', description),
    link('canonical', card.url),
    meta('property', 'og:site_name', brand),
    meta('property', 'og:type', card.kind === 'profile' ? 'profile' : card.kind === 'pin' ? 'article' : 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', card.url),
    ...(card.image
      ? [
          meta('property', 'og:image', card.image.url),
          meta('property', 'og:image:width', card.image.width),
          meta('property', 'og:image:height', card.image.height),
          meta('property', 'og:image:alt', title),
        ]
      : []),
    ...(card.kind === 'profile' ? [meta('property', 'profile:username', card.author.username)] : []),
    meta('name', 'twitter:card', card.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(card.image ? [meta('name', 'twitter:image', card.image.url)] : []),
    link('alternate', oembedUrl(origin, card.url), ` type="application/json+oembed" title="${escapeHtml(title)}"`),
    ...(feeds
      ? [
          link('alternate', feeds.rss, ` type="application/rss+xml" title="${escapeHtml(title)}"`),
          link('alternate', feeds.atom, ` type="application/atom+xml" title="${escapeHtml(title)}"`),
        ]
      : []),
  ].join('\n');
}
