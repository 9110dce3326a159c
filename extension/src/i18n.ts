import type english from '../../locales/en/extension.json';

/**
 * The extension's words, in the browser's language: _locales/<lang>/messages.json (the build writes them from
 * locales/<lang>/extension.json), the browser's own
 * mechanism (the manifest's name, the menus, the pages, the picker), in the product's fourteen languages;
 * English where the browser's language is not one of them (default_locale).
 */
export type MessageKey = keyof typeof english;

export const t = (key: MessageKey, ...substitutions: string[]): string => chrome.i18n.getMessage(key, substitutions) || key;

/** An extension page's static words: each [data-i18n] element gets its message, the page its language and direction. */
export function translatePage(): void {
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-i18n]'))) element.textContent = t(element.dataset.i18n as MessageKey);
  const lang = chrome.i18n.getUILanguage();
  document.documentElement.lang = lang;
  document.documentElement.dir = /^(ar|fa|he|ur)\b/.test(lang) ? 'rtl' : 'ltr';
}
