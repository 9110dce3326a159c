import { readFile } from 'node:fs/promises';
import { withBrand } from '../lib/rules/brand.js';
import { escapeHtml } from '../lib/html.js';
import { DEFAULT_LOCALE, dirOf, type Locale } from '../lib/rules/locales.js';
import { ROOT } from '../lib/paths.js';
import { siteHeader } from './site-header.js';
import { htmlWordsOf } from './words.js';

/**
 * The Terms of Service and the Privacy Policy (the footer links), real pages whose
 * text lives in one place a self-hoster edits: `legal/{page}.md` at the repository's root. Read at
 * each visit (they are small and rarely asked for), so an edit shows without a restart.
 */
export const LEGAL_PAGES = ['terms-of-service', 'privacy-policy'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export const LEGAL_CSP = ["default-src 'none'", "style-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

/** `legal/{page}.md`, or its translation `legal/{page}.{lang}.md` beside it (optional, operator-written). */
export const legalSource = (page: LegalPage, locale: Locale = DEFAULT_LOCALE) => `${ROOT}legal/${page}${locale === DEFAULT_LOCALE ? '' : `.${locale}`}.md`;

/** The text in the reader's language when the operator wrote one, else the English; and which it is. */
async function legalText(page: LegalPage, locale: Locale): Promise<{ markdown: string; locale: Locale }> {
  if (locale !== DEFAULT_LOCALE) {
    try {
      return { markdown: await readFile(legalSource(page, locale), 'utf8'), locale };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { markdown: await readFile(legalSource(page), 'utf8'), locale: DEFAULT_LOCALE };
}

/** A heading's anchor: 'Notice at collection' is #notice-at-collection (the footer links there). */
const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The small part of Markdown the texts use: `#` and `##` headings, `- ` lists and paragraphs split by
 * blank lines. Everything is text (escaped): an edit cannot put markup or script on the page.
 */
export function renderLegal(markdown: string, brand: string): { title: string; body: string } {
  let title = '';
  const out: string[] = [];
  for (const block of withBrand(markdown, brand)
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (!lines.length) continue;
    const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0]!);
    if (heading && lines.length === 1) {
      const level = heading[1]!.length;
      const text = heading[2]!;
      if (level === 1 && !title) title = text;
      out.push(`<h${level} id="${anchor(text)}">${escapeHtml(text)}</h${level}>`);
    } else if (lines.every((line) => line.startsWith('- '))) {
      out.push(`<ul>${lines.map((line) => `<li>${escapeHtml(line.slice(2))}</li>`).join('')}</ul>`);
    } else {
      out.push(`<p>${escapeHtml(lines.join(' '))}</p>`);
    }
  }
  return { title, body: out.join('\n') };
}

export async function legalPage(page: LegalPage, brand: string, stylesheet: string, reader: Locale = DEFAULT_LOCALE): Promise<string> {
  const { markdown, locale } = await legalText(page, reader);
  const { title, body } = renderLegal(markdown, brand);
  return `<!doctype html>
<html lang="${locale}" dir="${dirOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title || page)} | ${escapeHtml(brand)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
${siteHeader(htmlWordsOf(locale, brand))}
<main class="page legal">
${body}
<p><a href="/">${escapeHtml(brand)}</a></p>
</main>
</body>
</html>`;
}
